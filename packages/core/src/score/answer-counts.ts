import type { Tier } from '../schema/index.js';
import { TIERS } from '../schema/index.js';
import type { ScoreParams } from './params.js';
import type { AnswerState } from './rubric-index.js';
import type { TierResult } from './score-report.js';
import { gamutScore, type TierCounts, tierScore } from './tier-score.js';
import { NO_VERDICT } from './verdict-record.js';

/** Counts per tier (rows of 5: no verdict, meets, partially_meets, missing, contradicts). */
export function countVerdicts(answer: AnswerState, out: Int32Array = new Int32Array(15)): Int32Array {
  out.fill(0);
  const { codes, offset } = answer;
  const { tiers } = answer.entry;
  for (let i = 0; i < tiers.length; i++) out[(tiers[i] as number) * 5 + (codes[offset + i] as number)]!++;
  return out;
}

/** A tier's counts, checks without a verdict counted as missing. */
function tierCounts(counts: Int32Array, tier: number): TierCounts {
  const o = tier * 5;
  return {
    meets: counts[o + 1] as number,
    partially_meets: counts[o + 2] as number,
    missing: (counts[o + 3] as number) + (counts[o + NO_VERDICT] as number),
    contradicts: counts[o + 4] as number,
  };
}

/** Scores one answer in place (tier scores, gamut, unjudged count). */
export function scoreAnswer(answer: AnswerState, params: ScoreParams, scratch: Int32Array): void {
  const counts = countVerdicts(answer, scratch);
  const scores: Record<Tier, number | null> = { answer_critical: null, valuable: null, context: null };
  let unjudged = 0;
  for (let t = 0; t < 3; t++) {
    unjudged += counts[t * 5 + NO_VERDICT] as number;
    scores[TIERS[t] as Tier] = tierScore(tierCounts(counts, t), params);
  }
  answer.tierScores = [scores.answer_critical, scores.valuable, scores.context];
  answer.gamut = gamutScore(scores, params.weights);
  answer.unjudged = unjudged;
}

/** The per-tier part of an answer's row in `gamut score --json`. */
export function tierResults(answer: AnswerState, scratch?: Int32Array): Record<Tier, TierResult | null> {
  const counts = countVerdicts(answer, scratch);
  const out: Record<Tier, TierResult | null> = { answer_critical: null, valuable: null, context: null };
  for (let t = 0; t < 3; t++) {
    const score = answer.tierScores[t];
    if (score === null || score === undefined) continue;
    out[TIERS[t] as Tier] = { score, ...tierCounts(counts, t) };
  }
  return out;
}
