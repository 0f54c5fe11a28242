import type { Tier } from '../schema/index.js';
import { TIERS } from '../schema/index.js';
import type { ScoreParams } from './params.js';
import type { AnswerState } from './rubric-index.js';
import type { TierResult } from './score-report.js';
import { gamutScore, type TierCounts, tierScore } from './tier-score.js';
import { JUDGE_FAILED, NO_VERDICT } from './verdict-record.js';

/** Counts per tier are rows of this many: no verdict, the four verdicts, judge failed. */
const ROW = 6;
/** Scratch space `countVerdicts` fills: three tiers of rows. */
export const COUNTS_SIZE = 3 * ROW;

/** Counts per tier (rows of 6: no verdict, meets, partially_meets, missing, contradicts, judge failed). */
export function countVerdicts(answer: AnswerState, out: Int32Array = new Int32Array(COUNTS_SIZE)): Int32Array {
  out.fill(0);
  const { codes, offset } = answer;
  const { tiers } = answer.entry;
  for (let i = 0; i < tiers.length; i++) out[(tiers[i] as number) * ROW + (codes[offset + i] as number)]!++;
  return out;
}

/** A tier's counts, checks without a verdict counted as missing. */
function tierCounts(counts: Int32Array, tier: number): TierCounts {
  const o = tier * ROW;
  return {
    meets: counts[o + 1] as number,
    partially_meets: counts[o + 2] as number,
    missing: (counts[o + 3] as number) + (counts[o + NO_VERDICT] as number),
    contradicts: counts[o + 4] as number,
  };
}

/**
 * Scores one answer in place (tier scores, gamut, unjudged and failed
 * counts). An answer with a judge failure is unscored: a failure is not a
 * verdict, and scoring the other checks alone would credit the answer with
 * a rubric it was not graded on.
 */
export function scoreAnswer(answer: AnswerState, params: ScoreParams, scratch: Int32Array): void {
  const counts = countVerdicts(answer, scratch);
  const scores: Record<Tier, number | null> = { answer_critical: null, valuable: null, context: null };
  let unjudged = 0;
  let failed = 0;
  for (let t = 0; t < 3; t++) {
    unjudged += counts[t * ROW + NO_VERDICT] as number;
    failed += counts[t * ROW + JUDGE_FAILED] as number;
    scores[TIERS[t] as Tier] = tierScore(tierCounts(counts, t), params);
  }
  answer.unjudged = unjudged;
  answer.failed = failed;
  if (failed > 0) {
    answer.tierScores = [null, null, null];
    answer.gamut = null;
    return;
  }
  answer.tierScores = [scores.answer_critical, scores.valuable, scores.context];
  answer.gamut = gamutScore(scores, params.weights);
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
