import {
  type BreakdownKey,
  type CalibratedScores,
  type ScoredRun,
  scoreBreakdownsText,
  scoreNotesText,
  scoreParamsLine,
  withCalibrated,
} from '@gamut/core';
import { unscoredSummary } from '../../render/run-summary.js';
import { renderLeaderboards } from '../../render/table.js';
import { renderText } from '../../render/text-blocks.js';

/** The whole text report of `gamut score`; `verdictsFile` is where unscored answers' failures are listed. */
export function renderScoreText(
  run: ScoredRun,
  by: readonly BreakdownKey[],
  verdictsFile: string,
  calibrated?: CalibratedScores,
): string {
  const unscored = unscoredSummary(run, `${verdictsFile} (lines with "verdict": null)`);
  const out = [
    scoreParamsLine(run.params),
    renderLeaderboards(withCalibrated(run.models, calibrated)),
    ...scoreNotesText(run, calibrated),
    ...(unscored ? [unscored.trimEnd()] : []),
    ...(by.length ? [renderText(scoreBreakdownsText(run, by))] : []),
  ];
  return `${out.join('\n')}\n`;
}
