import type { Writable } from 'node:stream';
import type { CalibratedScores, ScoredRun } from '@gamut/core';
import { withCalibrated } from './calibrate.js';

/**
 * Writes `gamut score --json` row by row (same text as `JSON.stringify` of
 * `toScoreReport(run)`), so a run with many answers is never one huge string.
 * With `calibrated`, each model gains `calibrated` and the report `calibration`.
 */
export async function writeScoreJson(run: ScoredRun, out: Writable, calibrated?: CalibratedScores): Promise<void> {
  let buffer = '{"answers":[';
  let first = true;
  for (const row of run.answers()) {
    buffer += (first ? '' : ',') + JSON.stringify(row);
    first = false;
    if (buffer.length > 1 << 16) {
      await write(out, buffer);
      buffer = '';
    }
  }
  buffer += `],"models":${JSON.stringify(withCalibrated(run.models, calibrated))},"params":${JSON.stringify(run.params)}`;
  buffer += `,"breakdowns":${JSON.stringify(run.breakdowns)},"missing_counted":${run.missingCounted}`;
  buffer += `,"unscored":${JSON.stringify(run.unscored)}`;
  if (calibrated) buffer += `,"calibration":${JSON.stringify(calibrated.calibration)}`;
  buffer += '}\n';
  await write(out, buffer);
}

function write(out: Writable, chunk: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = out.write(chunk, (e) => (e ? reject(e) : undefined));
    if (ok) resolve();
    else out.once('drain', resolve);
  });
}
