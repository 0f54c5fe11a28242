import {
  type ModelScore,
  type ScoreReport,
  type StoredJudgeFailure,
  storedFailureKind,
  type UnscoredAnswer,
  unscoredNote,
} from '@gamut/core';
import { renderLeaderboards } from './table.js';

/** The leaderboard of a judge's scores, as every command prints it (`renderLeaderboards`). */
export function leaderboardTable(report: ScoreReport, title?: string): string {
  return `${title ? `${title}\n` : ''}${renderLeaderboards(report.models)}\n`;
}

/**
 * One line per model and setting with unscored answers:
 * "m (multimodal): 3 answers unscored (judge failures: 2 refusal, 1 provider_error) — listed in …".
 */
export function unscoredSummary(
  report: { models: readonly ModelScore[]; unscored: readonly UnscoredAnswer[] },
  listedIn: string,
): string {
  let out = '';
  for (const m of report.models) {
    const note = unscoredNote(m.unscored, report.unscored, m);
    if (note) out += `${m.model} (${m.setting}): ${note} — listed in ${listedIn}\n`;
  }
  return out;
}

/** Judge failures, the first `limit` in full and a count of the rest. */
export function failureList(
  failures: readonly StoredJudgeFailure[],
  limit = 20,
  listedIn = 'judge-failures.jsonl or --json',
): string {
  if (failures.length === 0) return '';
  let out = `${failures.length} judge failure${failures.length === 1 ? '' : 's'} (not verdicts: the answers are unscored; rerun to retry them):\n`;
  for (const f of failures.slice(0, limit)) {
    out += `  ${f.questionId} ${f.model} ${f.setting} ${f.checkId} [${f.judge}] ${storedFailureKind(f)}: ${oneLine(f.error)}\n`;
  }
  if (failures.length > limit) out += `  … and ${failures.length - limit} more (see ${listedIn})\n`;
  return out;
}

function oneLine(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > 160 ? `${t.slice(0, 157)}…` : t;
}
