import { ScoreAccumulator } from './score-accumulator.js';
import type { ScoreReport } from './score-report.js';
import { type ScoreOptions, toScoreReport } from './scored-run.js';

/**
 * In-memory scoring: rubrics and verdict lines → the `gamut score --json`
 * document. Throws an `InputError` listing every problem (unknown or
 * duplicate verdicts, checks without a verdict, several judges).
 */
export function scoreVerdicts(options: ScoreOptions & { verdicts: Iterable<unknown> }): ScoreReport {
  const { verdicts, ...rest } = options;
  const acc = new ScoreAccumulator(rest);
  for (const v of verdicts) acc.add(v);
  return toScoreReport(acc.finish());
}
