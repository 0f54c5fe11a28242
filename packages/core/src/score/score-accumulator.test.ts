import { describe, expect, it } from 'vitest';
import { InputError } from '../issues/errors.js';
import { CompiledRubric, type Tier, type Verdict } from '../schema/index.js';
import { MAX_ISSUES, ScoreAccumulator } from './score-accumulator.js';
import type { ScoreReport } from './score-report.js';
import { scoreVerdicts } from './score-verdicts.js';
import { toScoreReport } from './scored-run.js';

const HASH = 'a'.repeat(64);

function rubric(question: string, tiers: Tier[], extra: { domain?: string; popularity?: string } = {}): CompiledRubric {
  return CompiledRubric.parse({
    question_id: question,
    rubric_hash: HASH,
    ...extra,
    checks: tiers.map((tier, i) => ({
      id: `I${i + 1}.fact`,
      tier,
      kind: 'fact',
      text: `check ${i + 1}`,
      item: `I${i + 1}`,
      secondary: false,
      snippets: [],
    })),
  });
}

function lines(question: string, model: string, verdicts: Verdict[], extra: Record<string, unknown> = {}) {
  return verdicts.map((verdict, i) => ({
    question_id: question,
    model,
    setting: 'multimodal',
    check_id: `I${i + 1}.fact`,
    verdict,
    rationale: '',
    judge: 'offline',
    ...extra,
  }));
}

function inputIssues(run: () => unknown) {
  try {
    run();
  } catch (e) {
    if (InputError.isInputError(e)) return e.issues;
    throw e;
  }
  throw new Error('expected an InputError');
}

// SPEC §4's worked answer: 5 answer-critical checks (M=3, P=1, S=1), 4 valuable (M=2, S=1, C=1), no context.
const specRubric = rubric('q1', [
  'answer_critical',
  'answer_critical',
  'answer_critical',
  'answer_critical',
  'answer_critical',
  'valuable',
  'valuable',
  'valuable',
  'valuable',
]);
const specVerdicts: Verdict[] = [
  'meets',
  'meets',
  'partially_meets',
  'meets',
  'missing',
  'meets',
  'contradicts',
  'missing',
  'meets',
];

describe('scoring one answer', () => {
  it('reproduces SPEC §4: AC 0.7, valuable 0, no context, gamut 0.4667', () => {
    const report = scoreVerdicts({ rubrics: [specRubric], verdicts: lines('q1', 'm', specVerdicts) });
    const [answer] = report.answers;
    expect(answer?.tiers.answer_critical).toEqual({
      score: expect.closeTo(0.7, 12),
      meets: 3,
      partially_meets: 1,
      missing: 1,
      contradicts: 0,
    });
    expect(answer?.tiers.valuable).toEqual({ score: 0, meets: 2, partially_meets: 0, missing: 1, contradicts: 1 });
    expect(answer?.tiers.context).toBeNull();
    expect(answer?.gamut).toBeCloseTo(0.4667, 4);
    expect(report.models).toEqual([
      {
        model: 'm',
        setting: 'multimodal',
        gamut: expect.closeTo(0.4667, 4),
        ci95: [expect.closeTo(0.4667, 4), expect.closeTo(0.4667, 4)],
        n: 1,
        unscored: 0,
        tiers: { answer_critical: expect.closeTo(0.7, 12), valuable: 0, context: null },
      },
    ]);
  });

  it('applies λ, μ and weights overrides', () => {
    const report = scoreVerdicts({
      rubrics: [specRubric],
      verdicts: lines('q1', 'm', specVerdicts),
      params: { lambda: 0.25, mu: -1 },
    });
    // AC (3 + 0.25)/5 = 0.65; V (2 − 1)/(2 + 1 + 1) = 0.25; (0.6·0.65 + 0.3·0.25)/0.9.
    expect(report.answers[0]?.gamut).toBeCloseTo(0.465 / 0.9, 12);
    const weighted = scoreVerdicts({
      rubrics: [specRubric],
      verdicts: lines('q1', 'm', specVerdicts),
      params: { weights: { answer_critical: 1, valuable: 1, context: 0 } },
    });
    expect(weighted.answers[0]?.gamut).toBeCloseTo(0.35, 12);
    expect(weighted.params.weights).toEqual({ answer_critical: 1, valuable: 1, context: 0 });
  });

  it('redistributes weight when the rubric has answer-critical and context checks only', () => {
    const r = rubric('q1', ['answer_critical', 'answer_critical', 'context']);
    const report = scoreVerdicts({ rubrics: [r], verdicts: lines('q1', 'm', ['meets', 'missing', 'meets']) });
    // (0.6·0.5 + 0.1·1)/0.7
    expect(report.answers[0]?.gamut).toBeCloseTo(0.4 / 0.7, 12);
    expect(report.answers[0]?.tiers.valuable).toBeNull();
  });
});

