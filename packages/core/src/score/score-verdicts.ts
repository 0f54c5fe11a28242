import { ScoreAccumulator } from './score-accumulator.js';
import type { ScoreReport } from './score-report.js';
import { type ScoredRun, type ScoreOptions, toScoreReport } from './scored-run.js';

/**
 * In-memory scoring: rubrics and verdict lines → the `gamut score --json`
 * document. Throws an `InputError` listing every problem (unknown or
 * duplicate verdicts, checks without a verdict, several judges).
 */
export function scoreVerdicts(options: ScoreOptions & { verdicts: Iterable<unknown> }): ScoreReport {
  return toScoreReport(scoreVerdictsRun(options));
}

/** `scoreVerdicts` before it is materialised: what calibration re-weighs (`ScoredRun.checks()`). */
export function scoreVerdictsRun(options: ScoreOptions & { verdicts: Iterable<unknown> }): ScoredRun {
  const { verdicts, ...rest } = options;
  const acc = new ScoreAccumulator(rest);
  for (const v of verdicts) acc.add(v);
  return acc.finish();
}
