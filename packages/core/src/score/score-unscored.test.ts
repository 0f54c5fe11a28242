import { describe, expect, it } from 'vitest';
import { InputError } from '../issues/errors.js';
import { CompiledRubric, type Verdict, VerdictLine } from '../schema/index.js';
import { ScoreAccumulator } from './score-accumulator.js';
import { scoreVerdicts } from './score-verdicts.js';

// Five answer-critical checks per question, so an answer's gamut is its tier score.
const rubrics = ['q1', 'q2', 'q3'].map((q) =>
  CompiledRubric.parse({
    question_id: q,
    rubric_hash: 'a'.repeat(64),
    checks: [1, 2, 3, 4, 5].map((i) => ({
      id: `I${i}.fact`,
      tier: 'answer_critical',
      kind: 'fact',
      text: `check ${i}`,
      item: `I${i}`,
      secondary: false,
      snippets: [],
    })),
  }),
);

type Cell = Verdict | { kind: string; reason: string };
function answer(question: string, model: string, cells: Cell[]) {
  return cells.map((c, i) => ({
    question_id: question,
    model,
    setting: 'multimodal',
    check_id: `I${i + 1}.fact`,
    judge: 'j',
    ...(typeof c === 'string' ? { verdict: c, rationale: '' } : { verdict: null, failure: c }),
  }));
}
const M = 'meets';
const S = 'missing';
const refusal = { kind: 'refusal', reason: 'the judge declined to grade' };

const verdicts = [
  ...answer('q1', 'm', [M, M, M, M, M]), // 1.0
  ...answer('q2', 'm', [M, M, M, S, S]), // 3/5 = 0.6
  ...answer('q3', 'm', [M, M, M, M, refusal]), // unscored: 1 failure among 5 checks
  ...answer('q1', 'm2', [
    { kind: 'timeout', reason: 'no reply within 10 ms' },
    M,
    { kind: 'provider_error', reason: 'HTTP 500' },
    M,
    M,
  ]),
  ...answer('q2', 'm2', [M, M, M, M, M]), // 1.0
  ...answer('q1', 'm3', [M, refusal, M, M, M]), // the model's only answer, unscored
];

describe('judge failures leave answers unscored', () => {
  const report = scoreVerdicts({ rubrics, verdicts });

  it("leaves the answer out of its model's mean and counts it", () => {
    const byModel = Object.fromEntries(report.models.map((m) => [m.model, m]));
    expect(byModel.m?.gamut).toBeCloseTo(0.8, 10); // (1.0 + 0.6) / 2, not the 0.8 of q3's four meets
    expect([byModel.m?.n, byModel.m?.unscored]).toEqual([2, 1]);
    expect(byModel.m2?.gamut).toBe(1);
    expect([byModel.m2?.n, byModel.m2?.unscored]).toEqual([1, 1]);
    expect([byModel.m3?.gamut, byModel.m3?.ci95, byModel.m3?.n, byModel.m3?.unscored]).toEqual([null, null, 0, 1]);
  });

  it('lists unscored answers with their checks, kinds and reasons, and no answer row', () => {
    expect(report.unscored).toEqual([
      {
        question_id: 'q3',
        model: 'm',
        setting: 'multimodal',
        check_ids: ['I5.fact'],
        kinds: ['refusal'],
        reason: 'the judge declined to grade',
      },
      {
        question_id: 'q1',
        model: 'm2',
        setting: 'multimodal',
        check_ids: ['I1.fact', 'I3.fact'],
        kinds: ['timeout', 'provider_error'],
        reason: 'no reply within 10 ms; HTTP 500',
      },
      {
        question_id: 'q1',
        model: 'm3',
        setting: 'multimodal',
        check_ids: ['I2.fact'],
        kinds: ['refusal'],
        reason: 'the judge declined to grade',
      },
    ]);
    expect(report.answers.map((a) => `${a.model}/${a.question_id}`)).toEqual(['m/q1', 'm/q2', 'm2/q2']);
  });

  it('reads failure lines from bytes exactly as from records', () => {
    const acc = new ScoreAccumulator({ rubrics });
    const text = `${verdicts.map((v) => JSON.stringify(v)).join('\n')}\n`;
    acc.addBytes(new TextEncoder().encode(text));
    const run = acc.finish();
    expect(run.models).toEqual(report.models);
    expect(run.unscored).toEqual(report.unscored);
  });

  it('still refuses checks with no line at all, failures or not', () => {
    const partial = answer('q1', 'm', [M, refusal, M]); // I4 and I5 have no line
    const run = () => scoreVerdicts({ rubrics, verdicts: partial });
    expect(run).toThrow(InputError);
    try {
      run();
    } catch (e) {
      const issues = (e as InputError).issues;
      expect(issues.map((i) => i.rule)).toEqual(['missing-verdict']);
      expect(issues[0]?.message).toContain('I4.fact, I5.fact');
    }
    // --missing-as-missing counts only the missing lines; the failure still leaves the answer unscored.
    const lenient = scoreVerdicts({ rubrics, verdicts: partial, missingAsMissing: true });
    expect([lenient.answers.length, lenient.unscored.length, lenient.models[0]?.unscored]).toEqual([0, 1, 1]);
  });

  it('refuses a verdict and a failure for the same check', () => {
    const twice = [...answer('q1', 'm', [M, M, M, M, M]), ...answer('q1', 'm', [refusal])];
    expect(() => scoreVerdicts({ rubrics, verdicts: twice })).toThrow(/duplicate|second verdict/);
  });
});

describe('verdict line schema', () => {
  const base = { question_id: 'q1', model: 'm', check_id: 'I1.fact', judge: 'j' };
  const messages = (v: unknown) => {
    const r = VerdictLine.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accepts a verdict, or null with a failure', () => {
    expect(messages({ ...base, verdict: 'meets' })).toEqual([]);
    expect(messages({ ...base, verdict: null, failure: { kind: 'cut_off', reason: 'hit the limit' } })).toEqual([]);
  });

  it('names the rule when a line has neither or both', () => {
    expect(messages({ ...base, verdict: null })).toEqual([
      'failure: a line with "verdict": null needs "failure": { "kind", "reason" } (why the judge gave no verdict)',
    ]);
    expect(messages({ ...base })).toEqual([
      'verdict: verdict must be one of meets, partially_meets, missing, contradicts, or null with a "failure"',
    ]);
    expect(messages({ ...base, verdict: 'meets', failure: { kind: 'timeout', reason: 'x' } })).toEqual([
      'failure: a line with a verdict has no "failure" (a judge failure is written with "verdict": null)',
    ]);
    expect(messages({ ...base, verdict: null, failure: { kind: 'bored', reason: 'x' } })[0]).toMatch(/^failure\.kind:/);
  });
});
