import { withCalibrated } from './calibrate-run.js';
import type { CalibratedScores } from './calibrated-score.js';
import type { ScoredRun } from './scored-run.js';

/** About how much text each chunk holds before it is handed over. */
const CHUNK_CHARS = 1 << 16;

/**
 * `gamut score --json` in chunks of about 64 KiB, row by row (together the same
 * text as `JSON.stringify` of `toScoreReport(run)`, then a newline), so a run
 * with many answers is never one huge string. With `calibrated`, each model
 * gains `calibrated` and the report `calibration`.
 */
export function* scoreJsonChunks(run: ScoredRun, calibrated?: CalibratedScores): Generator<string> {
  let buffer = '{"answers":[';
  let first = true;
  for (const row of run.answers()) {
    buffer += (first ? '' : ',') + JSON.stringify(row);
    first = false;
    if (buffer.length > CHUNK_CHARS) {
      yield buffer;
      buffer = '';
    }
  }
  buffer += `],"models":${JSON.stringify(withCalibrated(run.models, calibrated))},"params":${JSON.stringify(run.params)}`;
  buffer += `,"breakdowns":${JSON.stringify(run.breakdowns)},"missing_counted":${run.missingCounted}`;
  buffer += `,"unscored":${JSON.stringify(run.unscored)}`;
  if (calibrated) buffer += `,"calibration":${JSON.stringify(calibrated.calibration)}`;
  yield `${buffer}}\n`;
}
