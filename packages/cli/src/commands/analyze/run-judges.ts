import { analyzeJudges, judgesText, parseFamilies } from '@gamut/core';
import { printJson, writeText } from './render.js';
import { type RunCliOptions, runAnalysisInputs } from './run-options.js';

export async function runJudges(run: string | undefined, o: RunCliOptions & { family?: string[] }): Promise<void> {
  const inputs = await runAnalysisInputs(run, o);
  const report = analyzeJudges({ ...inputs, families: parseFamilies(o.family) });
  if (o.json) return printJson(report);
  writeText(judgesText(report), '\n');
}