describe('per-model means', () => {
  const rubrics = [rubric('q1', ['answer_critical', 'answer_critical']), rubric('q2', ['answer_critical', 'valuable'])];
  const verdicts = [
    // alpha: q1 1.0, q2 (0.6·1 + 0.3·0)/0.9 = 2/3; text_only q1 0.5
    ...lines('q1', 'alpha', ['meets', 'meets']),
    ...lines('q2', 'alpha', ['meets', 'missing']),
    ...lines('q1', 'alpha', ['meets', 'missing'], { setting: 'text_only' }),
    // beta: q1 (1 − 2)/(1 + 2) = −1/3, q2 (0.6·0.5 + 0.3·1)/0.9 = 2/3
    ...lines('q1', 'beta', ['meets', 'contradicts']),
    ...lines('q2', 'beta', ['partially_meets', 'meets']),
  ];

  it('averages answers per model and setting, counts n, and sorts best first', () => {
    const report = scoreVerdicts({ rubrics, verdicts });
    expect(report.models.map((m) => [m.model, m.setting, m.n])).toEqual([
      ['alpha', 'multimodal', 2],
      ['alpha', 'text_only', 1],
      ['beta', 'multimodal', 2],
    ]);
    expect(report.models[0]?.gamut).toBeCloseTo(5 / 6, 12);
    expect(report.models[1]?.gamut).toBeCloseTo(0.5, 12);
    expect(report.models[2]?.gamut).toBeCloseTo(1 / 6, 12);
    expect(report.models[2]?.tiers).toEqual({
      answer_critical: expect.closeTo(1 / 12, 12),
      valuable: 1,
      context: null,
    });
    expect(report.answers.map((a) => `${a.model}/${a.setting}/${a.question_id}`)).toEqual([
      'alpha/multimodal/q1',
      'alpha/multimodal/q2',
      'alpha/text_only/q1',
      'beta/multimodal/q1',
      'beta/multimodal/q2',
    ]);
  });

  it('gives a reproducible bootstrap interval that contains the mean and moves with the seed', () => {
    const a = scoreVerdicts({ rubrics, verdicts, seed: 3 });
    const b = scoreVerdicts({ rubrics, verdicts, seed: 3 });
    expect(a.models).toEqual(b.models);
    const beta = a.models[2];
    // Two answers, −1/3 and 2/3: resample means are −1/3, 1/6 or 2/3.
    expect(beta?.ci95?.[0]).toBeGreaterThanOrEqual(-1 / 3 - 1e-12);
    expect(beta?.ci95?.[0]).toBeLessThan(1 / 6);
    expect(beta?.ci95?.[1]).toBeGreaterThan(1 / 6);
    expect(beta?.ci95?.[1]).toBeLessThanOrEqual(2 / 3 + 1e-12);
    expect(a.params).toMatchObject({ seed: 3, resamples: 1000, judge: 'offline', sample: 0 });
  });

  it('breaks down by tier, domain and popularity when the rubrics carry them', () => {
    const labelled = [
      rubric('q1', ['answer_critical', 'answer_critical'], { domain: 'food', popularity: 'head' }),
      rubric('q2', ['answer_critical', 'valuable'], { domain: 'art' }),
    ];
    const report = scoreVerdicts({ rubrics: labelled, verdicts, resamples: 200 });
    const beta = (rows: typeof report.breakdowns.domain) => rows?.filter((r) => r.model === 'beta');
    expect(beta(report.breakdowns.domain)?.map((r) => [r.value, r.score, r.n])).toEqual([
      ['art', expect.closeTo(2 / 3, 12), 1],
      ['food', expect.closeTo(-1 / 3, 12), 1],
    ]);
    expect(beta(report.breakdowns.popularity)?.map((r) => [r.value, r.n])).toEqual([
      ['head', 1],
      [null, 1],
    ]);
    expect(beta(report.breakdowns.tier)?.map((r) => [r.value, r.score, r.n])).toEqual([
      ['answer_critical', expect.closeTo(1 / 12, 12), 2],
      ['valuable', 1, 1],
      ['context', null, 0],
    ]);
    const unlabelled = scoreVerdicts({ rubrics, verdicts, breakdowns: ['domain', 'popularity'] });
    expect(unlabelled.breakdowns).toEqual({});
  });
});

