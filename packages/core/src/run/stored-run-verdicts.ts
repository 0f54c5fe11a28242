import { InputError } from '../issues/errors.js';
import type { RunStore } from '../ports/store.js';
import type { ScoreAccumulator } from '../score/score-accumulator.js';
import { failureLine, verdictLine } from './stored-lines.js';

/**
 * Which run of the store `gamut score --store` scores: the one `--run` names, or the store's only
 * run; anything else is bad input listing the runs there are.
 */
export async function pickStoredRun(store: RunStore, where: string, run?: string): Promise<string> {
  const runs = (await store.listRuns()).map((r) => r.runId);
  if (run !== undefined && runs.includes(run)) return run;
  if (run === undefined && runs.length === 1) return runs[0] as string;
  const have = runs.length === 0 ? 'it has no runs' : `it has ${runs.join(', ')}`;
  throw new InputError({
    rule: 'unknown-run',
    file: where,
    message: run === undefined ? `name the run to score with --run (${have})` : `no run ${run} in the store; ${have}`,
  });
}

/** Feeds a stored run's verdicts, then its judge failures, into the accumulator as verdict lines. */
export async function feedStoredVerdicts(store: RunStore, runId: string, acc: ScoreAccumulator): Promise<void> {
  let line = 0;
  for await (const v of store.verdicts(runId)) acc.add(verdictLine(v), ++line);
  for (const f of await store.getJudgeFailures(runId)) acc.add(failureLine(f), ++line);
}
