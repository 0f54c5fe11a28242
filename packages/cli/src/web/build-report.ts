import { resolve } from 'node:path';
import { buildReportModel, type ReportCalibrationInput, type ReportModel } from '@gamut/core';
import { type LoadRunOptions, loadRun } from '@gamut/node';
import { storedLabelsAt } from './store-labels.js';
import { withStoredVerdicts } from './stored-verdicts.js';

/** Reads a run directory and builds its view models (the scorer, RAG and analysis functions run here). */
export async function reportModelOfRun(
  runDir: string,
  o: LoadRunOptions & {
    calibration?: ReportCalibrationInput;
    store?: string;
    labelsStore?: { cwd: string; store?: string };
  } = {},
): Promise<ReportModel> {
  const input = await withStoredVerdicts(await loadRun(resolve(runDir), o), process.cwd(), o.store);
  // Without a labels file, the run's own adjudicated labels (from its review store) calibrate it.
  const runId = input.manifest?.run_id;
  const calibration =
    o.calibration ?? (o.labelsStore && runId !== undefined ? await storedLabelsAt(runId, o.labelsStore) : null);
  return buildReportModel({ ...input, ...(calibration && { calibration }) });
}