describe('bad verdict files', () => {
  const r = rubric('q1', ['answer_critical', 'valuable', 'context']);

  it('lists an unknown check, a duplicate, an unknown question and the checks without a verdict, with their ids', () => {
    const acc = new ScoreAccumulator({ rubrics: [r], files: { verdicts: 'v.jsonl' } });
    const [a, b] = lines('q1', 'm1', ['meets', 'meets']);
    acc.add(a, 1);
    acc.add({ ...b, check_id: 'I9.fact' }, 2);
    acc.add({ ...a, verdict: 'missing' }, 3);
    acc.add({ ...a, question_id: 'q404' }, 4);
    acc.add({ ...a, setting: 'text_only' }, 5);
    const issues = inputIssues(() => acc.finish());
    expect(issues.map((i) => [i.rule, i.line, i.question, i.model, i.check])).toEqual([
      ['unknown-check', 2, 'q1', 'm1', 'I9.fact'],
      ['duplicate-verdict', 3, 'q1', 'm1', 'I1.fact'],
      ['unknown-question', 4, 'q404', 'm1', 'I1.fact'],
      ['missing-verdict', undefined, 'q1', 'm1', undefined],
      ['missing-verdict', undefined, 'q1', 'm1', undefined],
    ]);
    expect(issues[3]?.message).toContain('multimodal: 2 of 3 checks have no verdict: I2.fact, I3.fact');
    expect(issues[4]?.message).toContain('text_only: 2 of 3 checks have no verdict: I2.fact, I3.fact');
    expect(issues.every((i) => i.file === 'v.jsonl')).toBe(true);
  });

  it('names the line and field of a malformed verdict', () => {
    const acc = new ScoreAccumulator({ rubrics: [r] });
    acc.add({ ...lines('q1', 'm', ['meets'])[0], verdict: 'great' }, 7);
    const issues = inputIssues(() => acc.finish());
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ line: 7, path: 'verdict', question: 'q1' });
  });

  it('counts absent verdicts as missing when asked, and reports how many', () => {
    const report = scoreVerdicts({ rubrics: [r], verdicts: lines('q1', 'm', ['meets']), missingAsMissing: true });
    expect(report.missing_counted).toBe(2);
    expect(report.answers[0]?.missing_counted).toBe(2);
    expect(report.answers[0]?.tiers.valuable).toEqual({
      score: 0,
      meets: 0,
      partially_meets: 0,
      missing: 1,
      contradicts: 0,
    });
    // (0.6·1 + 0.3·0 + 0.1·0)/1
    expect(report.answers[0]?.gamut).toBeCloseTo(0.6, 12);
  });

  it('needs one judge chosen when lines come from several, and lists them', () => {
    const verdicts = [
      ...lines('q1', 'm', ['meets', 'meets', 'meets'], { judge: 'openai:gpt-x' }),
      ...lines('q1', 'm', ['missing', 'missing', 'missing'], { judge: 'anthropic:claude-y' }),
    ];
    const issues = inputIssues(() => scoreVerdicts({ rubrics: [r], verdicts }));
    expect(issues).toHaveLength(1);
    expect(issues[0]?.rule).toBe('several-judges');
    expect(issues[0]?.message).toContain('anthropic:claude-y, openai:gpt-x');
    expect(scoreVerdicts({ rubrics: [r], verdicts, judge: 'anthropic:claude-y' }).answers[0]?.gamut).toBe(0);
    expect(scoreVerdicts({ rubrics: [r], verdicts, judge: 'openai:gpt-x' }).answers[0]?.gamut).toBe(1);
    const unknown = inputIssues(() => scoreVerdicts({ rubrics: [r], verdicts, judge: 'offline' }));
    expect(unknown[0]?.rule).toBe('unknown-judge');
  });

  it('scores sample 0 of repeated judgments unless another is chosen', () => {
    const verdicts = [
      ...lines('q1', 'm', ['meets', 'meets', 'meets'], { sample: 1 }),
      ...lines('q1', 'm', ['missing', 'missing', 'missing']),
    ];
    expect(scoreVerdicts({ rubrics: [r], verdicts }).answers[0]?.gamut).toBe(0);
    expect(scoreVerdicts({ rubrics: [r], verdicts, sample: 1 }).answers[0]?.gamut).toBe(1);
    const none = inputIssues(() => scoreVerdicts({ rubrics: [r], verdicts, sample: 4 }));
    expect(none[0]).toMatchObject({ rule: 'unknown-sample' });
    expect(none[0]?.message).toContain('samples found: 0, 1');
  });

  it('refuses no verdicts at all, duplicate rubrics and bad options', () => {
    expect(inputIssues(() => scoreVerdicts({ rubrics: [r], verdicts: [] }))[0]?.rule).toBe('no-verdicts');
    expect(inputIssues(() => scoreVerdicts({ rubrics: [r, r], verdicts: [] }))[0]?.rule).toBe('duplicate-question');
    expect(
      inputIssues(() => new ScoreAccumulator({ rubrics: [r], resamples: 0, seed: 1.5 })).map((i) => i.rule),
    ).toEqual(['seed-range', 'resamples-range']);
  });

  it('keeps at most MAX_ISSUES problems and counts the rest', () => {
    const acc = new ScoreAccumulator({ rubrics: [r] });
    const [a] = lines('q1', 'm', ['meets']);
    for (let i = 0; i < MAX_ISSUES + 5; i++) acc.add({ ...a, check_id: `X${i}` }, i + 1);
    const issues = inputIssues(() => acc.finish());
    expect(issues).toHaveLength(MAX_ISSUES + 1);
    expect(issues.at(-1)).toMatchObject({ rule: 'too-many-issues', message: '5 more problems not listed' });
  });

  it('reads JSONL text lines: blank lines skipped, bad JSON listed with its line', () => {
    const acc = new ScoreAccumulator({ rubrics: [r], files: { verdicts: 'v.jsonl' } });
    lines('q1', 'm', ['meets', 'meets', 'meets']).forEach((v, i) => {
      acc.addLine(JSON.stringify(v), i + 1);
    });
    acc.addLine('   ', 4);
    acc.addLine('{"question_id": "q1",', 5);
    const issues = inputIssues(() => acc.finish());
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ rule: 'json-syntax', file: 'v.jsonl', line: 5 });
  });

  it('reads JSONL bytes in place: CRLF, blank and bad lines, a partial last line left for the next block', () => {
    const good = lines('q1', 'm', ['meets', 'missing', 'contradicts']).map((v) => JSON.stringify(v));
    const text = `${good[0]}\r\n\n${good[1]}\n{"question_id": "q1",\n${good[2]}\n{"quest`;
    const bytes = new TextEncoder().encode(text);
    const acc = new ScoreAccumulator({ rubrics: [r], files: { verdicts: 'v.jsonl' } });
    const { consumed, lines: read } = acc.addBytes(bytes, 10);
    expect(read).toBe(5);
    expect(new TextDecoder().decode(bytes.subarray(consumed))).toBe('{"quest');
    expect(acc.counted).toBe(3);
    const issues = inputIssues(() => acc.finish());
    expect(issues).toEqual([expect.objectContaining({ rule: 'json-syntax', file: 'v.jsonl', line: 13 })]);
  });

  it('scores bytes exactly as it scores the same lines given as text', () => {
    const verdicts = [
      ...lines('q1', 'm', ['meets', 'partially_meets', 'missing']),
      ...lines('q1', 'n', ['contradicts', 'meets', 'meets']),
      // An escape in an id and another key order: the general path, same result.
      {
        judge: 'offline',
        verdict: 'missing',
        check_id: 'I1.fact',
        setting: 'text_only',
        model: 'mé',
        question_id: 'q1',
      },
    ];
    const jsonl = verdicts.map((v) => JSON.stringify(v).replace('"mé"', '"m\\u00e9"')).join('\n');
    expect(jsonl).toContain('"model":"m\\u00e9"');
    const viaText = new ScoreAccumulator({ rubrics: [r], resamples: 50, missingAsMissing: true });
    jsonl.split('\n').forEach((l, i) => {
      viaText.addLine(l, i + 1);
    });
    const viaBytes = new ScoreAccumulator({ rubrics: [r], resamples: 50, missingAsMissing: true });
    viaBytes.addBytes(new TextEncoder().encode(`${jsonl}\n`));
    const a = viaText.finish();
    const b = viaBytes.finish();
    expect(b.models).toEqual(a.models);
    expect(b.models.map((m) => m.model).sort()).toEqual(['m', 'mé', 'n']);
    expect([...b.answers()]).toEqual([...a.answers()]);
  });

  it("gives a line without setting its question's setting: text without an image, else multimodal", () => {
    const unnamed = (q: string) => lines(q, 'm', ['meets', 'meets', 'meets']).map(({ setting: _s, ...rest }) => rest);
    const rubrics = [
      r,
      { ...rubric('q2', ['answer_critical', 'valuable', 'context']), image: 'q2.png' },
      { ...rubric('q3', ['answer_critical', 'valuable', 'context']), image: 'q3.png', text_only_question: 'What?' },
    ];
    const verdicts = [...unnamed('q1'), ...unnamed('q2'), ...unnamed('q3')];
    const settings = (report: ScoreReport) => report.answers.map((a) => [a.question_id, a.setting]);
    const expected = [
      ['q2', 'multimodal'],
      ['q3', 'multimodal'],
      ['q1', 'text'],
    ];
    expect(settings(scoreVerdicts({ rubrics, verdicts }))).toEqual(expected);
    // The byte scanner agrees with the parsed path.
    const acc = new ScoreAccumulator({ rubrics });
    acc.addBytes(new TextEncoder().encode(`${verdicts.map((v) => JSON.stringify(v)).join('\n')}\n`));
    expect(settings(toScoreReport(acc.finish()))).toEqual(expected);
  });
});
