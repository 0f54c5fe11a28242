import { z } from 'zod';
import { ModelName, Setting, Verdict } from '../schema/index.js';

const Score = z.number().min(-1).max(1);
const PerVerdict = z.object({
  meets: z.number().nonnegative(),
  partially_meets: z.number().nonnegative(),
  missing: z.number().nonnegative(),
  contradicts: z.number().nonnegative(),
});

/** A model's calibrated score, shown beside its raw score (never instead of it). */
export const CalibratedScore = z.object({
  /** Mean over answers of the Gamut score computed from expected verdict counts. */
  gamut: Score.nullable(),
  /** Percentile bootstrap 95% interval over questions and over the labelled sample at once. */
  ci95: z.tuple([Score, Score]).nullable(),
  /** Labelled checks the mapping was built from (the same for every model: one mapping per judge). */
  n_labels: z.number().int().nonnegative(),
});
export type CalibratedScore = z.infer<typeof CalibratedScore>;

/** One (check kind, judge verdict) cell of the mapping. */
export const CalibrationCell = z.object({
  kind: z.string(),
  judge: Verdict,
  /** Labelled checks in the cell. */
  n: z.number().int().nonnegative(),
  /** Checks of the scored run the cell re-weighs. */
  used: z.number().int().nonnegative(),
  /** Human verdicts counted. */
  counts: PerVerdict,
  /** The add-one smoothed distribution that replaces the judge's verdict: (count + 1) / (n + 4). */
  human: PerVerdict,
});
export type CalibrationCell = z.infer<typeof CalibrationCell>;

/** What `gamut score --calibrate --json` adds beside `models`: the mapping and where it came from. */
export const CalibrationSummary = z.object({
  /** The labels file. */
  labels: z.string().nullable(),
  n_labels: z.number().int().nonnegative(),
  /** Labels on checks the judge gave no verdict on (left out). */
  unpaired: z.number().int().nonnegative(),
  cells: z.array(CalibrationCell),
});
export type CalibrationSummary = z.infer<typeof CalibrationSummary>;

export const ModelCalibratedScore = CalibratedScore.extend({ model: ModelName, setting: Setting });
export type ModelCalibratedScore = z.infer<typeof ModelCalibratedScore>;
