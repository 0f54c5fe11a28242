import { describe, expect, it } from 'vitest';
import { InputError } from '../issues/errors.js';
import { CompiledRubric } from '../schema/index.js';
import { calibratedScores } from './calibrated-score.js';
import { type LabelRecordInput, pairLabels } from './calibration-labels.js';
import { ScoreAccumulator } from './score-accumulator.js';
import type { ScoredRun } from './scored-run.js';

// Four questions, each with two answer-critical `fact` checks and one valuable `member` check.
const QUESTIONS = ['q1', 'q2', 'q3', 'q4'];
const rubrics = QUESTIONS.map((q) =>
  CompiledRubric.parse({
    question_id: q,
    rubric_hash: 'a'.repeat(64),
    checks: [
      { id: 'I1.fact', tier: 'answer_critical', kind: 'fact', text: 'a', item: 'I1', secondary: false, snippets: [] },
      { id: 'I2.fact', tier: 'answer_critical', kind: 'fact', text: 'b', item: 'I2', secondary: false, snippets: [] },
      { id: 'I3.m1', tier: 'valuable', kind: 'member', text: 'c', item: 'I3', secondary: false, snippets: [] },
    ],
  }),
);
const CHECKS = ['I1.fact', 'I2.fact', 'I3.m1'];

/** Scores a judge that says `meets` on every check of model m's answers. */
function alwaysMeets(options: { missing?: string; resamples?: number; seed?: number } = {}): ScoredRun {
  const acc = new ScoreAccumulator({
    rubrics,
    resamples: options.resamples ?? 1000,
    seed: options.seed ?? 0,
    missingAsMissing: options.missing !== undefined,
  });
  for (const q of QUESTIONS) {
    for (const check of CHECKS) {
      if (`${q}/${check}` === options.missing) continue;
      acc.add({ question_id: q, model: 'm', setting: 'multimodal', check_id: check, verdict: 'meets', judge: 'j' });
    }
  }
  return acc.finish();
}

/** People said `meets` on I1.fact and `partially_meets` on I2.fact of every question: half and half. */
const halfPartial: LabelRecordInput[] = QUESTIONS.flatMap((q, i) =>
  ['I1.fact', 'I2.fact'].map((check, j) => ({
    line: 2 * i + j + 1,
    value: {
      question_id: q,
      model: 'm',
      setting: 'multimodal',
      check_id: check,
      verdict: j === 0 ? 'meets' : 'partially_meets',
      judge: 'human:lead',
    },
  })),
);

function calibrate(run: ScoredRun, labels: LabelRecordInput[]) {
  const paired = pairLabels({ rubrics, answers: run.checks(), labels, file: 'labels.jsonl' });
  return calibratedScores(run, { pairs: paired.pairs, unpaired: paired.unpaired, labelsFile: 'labels.jsonl' });
}

