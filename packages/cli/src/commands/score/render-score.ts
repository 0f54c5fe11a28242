import type { BreakdownKey, BreakdownRow, CalibratedScores, ModelScore, ScoredRun } from '@gamut/core';
import { counted } from '@gamut/core';
import { unscoredSummary } from '../../render/run-summary.js';
import { renderCompact as compact, renderLeaderboards, scoreWithCi, newTable as table } from '../../render/table.js';
import { withCalibrated } from './calibrate.js';

const BREAKDOWN_HEAD: Record<BreakdownKey, [string, string]> = {
  tier: ['Tier', 'Tier score [95% CI]'],
  domain: ['Domain', 'Gamut [95% CI]'],
  popularity: ['Popularity', 'Gamut [95% CI]'],
};

/** Rows follow the model order of the main table (best first), then the breakdown's own order. */
function renderBreakdown(key: BreakdownKey, rows: readonly BreakdownRow[], models: readonly ModelScore[]): string {
  const [label, scoreHead] = BREAKDOWN_HEAD[key];
  const t = table(['Model', 'Setting', label, scoreHead, 'n'], ['left', 'left', 'left', 'right', 'right']);
  const rank = new Map(models.map((m, i) => [`${m.model}\u0000${m.setting}`, i]));
  const sorted = rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (rank.get(key2(a.r)) ?? 0) - (rank.get(key2(b.r)) ?? 0) || a.i - b.i);
  for (const { r } of sorted)
    t.push([r.model, r.setting, r.value ?? '(none)', scoreWithCi(r.score, r.ci95), String(r.n)]);
  return compact(t);
}

function key2(r: BreakdownRow): string {
  return `${r.model}\u0000${r.setting}`;
}

/** How the calibrated column was made, and which judge verdicts no label speaks for. */
function calibrationNotes(c: CalibratedScores['calibration']): string[] {
  const notes = [
    `Calibrated: each judge verdict replaced, per check kind, by what people said on ${counted(c.n_labels, 'labelled check')}` +
      `${c.labels !== null ? ` in ${c.labels}` : ''} (add-one smoothing); 95% CI by bootstrap over questions and labels`,
  ];
  if (c.unpaired > 0) {
    notes.push(`${counted(c.unpaired, 'label')} on checks this judge did not grade left out`);
  }
  const unlabelled = c.cells.filter((cell) => cell.n === 0 && cell.used > 0);
  if (unlabelled.length > 0) {
    const list = unlabelled.map((cell) => `${cell.kind} judged ${cell.judge} (${cell.used})`).join(', ');
    notes.push(`No labels for ${list}: these count a quarter each verdict; label some to calibrate them`);
  }
  return notes;
}

/** The whole text report of `gamut score`; `verdictsFile` is where unscored answers' failures are listed. */
export function renderScoreText(
  run: ScoredRun,
  by: readonly BreakdownKey[],
  verdictsFile: string,
  calibrated?: CalibratedScores,
): string {
  const p = run.params;
  const w = p.weights;
  const out: string[] = [];
  out.push(
    `Gamut scores: λ ${p.lambda}, μ ${p.mu}, weights ${w.answer_critical}/${w.valuable}/${w.context}; ` +
      `95% CI by bootstrap over questions (${p.resamples} resamples, seed ${p.seed})`,
  );
  out.push(renderLeaderboards(withCalibrated(run.models, calibrated)));
  const notes = [`${run.answerCount} answer${run.answerCount === 1 ? '' : 's'}`];
  if (p.judge !== null) notes.push(`judge ${p.judge}`);
  if (p.sample !== 0) notes.push(`sample ${p.sample}`);
  if (run.missingCounted > 0) {
    notes.push(
      `${run.missingCounted} check${run.missingCounted === 1 ? '' : 's'} without a verdict counted as missing`,
    );
  }
  if (run.unscored.length > 0) {
    notes.push(`${run.unscored.length} unscored (judge failures)`);
  }
  out.push(notes.join(' · '));
  if (calibrated) out.push(...calibrationNotes(calibrated.calibration));
  const unscored = unscoredSummary(run, `${verdictsFile} (lines with "verdict": null)`);
  if (unscored) out.push(unscored.trimEnd());
  for (const key of by) {
    const rows = run.breakdowns[key];
    out.push('');
    if (!rows) {
      out.push(`By ${key}: the compiled rubrics carry no ${key} labels.`);
      continue;
    }
    out.push(`By ${key}:`);
    out.push(renderBreakdown(key, rows, run.models));
  }
  return `${out.join('\n')}\n`;
}
