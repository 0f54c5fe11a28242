import { formatCi, formatScore, type LeaderboardRow, type ReportSummary } from '@gamut/core';

/**
 * The leaderboard's calibrated column (`gamut report --calibrate`): each
 * model's score with every judge verdict replaced by what people said,
 * beside the raw score and never instead of it. Renders nothing without labels.
 */
export function hasCalibration(summary: ReportSummary): boolean {
  return summary.calibration !== undefined;
}

export function CalibratedHeader() {
  return (
    <th scope="col" title="Judge verdicts replaced by the human-verdict distribution they stand for">
      Calibrated [95% CI]
    </th>
  );
}

export function CalibratedCell({ row }: { row: LeaderboardRow }) {
  const c = row.calibrated;
  return (
    <td className="num" data-testid="lb-calibrated">
      {c ? `${formatScore(c.gamut)} ${formatCi(c.ci95)}` : '—'}
    </td>
  );
}

/** One line under the title: where the labels came from and what the column means. */
export function CalibrationNote({ summary }: { summary: ReportSummary }) {
  const c = summary.calibration;
  if (!c) return null;
  const unlabelled = c.cells.filter((cell) => cell.n === 0 && cell.used > 0).length;
  return (
    <p className="muted" data-testid="lb-calibration-note">
      Calibrated: each judge verdict replaced, per check kind, by what people said on {c.n_labels} labelled checks
      {c.labels ? ` (${c.labels})` : ''}, add-one smoothed; its 95% CI resamples questions and labels
      {unlabelled > 0 ? ` · ${unlabelled} kind × verdict cells have no labels and count a quarter each verdict` : ''}
    </p>
  );
}