describe('calibrated scores', () => {
  /*
   * Worked by hand (λ = 0.5, μ = −2, weights 0.6 / 0.3 / 0.1).
   *
   * The raw score: every check `meets`, so every tier scores 1 and gamut = 1 (100.0).
   *
   * The mapping, with add-one smoothing ((count + 1) / (n + 4)):
   *   (fact, meets): 8 labels, people said meets 4, partially_meets 4, missing 0, contradicts 0
   *     → meets 5/12, partially_meets 5/12, missing 1/12, contradicts 1/12
   *   (member, meets): no labels → a quarter each
   *
   * Expected counts of one answer: answer-critical, 2 fact checks: M = P = 10/12, S = C = 2/12
   *   tier = (M + λP + μC) / (M + P + S + |μ|C) = (10 + 5 − 4)/12 ÷ (10 + 10 + 2 + 4)/12 = 11/26 = 0.423077
   * valuable, 1 member check: M = P = S = C = 1/4
   *   tier = (0.25 + 0.125 − 0.5) / (0.25 + 0.25 + 0.25 + 0.5) = −0.125 / 1.25 = −0.1
   * gamut = (0.6 · 11/26 + 0.3 · (−0.1)) / 0.9 = (0.253846 − 0.03) / 0.9 = 0.248718 (24.9)
   *
   * Every question is alike, so the mean is the same 0.248718 and resampling
   * questions moves nothing: the interval comes from the labelled sample. A
   * resample of the 8 labels holds k partials, k ~ Binomial(8, ½); with k:
   *   fact/meets → meets (9 − k)/12, partially_meets (k + 1)/12, missing = contradicts = 1/12
   *   answer-critical = ((9 − k) + (k + 1)/2 − 2) / 13 = (7.5 − k/2) / 13
   * P(k ≥ 7) = P(k ≤ 1) = 9/256 = 3.5% > 2.5% and P(k = 8) = P(k = 0) = 0.4% < 2.5%, so
   * the 2.5% and 97.5% points are k = 7 and k = 1:
   *   k = 7: answer-critical 4/13 → gamut (0.6 · 4/13 − 0.03) / 0.9 = 0.171795
   *   k = 1: answer-critical 7/13 → gamut (0.6 · 7/13 − 0.03) / 0.9 = 0.325641
   */
  it('replaces an always-meets judge by what people said, smoothed', () => {
    const run = alwaysMeets();
    expect(run.models[0]?.gamut).toBe(1);
    const result = calibrate(run, halfPartial);
    const m = result.models[0];
    expect(m?.gamut).toBeCloseTo((0.6 * (11 / 26) - 0.03) / 0.9, 10);
    expect(m?.gamut).toBeCloseTo(0.248718, 6);
    expect(m?.n_labels).toBe(8);
    expect(m?.ci95?.[0]).toBeCloseTo((0.6 * (4 / 13) - 0.03) / 0.9, 10);
    expect(m?.ci95?.[1]).toBeCloseTo((0.6 * (7 / 13) - 0.03) / 0.9, 10);
    expect(result.calibration.unpaired).toBe(0);
    expect(result.calibration.cells).toEqual([
      {
        kind: 'fact',
        judge: 'meets',
        n: 8,
        used: 8,
        counts: { meets: 4, partially_meets: 4, missing: 0, contradicts: 0 },
        human: { meets: 5 / 12, partially_meets: 5 / 12, missing: 1 / 12, contradicts: 1 / 12 },
      },
      {
        kind: 'member',
        judge: 'meets',
        n: 0,
        used: 4,
        counts: { meets: 0, partially_meets: 0, missing: 0, contradicts: 0 },
        human: { meets: 0.25, partially_meets: 0.25, missing: 0.25, contradicts: 0.25 },
      },
    ]);
  });

  it('gives the same interval for the same seed', () => {
    const a = calibrate(alwaysMeets({ resamples: 200, seed: 7 }), halfPartial).models[0]?.ci95;
    const b = calibrate(alwaysMeets({ resamples: 200, seed: 7 }), halfPartial).models[0]?.ci95;
    expect(a).not.toBeNull();
    expect(a).toEqual(b);
  });

  it('counts a check without a verdict as missing outright, not through the mapping', () => {
    // q1's member check has no verdict (missingAsMissing): q1's valuable tier is 0, not −0.1, so
    // q1's gamut is (0.6 · 11/26 + 0) / 0.9 = 0.282051 and the mean (0.282051 + 3 · 0.248718) / 4 = 0.257051.
    const result = calibrate(alwaysMeets({ missing: 'q1/I3.m1' }), halfPartial);
    expect(result.models[0]?.gamut).toBeCloseTo(((0.6 * 11) / 26 / 0.9 + 3 * 0.248718) / 4, 5);
    expect(result.calibration.cells.find((c) => c.kind === 'member')?.used).toBe(3);
  });

  it('leaves out labels on checks the judge did not grade, and counts them', () => {
    const other = { ...halfPartial[0]!, line: 9, value: { ...(halfPartial[0]!.value as object), model: 'elsewhere' } };
    const result = calibrate(alwaysMeets(), [...halfPartial, other]);
    expect([result.calibration.n_labels, result.calibration.unpaired]).toEqual([8, 1]);
  });

  it('names the file, line and rule of every bad label', () => {
    const bad: LabelRecordInput[] = [
      { line: 1, value: { question_id: 'q1', model: 'm', check_id: 'I9.fact', verdict: 'meets', judge: 'h' } },
      { line: 2, value: { question_id: 'q7', model: 'm', check_id: 'I1.fact', verdict: 'meets', judge: 'h' } },
      { line: 3, value: { question_id: 'q1', model: 'm', check_id: 'I1.fact', judge: 'h' } },
      { line: 4, value: { question_id: 'q1', model: 'm', check_id: 'I1.fact', verdict: 'great', judge: 'h' } },
      { line: 5, value: { question_id: 'q2', model: 'm', check_id: 'I1.fact', verdict: 'meets', judge: 'h' } },
      { line: 6, value: { question_id: 'q2', model: 'm', check_id: 'I1.fact', verdict: 'missing', judge: 'h2' } },
    ];
    let error: unknown;
    try {
      pairLabels({ rubrics, answers: alwaysMeets().checks(), labels: bad, file: 'labels.jsonl' });
    } catch (e) {
      error = e;
    }
    expect(InputError.isInputError(error)).toBe(true);
    const issues = (error as InputError).issues.map((i) => [i.file, i.line, i.rule]);
    expect(issues).toEqual([
      ['labels.jsonl', 1, 'unknown-check'],
      ['labels.jsonl', 2, 'unknown-question'],
      ['labels.jsonl', 3, 'label-without-verdict'],
      ['labels.jsonl', 4, 'schema/invalid_value'],
      ['labels.jsonl', 6, 'conflicting-labels'],
    ]);
    expect((error as InputError).issues[4]?.message).toContain('meets on line 5');
  });
});
