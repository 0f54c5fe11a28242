import { describe, expect, it } from 'vitest';
import { InputError } from '../issues/errors.js';
import { DEFAULT_SCORE_PARAMS, resolveScoreParams, verdictValue } from './params.js';
import { gamutScore, tierScore } from './tier-score.js';

const counts = (meets: number, partially_meets: number, missing: number, contradicts: number) => ({
  meets,
  partially_meets,
  missing,
  contradicts,
});

describe('tierScore (SPEC §4)', () => {
  it('gives the worked numbers: AC M=3 P=1 S=1 C=0 → 0.7, V M=2 P=0 S=1 C=1 → 0', () => {
    expect(tierScore(counts(3, 1, 1, 0))).toBeCloseTo(0.7, 12);
    expect(tierScore(counts(2, 0, 1, 1))).toBe(0);
  });

  it('has no score for a tier without checks', () => {
    expect(tierScore(counts(0, 0, 0, 0))).toBeNull();
  });

  it('reaches exactly 1 and −1 at the extremes', () => {
    expect(tierScore(counts(4, 0, 0, 0))).toBe(1);
    expect(tierScore(counts(0, 0, 0, 3))).toBe(-1);
    expect(tierScore(counts(0, 0, 5, 0))).toBe(0);
  });

  it('uses λ and μ when given: λ=0.25, μ=−1 on M=3 P=1 S=1 → 3.25/5; M=2 S=1 C=1 → 1/4', () => {
    const params = resolveScoreParams({ lambda: 0.25, mu: -1 });
    expect(tierScore(counts(3, 1, 1, 0), params)).toBeCloseTo(0.65, 12);
    expect(tierScore(counts(2, 0, 1, 1), params)).toBeCloseTo(0.25, 12);
  });
});

describe('gamutScore', () => {
  it('redistributes an empty tier: (0.6·0.7 + 0.3·0)/0.9 = 0.4667', () => {
    const g = gamutScore({ answer_critical: 0.7, valuable: 0, context: null });
    expect(g).toBeCloseTo(0.46667, 5);
    expect(((g as number) * 100).toFixed(1)).toBe('46.7');
  });

  it('uses all three tiers when all have checks: 0.6·1 + 0.3·0.5 + 0.1·(−1) = 0.65', () => {
    expect(gamutScore({ answer_critical: 1, valuable: 0.5, context: -1 })).toBeCloseTo(0.65, 12);
  });

  it('redistributes two empty tiers: only context → its own score', () => {
    expect(gamutScore({ answer_critical: null, valuable: null, context: 0.3 })).toBeCloseTo(0.3, 12);
    expect(gamutScore({ answer_critical: 0.5, valuable: null, context: 1 })).toBeCloseTo((0.3 + 0.1) / 0.7, 12);
  });

  it('applies custom weights: 1/1/0 on 0.7, 0 → 0.35; context ignored with weight 0', () => {
    const { weights } = resolveScoreParams({ weights: { answer_critical: 1, valuable: 1, context: 0 } });
    expect(gamutScore({ answer_critical: 0.7, valuable: 0, context: 1 }, weights)).toBeCloseTo(0.35, 12);
  });

  it('is null when no weighted tier has a score', () => {
    const { weights } = resolveScoreParams({ weights: { answer_critical: 1, valuable: 0, context: 0 } });
    expect(gamutScore({ answer_critical: null, valuable: 0.5, context: null }, weights)).toBeNull();
    expect(gamutScore({ answer_critical: null, valuable: null, context: null })).toBeNull();
  });
});

describe('score parameters', () => {
  it('defaults to λ=0.5, μ=−2, weights 0.6/0.3/0.1', () => {
    expect(resolveScoreParams()).toEqual(DEFAULT_SCORE_PARAMS);
    expect(DEFAULT_SCORE_PARAMS).toEqual({
      lambda: 0.5,
      mu: -2,
      weights: { answer_critical: 0.6, valuable: 0.3, context: 0.1 },
    });
  });

  it('values the verdicts as meets=1, partially=λ, missing=0, contradicts=μ', () => {
    const p = resolveScoreParams({ lambda: 0.4, mu: -3 });
    expect(['meets', 'partially_meets', 'missing', 'contradicts'].map((v) => verdictValue(v as never, p))).toEqual([
      1, 0.4, 0, -3,
    ]);
  });

  it('keeps the default for a weight that is not given', () => {
    expect(resolveScoreParams({ weights: { context: 0.5 } }).weights).toEqual({
      answer_critical: 0.6,
      valuable: 0.3,
      context: 0.5,
    });
  });

  it('lists every out-of-range parameter in one InputError', () => {
    let error: unknown;
    try {
      resolveScoreParams({ lambda: 1, mu: 0, weights: { valuable: -0.1 } });
    } catch (e) {
      error = e;
    }
    expect(InputError.isInputError(error)).toBe(true);
    expect((error as InputError).issues.map((i) => i.rule)).toEqual(['lambda-range', 'mu-range', 'weight-range']);
  });

  it('rejects λ ≤ 0, NaN and weights that are all zero', () => {
    expect(() => resolveScoreParams({ lambda: 0 })).toThrow(/lambda/);
    expect(() => resolveScoreParams({ mu: Number.NaN })).toThrow(/mu/);
    expect(() => resolveScoreParams({ weights: { answer_critical: 0, valuable: 0, context: 0 } })).toThrow(
      /must not all be zero/,
    );
  });
});
