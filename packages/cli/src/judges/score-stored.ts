import type { CompiledRubric, RunStore, ScoreParamsInput, ScoreReport, StoredJudgeFailure } from '@gamut/core';
import { failureLine, verdictLine } from './export-verdicts.js';

export interface StoredScores {
  /** Null when nothing of this judge's was stored. */
  report: ScoreReport | null;
}

/**
 * Scores one judge's verdicts of a run straight from the store (streamed into
 * the scorer's accumulator), its judge failures with them: an answer with a
 * failure is unscored (`report.unscored`), never scored with the failed check
 * counted as missing.
 */
export async function scoreStoredRun(options: {
  store: RunStore;
  runId: string;
  rubrics: readonly CompiledRubric[];
  judge: string;
  params?: ScoreParamsInput;
  seed?: number;
  failures?: readonly StoredJudgeFailure[];
}): Promise<StoredScores> {
  const { ScoreAccumulator, toScoreReport } = await import('@gamut/core');
  const failures = (options.failures ?? (await options.store.getJudgeFailures(options.runId))).filter(
    (f) => f.judge === options.judge && f.sample === 0,
  );
  const acc = new ScoreAccumulator({
    rubrics: options.rubrics,
    judge: options.judge,
    ...(options.params !== undefined && { params: options.params }),
    ...(options.seed !== undefined && { seed: options.seed }),
  });
  let added = 0;
  for await (const v of options.store.verdicts(options.runId)) {
    if (v.judge !== options.judge || v.sample !== 0) continue;
    acc.add(verdictLine(v));
    added++;
  }
  for (const f of failures) acc.add(failureLine(f));
  if (added + failures.length === 0) return { report: null };
  return { report: toScoreReport(acc.finish()) };
}
