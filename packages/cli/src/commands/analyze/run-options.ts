import { type AnalysisOptionStrings, analysisScoring, type RunAnalysisOptions } from '@gamut/core';
import { readRun } from './read-inputs.js';

/** Options shared by `analyze judges | settings | repeatability` (commander's strings). */
export interface RunCliOptions extends AnalysisOptionStrings {
  rubrics?: string;
  verdicts?: string;
  store?: string;
  judge?: string;
  json?: true;
}

export async function runAnalysisInputs(
  run: string | undefined,
  o: RunCliOptions,
): Promise<RunAnalysisOptions & { sample?: number }> {
  const scoring = analysisScoring(o);
  const inputs = await readRun(run, {
    ...(o.rubrics !== undefined && { rubrics: o.rubrics }),
    ...(o.verdicts !== undefined && { verdicts: o.verdicts }),
    ...(o.store !== undefined && { store: o.store }),
  });
  return { ...inputs, ...scoring };
}
