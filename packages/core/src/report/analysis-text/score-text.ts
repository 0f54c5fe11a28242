import { counted } from '../../issues/counted.js';
import type { CalibratedScores } from '../../score/calibrated-score.js';
import type { BreakdownKey, BreakdownRow, ModelScore } from '../../score/score-report.js';
import type { ScoredRun } from '../../score/scored-run.js';
import { pctCi, type TextBlock, type TextTable } from './text-blocks.js';

/** The first line of `gamut score`: the parameters the scores were made with. */
export function scoreParamsLine(p: ScoredRun['params']): string {
  const w = p.weights;
  return (
    `Gamut scores: λ ${p.lambda}, μ ${p.mu}, weights ${w.answer_critical}/${w.valuable}/${w.context}; ` +
    `95% CI by bootstrap over questions (${p.resamples} resamples, seed ${p.seed})`
  );
}

/** The lines under the leaderboard: what was scored, and how the calibrated column was made. */
export function scoreNotesText(run: ScoredRun, calibrated?: CalibratedScores): string[] {
  const p = run.params;
  const notes = [`${run.answerCount} answer${run.answerCount === 1 ? '' : 's'}`];
  if (p.judge !== null) notes.push(`judge ${p.judge}`);
  if (p.sample !== 0) notes.push(`sample ${p.sample}`);
  if (run.missingCounted > 0) {
    notes.push(
      `${run.missingCounted} check${run.missingCounted === 1 ? '' : 's'} without a verdict counted as missing`,
    );
  }
  if (run.unscored.length > 0) notes.push(`${run.unscored.length} unscored (judge failures)`);
  return [notes.join(' · '), ...(calibrated ? calibrationNotes(calibrated.calibration) : [])];
}

/** How the calibrated column was made, and which judge verdicts no label speaks for. */
function calibrationNotes(c: CalibratedScores['calibration']): string[] {
  const notes = [
    `Calibrated: each judge verdict replaced, per check kind, by what people said on ${counted(c.n_labels, 'labelled check')}` +
      `${c.labels !== null ? ` in ${c.labels}` : ''} (add-one smoothing); 95% CI by bootstrap over questions and labels`,
  ];
  if (c.unpaired > 0) notes.push(`${counted(c.unpaired, 'label')} on checks this judge did not grade left out`);
  const unlabelled = c.cells.filter((cell) => cell.n === 0 && cell.used > 0);
  if (unlabelled.length > 0) {
    const list = unlabelled.map((cell) => `${cell.kind} judged ${cell.judge} (${cell.used})`).join(', ');
    notes.push(`No labels for ${list}: these count a quarter each verdict; label some to calibrate them`);
  }
  return notes;
}

const BREAKDOWN_HEAD: Record<BreakdownKey, [string, string]> = {
  tier: ['Tier', 'Tier score [95% CI]'],
  domain: ['Domain', 'Gamut [95% CI]'],
  popularity: ['Popularity', 'Gamut [95% CI]'],
};

/** `--by`: a blank line, a title and a table per key; a key the rubrics carry no labels for says so. */
export function scoreBreakdownsText(run: ScoredRun, by: readonly BreakdownKey[]): TextBlock[] {
  return by.flatMap((key): TextBlock[] => {
    const rows = run.breakdowns[key];
    if (!rows) return ['', `By ${key}: the compiled rubrics carry no ${key} labels.`];
    return ['', `By ${key}:`, breakdownTable(key, rows, run.models)];
  });
}

/** Rows follow the model order of the main table (best first), then the breakdown's own order. */
function breakdownTable(key: BreakdownKey, rows: readonly BreakdownRow[], models: readonly ModelScore[]): TextTable {
  const [label, scoreHead] = BREAKDOWN_HEAD[key];
  const unit = (r: { model: string; setting: string }) => `${r.model}\u0000${r.setting}`;
  const rank = new Map(models.map((m, i) => [unit(m), i]));
  const sorted = rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (rank.get(unit(a.r)) ?? 0) - (rank.get(unit(b.r)) ?? 0) || a.i - b.i);
  return {
    head: ['Model', 'Setting', label, scoreHead, 'n'],
    rows: sorted.map(({ r }) => [r.model, r.setting, r.value ?? '(none)', pctCi(r.score, r.ci95), String(r.n)]),
    right: [3, 4],
  };
}
