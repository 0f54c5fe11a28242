import { analyzeRepeatability, repeatabilityText } from '@gamut/core';
import { printJson, writeText } from './render.js';
import { type RunCliOptions, runAnalysisInputs } from './run-options.js';

export async function runRepeatability(run: string | undefined, o: RunCliOptions): Promise<void> {
  const { sample: _ignored, ...inputs } = await runAnalysisInputs(run, o);
  const report = analyzeRepeatability({ ...inputs, ...(o.judge !== undefined && { judge: o.judge }) });
  if (o.json) return printJson(report);
  writeText(repeatabilityText(report));
}
