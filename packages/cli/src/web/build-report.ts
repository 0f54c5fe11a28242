import { resolve } from 'node:path';
import { buildReportModel, type ReportCalibrationInput, type ReportModel } from '@gamut/core';
import { type LoadRunOptions, loadRun } from './load-run.js';

/** Reads a run directory and builds its view models (the scorer, RAG and analysis functions run here). */
export async function reportModelOfRun(
  runDir: string,
  o: LoadRunOptions & { calibration?: ReportCalibrationInput } = {},
): Promise<ReportModel> {
  const input = await loadRun(resolve(runDir), o);
  return buildReportModel({ ...input, ...(o.calibration && { calibration: o.calibration }) });
}
