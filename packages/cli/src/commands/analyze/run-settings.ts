import { analyzeSettings, settingsText } from '@gamut/core';
import { printJson, writeText } from './render.js';
import type { RunCliOptions } from './run-options.js';
import { runAnalysisInputs } from './run-options.js';

export async function runSettings(run: string | undefined, o: RunCliOptions): Promise<void> {
  const inputs = await runAnalysisInputs(run, o);
  const report = analyzeSettings({ ...inputs, ...(o.judge !== undefined && { judge: o.judge }) });
  if (o.json) return printJson(report);
  writeText(settingsText(report), '\n');
}
