import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGamut } from '@gamut/testkit';
import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'gamut-analyze-'));
const jsonl = (name: string, rows: readonly unknown[]) => {
  const file = join(dir, name);
  writeFileSync(file, `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
  return file;
};
const rubric = (question_id: string, domain: string, ids: readonly string[]) => ({
  question_id,
  rubric_hash: 'a'.repeat(64),
  domain,
  checks: ids.map((id) => ({
    id,
    tier: 'answer_critical',
    text: `check ${id}`,
    item: id.split('.')[0],
    secondary: false,
    snippets: [],
    kind: id.endsWith('.fact') ? 'fact' : 'member',
  })),
});
const V: Record<string, string> = { m: 'meets', p: 'partially_meets', x: 'missing', c: 'contradicts' };
const verdict = (judge: string, model: string, question_id: string, check_id: string, v: string, extra = {}) => ({
  question_id,
  model,
  setting: 'multimodal',
  check_id,
  verdict: V[v],
  rationale: '',
  judge,
  ...extra,
});
const Q = ['q1', 'q2', 'q3', 'q4'];

describe('gamut analyze', () => {
  beforeAll(() => {
    // One answer-critical fact per question: an answer scores 1 (meets) or 0 (missing).
    jsonl('rubrics.jsonl', [
      rubric('q1', 'food', ['I1.fact']),
      rubric('q2', 'art', ['I1.fact']),
      rubric('q3', 'food', ['I1.fact']),
      rubric('q4', 'art', ['I1.fact']),
    ]);
  });

  it('agreement: kappa per pair and against a reference, Korean names aligned, --json', async () => {
    const labels = jsonl('labels.jsonl', [
      ...['a', 'a', 'b', 'b', 'a'].map((label, i) => ({ item: `i${i}`, rater: '김민수', label, group: 'g' })),
      ...['a', 'b', 'b', 'b'].map((label, i) => ({ item: `i${i}`, rater: 'lee', label, group: 'g' })),
    ]);
    const text = await runGamut(['analyze', 'agreement', '--labels', labels, '--reference', 'lee']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Against lee');
    const rows = text.stdout.split('\n').filter((l) => l.startsWith('│') || l.startsWith('┌'));
    const firstTable = rows.slice(0, 3);
    expect(new Set(firstTable.map((l) => stringWidth(l))).size).toBe(1);
    expect(text.stdout).toMatch(/│ lee\s+│ 김민수\s+│\s+4 │\s+75\.0% │/);

    const json = await runGamut(['analyze', 'agreement', '--labels', labels, '--by', 'group', '--json']);
    expect(json.code).toBe(0);
    const r = JSON.parse(json.stdout);
    expect(r.overall.pairs[0]).toMatchObject({ n: 4, agreement: 0.75, kappa: 0.5 });
    expect(r.overall.krippendorff_alpha).toBeCloseTo(16 / 30, 12);
    expect(r.groups[0].group).toBe('g');
  });

  it('agreement: a bad line is exit 2 naming file and line', async () => {
    const file = join(dir, 'bad-labels.jsonl');
    writeFileSync(file, '{"item":"i1","rater":"a","label":"x"}\n{"item":"i1","label":"x"}\n');
    const r = await runGamut(['analyze', 'agreement', '--labels', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file}:2`);
    expect(r.stderr).toContain('rater');
  });

  it('calibration: verdict lines, two annotators, confusion matrix and disagreements file', async () => {
    const checks = ['I1.fact'];
    const human = jsonl('human.jsonl', [
      ...['m', 'm', 'p', 'x'].map((v, i) => verdict('human:kim', 'gpt', Q[i] as string, checks[0] as string, v)),
      ...['m', 'p', 'p', 'x'].map((v, i) => verdict('human:lee', 'gpt', Q[i] as string, checks[0] as string, v)),
    ]);
    const judged = jsonl(
      'judged.jsonl',
      ['m', 'm', 'm', 'x'].map((v, i) => verdict('offline', 'gpt', Q[i] as string, checks[0] as string, v)),
    );
    const out = join(dir, 'disagreements.jsonl');
    const args = [
      'analyze',
      'calibration',
      '--labels',
      human,
      '--judgments',
      judged,
      '--rubrics',
      join(dir, 'rubrics.jsonl'),
    ];
    const text = await runGamut([...args, '--disagreements', out]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Confusion matrix');
    expect(text.stdout).toContain('average annotator');
    const rows = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // q2: the annotators tie (meets / partially_meets); q3: both say partially_meets, the judge meets
    expect(rows.map((d) => [d.item, d.judge_label, d.human_label])).toEqual([
      ['q2|gpt|multimodal|I1.fact', 'meets', null],
      ['q3|gpt|multimodal|I1.fact', 'meets', 'partially_meets'],
    ]);
    const json = JSON.parse((await runGamut([...args, '--json'])).stdout);
    const c = json.judges[0].aspects.checks;
    expect(json.kind).toBe('verdicts');
    expect(c.vs_majority).toMatchObject({ n: 3, agreement: 2 / 3 });
    expect(c.by_kind[0].kind).toBe('fact');
    expect(c.vs_annotators.per_annotator.map((a: { agreement: number }) => a.agreement)).toEqual([0.75, 0.5]);
  });

  it('calibration: RAG judgments are calibrated per aspect', async () => {
    const j = (judge: string, abstained: boolean, supported: boolean, q = 'r1') => ({
      question_id: q,
      facts: { f1: supported ? 'meets' : 'missing' },
      claims: [{ text: '서울은 수도다', key: true, supported, citations: [] }],
      abstained,
      correct: !abstained,
      judge,
    });
    const human = jsonl('rag-human.jsonl', [j('human:kim', false, true), j('human:kim', true, false, 'r2')]);
    const judged = jsonl('rag-judge.jsonl', [j('gpt', false, true), j('gpt', false, true, 'r2')]);
    const r = await runGamut(['analyze', 'calibration', '--labels', human, '--judgments', judged, '--json']);
    expect(r.code).toBe(0);
    const a = JSON.parse(r.stdout).judges[0].aspects;
    expect(Object.keys(a)).toEqual(['fact', 'claim', 'abstained', 'correct']);
    expect(a.claim.vs_majority).toMatchObject({ n: 2, agreement: 0.5 });
    expect(a.abstained.disagreements[0].item).toBe('r2#abstained');
    const mixed = await runGamut([
      'analyze',
      'calibration',
      '--labels',
      human,
      '--judgments',
      join(dir, 'judged.jsonl'),
    ]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('format-mismatch');
  });

  it('judges: rank agreement, per-question agreement, leniency and self-preference', async () => {
    const run = join(dir, 'judges-run');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(run, { recursive: true });
    writeFileSync(join(run, 'rubrics.jsonl'), readFileSync(join(dir, 'rubrics.jsonl')));
    const per = (judge: string, model: string, letters: string) =>
      Q.map((q, i) => verdict(judge, model, q, 'I1.fact', letters[i] as string));
    writeFileSync(
      join(run, 'verdicts.jsonl'),
      `${[
        ...per('openai:gpt-4o', 'gpt-4o-mini', 'mmmm'),
        ...per('openai:gpt-4o', 'claude-haiku', 'mmxx'),
        ...per('openai:gpt-4o', 'llama-3', 'mxxx'),
        ...per('anthropic:claude-3', 'gpt-4o-mini', 'mmxx'),
        ...per('anthropic:claude-3', 'claude-haiku', 'mmmm'),
        ...per('anthropic:claude-3', 'llama-3', 'mxxx'),
      ]
        .map((v) => JSON.stringify(v))
        .join('\n')}\n`,
    );
    const text = await runGamut(['analyze', 'judges', run, '--resamples', '200']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Largest per-model difference: claude-haiku 50.0 points');
    const r = JSON.parse((await runGamut(['analyze', 'judges', run, '--json', '--resamples', '200'])).stdout);
    expect(r.pairs[0].kendall_tau).toBeCloseTo(1 / 3, 12);
    expect(r.pairs[0].verdict_kappa).toBeCloseTo(22 / 70, 12);
    expect(r.self_preference.map((s: { self_preference: number }) => s.self_preference)).toEqual([0.75, 0.75]);

    const one = jsonl('one-judge.jsonl', per('offline', 'gpt', 'mmmm'));
    const bad = await runGamut(['analyze', 'judges', run, '--verdicts', one]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('two or more judges');
    const missing = await runGamut(['analyze', 'judges', join(dir, 'no-such-run')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no run directory at');
  });

  it('settings: difference per model and domain', async () => {
    const lines = [
      ...['m', 'm', 'm', 'm'].map((v, i) => verdict('j', 'gpt', Q[i] as string, 'I1.fact', v)),
      ...['m', 'x', 'm', 'x'].map((v, i) =>
        verdict('j', 'gpt', Q[i] as string, 'I1.fact', v, { setting: 'text_only' }),
      ),
      ...['m', 'x', 'x', 'x'].map((v, i) => verdict('j', 'cle', Q[i] as string, 'I1.fact', v)),
      ...['x', 'x', 'x', 'x'].map((v, i) =>
        verdict('j', 'cle', Q[i] as string, 'I1.fact', v, { setting: 'text_only' }),
      ),
    ];
    const file = jsonl('settings.jsonl', lines);
    const args = ['analyze', 'settings', '--rubrics', join(dir, 'rubrics.jsonl'), '--verdicts', file];
    const text = await runGamut(args);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Ranking survives removing the image');
    const r = JSON.parse((await runGamut([...args, '--json'])).stdout);
    expect(r.models.map((m: { model: string; difference: number }) => [m.model, m.difference])).toEqual([
      ['cle', 0.25],
      ['gpt', 0.5],
    ]);
    // gpt loses the image tax only on art questions (q2, q4)
    expect(
      r.by_domain.find((d: { model: string; domain: string }) => d.model === 'gpt' && d.domain === 'art').difference,
    ).toBe(1);
  });

  it('repeatability: flip rate and score spread', async () => {
    const lines = [0, 1].flatMap((sample) => [
      ...(sample === 0 ? 'mmmm' : 'mmmx')
        .split('')
        .map((v, i) => verdict('j', 'gpt', Q[i] as string, 'I1.fact', v, { sample })),
      ...'mxxx'.split('').map((v, i) => verdict('j', 'cle', Q[i] as string, 'I1.fact', v, { sample })),
    ]);
    const file = jsonl('repeat.jsonl', lines);
    const args = ['analyze', 'repeatability', '--rubrics', join(dir, 'rubrics.jsonl'), '--verdicts', file];
    const text = await runGamut(args);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('1 of 8 checks flipped (12.5%)');
    const r = JSON.parse((await runGamut([...args, '--json'])).stdout).judges[0];
    expect(r.models.find((m: { model: string }) => m.model === 'gpt')).toMatchObject({
      scores: [1, 0.75],
      range: 0.25,
    });
    expect(r.ranking_holds).toBe(true);
  });

  it('pairs: LLMBar-style lines, accuracy per order and swap consistency', async () => {
    const file = jsonl('pairs.jsonl', [
      { subset: 'Natural', index: 0, evaluator: 'gpt', label: 1, winner_swap_false: '1', winner_swap_true: '1' },
      { subset: 'Natural', index: 1, evaluator: 'gpt', label: 2, winner_swap_false: '1', winner_swap_true: '2' },
      { item: 'x', judge: 'gpt', label: '2', winner_swap_false: null, winner_swap_true: '2', group: 'Natural' },
    ]);
    const text = await runGamut(['analyze', 'pairs', '--verdicts', file]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Swap-consistent');
    const r = JSON.parse((await runGamut(['analyze', 'pairs', '--verdicts', file, '--json'])).stdout);
    expect(r.judges[0]).toMatchObject({ n: 3, consistent: { count: 1 }, correct_swap_true: { count: 3 } });
    const bad = jsonl('pairs-bad.jsonl', [
      { item: 'a', judge: 'g', label: 1, winner_swap_false: '1', winner_swap_true: '1' },
      { item: 'b', judge: 'g', label: 3, winner_swap_false: '1', winner_swap_true: '1' },
    ]);
    const err = await runGamut(['analyze', 'pairs', '--verdicts', bad]);
    expect(err.code).toBe(2);
    expect(err.stderr).toContain(`${bad}:2`);
  });
});
