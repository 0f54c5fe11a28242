import type { Tier } from '../schema/index.js';
import { TIERS } from '../schema/index.js';
import { DEFAULT_SCORE_PARAMS, type ScoreParams } from './params.js';

/** How many checks of one tier got each verdict, for one answer. */
export interface TierCounts {
  meets: number;
  partially_meets: number;
  missing: number;
  contradicts: number;
}

export type TierScores = Record<Tier, number | null>;

/**
 * (M + λP + μC) / (M + P + S + |μ|C), in [−1, 1]; null when the tier has no
 * checks (undefined, not zero).
 */
export function tierScore(counts: TierCounts, params: ScoreParams = DEFAULT_SCORE_PARAMS): number | null {
  const { meets: m, partially_meets: p, missing: s, contradicts: c } = counts;
  const denominator = m + p + s + Math.abs(params.mu) * c;
  if (m + p + s + c === 0) return null;
  return (m + params.lambda * p + params.mu * c) / denominator;
}

/**
 * Σ w_t·score_t / Σ w_t over the tiers that have a score, so an empty tier's
 * weight goes to the others in proportion. Null when no weighted tier has a score.
 */
export function gamutScore(
  tiers: TierScores,
  weights: ScoreParams['weights'] = DEFAULT_SCORE_PARAMS.weights,
): number | null {
  let num = 0;
  let den = 0;
  for (const t of TIERS) {
    const s = tiers[t];
    if (s === null) continue;
    num += weights[t] * s;
    den += weights[t];
  }
  return den > 0 ? num / den : null;
}
