import { formatScore as pct, type ScoreReport, type StoredJudgeFailure } from '@gamut/core';
import Table from 'cli-table3';

/** The leaderboard: models by mean Gamut score, ×100 with one decimal, CI and tier means. */
export function leaderboardTable(report: ScoreReport, title?: string): string {
  const table = new Table({
    head: ['model', 'setting', 'gamut', '95% CI', 'n', 'critical', 'valuable', 'context'],
    colAligns: ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right'],
    style: { head: [], border: [] },
  });
  const rows = [...report.models].sort((a, b) => (b.gamut ?? -Infinity) - (a.gamut ?? -Infinity));
  for (const m of rows) {
    table.push([
      m.model,
      m.setting,
      pct(m.gamut),
      m.ci95 ? `${pct(m.ci95[0])}–${pct(m.ci95[1])}` : '—',
      String(m.n),
      pct(m.tiers.answer_critical),
      pct(m.tiers.valuable),
      pct(m.tiers.context),
    ]);
  }
  return `${title ? `${title}\n` : ''}${table.toString()}\n`;
}

/** Judge failures, the first `limit` in full and a count of the rest. */
export function failureList(failures: readonly StoredJudgeFailure[], limit = 20): string {
  if (failures.length === 0) return '';
  let out = `${failures.length} judge failure${failures.length === 1 ? '' : 's'} (not counted as missing; rerun to retry them):\n`;
  for (const f of failures.slice(0, limit)) {
    out += `  ${f.questionId} ${f.model} ${f.setting} ${f.checkId} [${f.judge}]: ${oneLine(f.error)}\n`;
  }
  if (failures.length > limit) out += `  … and ${failures.length - limit} more (see judge-failures.jsonl or --json)\n`;
  return out;
}

function oneLine(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > 160 ? `${t.slice(0, 157)}…` : t;
}
