import type { ScoreReport, StoredJudgeFailure } from '@gamut/core';
import { renderLeaderboards } from '../render/table.js';

/** The leaderboard of a judge's scores, as every command prints it (`renderLeaderboards`). */
export function leaderboardTable(report: ScoreReport, title?: string): string {
  return `${title ? `${title}\n` : ''}${renderLeaderboards(report.models)}\n`;
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
