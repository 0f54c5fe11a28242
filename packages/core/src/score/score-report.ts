import { z } from 'zod';
import { CheckId, JudgeFailureKind, ModelName, QuestionId, Setting, Weights } from '../schema/index.js';
import { CalibratedScore, CalibrationSummary } from './calibrated-report.js';

/** Fractions in [−1, 1]; ×100 happens only when rendering. */
const Score = z.number().min(-1).max(1);
const Ci95 = z.tuple([Score, Score]);

export const TierResult = z.object({
  score: Score,
  meets: z.number().int().nonnegative(),
  partially_meets: z.number().int().nonnegative(),
  missing: z.number().int().nonnegative(),
  contradicts: z.number().int().nonnegative(),
});
export type TierResult = z.infer<typeof TierResult>;

/** One answer (question × model × setting): SPEC §10's `answers[]`. */
export const AnswerScore = z.object({
  question_id: QuestionId,
  model: ModelName,
  setting: Setting,
  /** Null only when every tier with checks has weight 0. */
  gamut: Score.nullable(),
  tiers: z.object({
    answer_critical: TierResult.nullable(),
    valuable: TierResult.nullable(),
    context: TierResult.nullable(),
  }),
  /** Checks without a verdict that were counted as `missing` (only with `missingAsMissing`). */
  missing_counted: z.number().int().nonnegative().optional(),
});
export type AnswerScore = z.infer<typeof AnswerScore>;

/** One model in one setting: SPEC §10's `models[]`, plus its mean tier scores. */
export const ModelScore = z.object({
  model: ModelName,
  setting: Setting,
  /** Mean of the answers' gamut scores. */
  gamut: Score.nullable(),
  /** Percentile bootstrap 95% interval over questions. */
  ci95: Ci95.nullable(),
  /** Answers with a gamut score (one per question). */
  n: z.number().int().nonnegative(),
  /** Answers left out of the mean because a check's judge failed (listed in the report's `unscored`). */
  unscored: z.number().int().nonnegative(),
  /** Mean tier score over the answers whose question has checks of that tier. */
  tiers: z.object({ answer_critical: Score.nullable(), valuable: Score.nullable(), context: Score.nullable() }),
  /** With human labels (`gamut score --calibrate`): the calibrated score, beside the raw one. */
  calibrated: CalibratedScore.optional(),
});
export type ModelScore = z.infer<typeof ModelScore>;

/**
 * An answer with a judge failure: never scored (a failure is not a verdict),
 * left out of its model's mean, and listed with why. `kinds` is parallel to `check_ids`.
 */
export const UnscoredAnswer = z.object({
  question_id: QuestionId,
  model: ModelName,
  setting: Setting,
  check_ids: z.array(CheckId),
  kinds: z.array(JudgeFailureKind),
  /** The failures' reasons, distinct ones joined with "; ". */
  reason: z.string(),
});
export type UnscoredAnswer = z.infer<typeof UnscoredAnswer>;

export const BreakdownKey = z.enum(['tier', 'domain', 'popularity']);
export type BreakdownKey = z.infer<typeof BreakdownKey>;
export const BREAKDOWN_KEYS: readonly BreakdownKey[] = BreakdownKey.options;

/**
 * One cell of a breakdown. For `tier`, `value` is the tier and `score` the
 * mean tier score; for `domain` and `popularity`, `value` is the label (null
 * for questions without one) and `score` the mean gamut score.
 */
export const BreakdownRow = z.object({
  model: ModelName,
  setting: Setting,
  value: z.string().nullable(),
  score: Score.nullable(),
  ci95: Ci95.nullable(),
  n: z.number().int().nonnegative(),
});
export type BreakdownRow = z.infer<typeof BreakdownRow>;

export const ScoreRunParams = z.object({
  lambda: z.number(),
  mu: z.number(),
  weights: Weights,
  seed: z.number().int(),
  resamples: z.number().int().positive(),
  /** The judge whose verdicts were scored. */
  judge: z.string().nullable(),
  /** The repeat (`sample`) that was scored. */
  sample: z.number().int().nonnegative(),
  missing_as_missing: z.boolean(),
});
export type ScoreRunParams = z.infer<typeof ScoreRunParams>;

/** `gamut score --json`, and `scores.json` in a run directory. */
export const ScoreReport = z.object({
  answers: z.array(AnswerScore),
  models: z.array(ModelScore),
  params: ScoreRunParams,
  /** Only the breakdowns that were asked for (and that the rubrics carry labels for). */
  breakdowns: z.object({
    tier: z.array(BreakdownRow).optional(),
    domain: z.array(BreakdownRow).optional(),
    popularity: z.array(BreakdownRow).optional(),
  }),
  /** Total checks without a verdict counted as `missing` (0 unless `missingAsMissing`). */
  missing_counted: z.number().int().nonnegative(),
  /** Answers left unscored by judge failures, sorted like `answers`. */
  unscored: z.array(UnscoredAnswer),
  /** With human labels: the mapping from judge verdicts to human-verdict distributions. */
  calibration: CalibrationSummary.optional(),
});
export type ScoreReport = z.infer<typeof ScoreReport>;
