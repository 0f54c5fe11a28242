import type { RunStore, StoredJudgeFailure } from '../ports/store.js';
import type { CompiledRubric } from '../schema/compiled-rubric.js';
import type { ScoreParamsInput } from '../score/params.js';
import { ScoreAccumulator } from '../score/score-accumulator.js';
import type { ScoreReport } from '../score/score-report.js';
import { toScoreReport } from '../score/scored-run.js';
import { failureLine, verdictLine } from './stored-lines.js';

/**
 * Scores one judge's verdicts of a run straight from the store (streamed into
 * the scorer's accumulator), its judge failures with them: an answer with a
 * failure is unscored (`report.unscored`), never scored with the failed check
 * counted as missing. Null when nothing of this judge's was stored.
 */
export async function scoreStoredRun(options: {
  store: RunStore;
  runId: string;
  rubrics: readonly CompiledRubric[];
  judge: string;
  params?: ScoreParamsInput;
  seed?: number;
  failures?: readonly StoredJudgeFailure[];
}): Promise<ScoreReport | null> {
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
  if (added + failures.length === 0) return null;
  return toScoreReport(acc.finish());
}
