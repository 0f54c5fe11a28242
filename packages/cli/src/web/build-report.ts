import { resolve } from 'node:path';
import { buildReportModel, type ReportCalibrationInput, type ReportModel } from '@gamut/core';
import { type LoadRunOptions, loadRun } from './load-run.js';
import { withStoredVerdicts } from './stored-verdicts.js';

/** Reads a run directory and builds its view models (the scorer, RAG and analysis functions run here). */
export async function reportModelOfRun(
  runDir: string,
  o: LoadRunOptions & { calibration?: ReportCalibrationInput; store?: string } = {},
): Promise<ReportModel> {
  const input = await withStoredVerdicts(await loadRun(resolve(runDir), o), process.cwd(), o.store);
  return buildReportModel({ ...input, ...(o.calibration && { calibration: o.calibration }) });
}
