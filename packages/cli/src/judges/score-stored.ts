import type { CompiledRubric, RunStore, ScoreParamsInput, ScoreReport, StoredJudgeFailure } from '@gamut/core';

export interface StoredScores {
  /** Null when nothing of this judge's was stored. */
  report: ScoreReport | null;
}

/** `scoreStoredRun` of core, as `gamut run` reads it. */
export async function scoreStoredRun(options: {
  store: RunStore;
  runId: string;
  rubrics: readonly CompiledRubric[];
  judge: string;
  params?: ScoreParamsInput;
  seed?: number;
  failures?: readonly StoredJudgeFailure[];
}): Promise<StoredScores> {
  const core = await import('@gamut/core');
  return { report: await core.scoreStoredRun(options) };
}
