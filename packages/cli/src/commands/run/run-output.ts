import { type CallCounts, counted, failureJson, type ScoreReport, type StoredJudgeFailure } from '@gamut/core';
import { failureList, leaderboardTable, unscoredSummary } from '../../render/run-summary.js';

export interface RunResult {
  json: boolean;
  quiet: boolean;
  runId: string;
  runDir: string;
  store: string;
  counts: CallCounts;
  judges: { id: string; spec: string; report: ScoreReport | null }[];
  answerFailures: { questionId: string; model: string; setting: string; error: string }[];
  failures: readonly StoredJudgeFailure[];
  /** Why the quality gate fails; empty when it passes. */
  gate: string[];
}

/** The end of `gamut run`: a JSON summary on stdout, or the leaderboards on stdout and the failures on stderr. */
export function printRunResult(r: RunResult): void {
  if (r.json) {
    process.stdout.write(
      `${JSON.stringify({
        run_id: r.runId,
        run_dir: r.runDir,
        store: r.store,
        calls: r.counts,
        judges: r.judges.map((j) => ({
          judge: j.id,
          spec: j.spec,
          models: j.report?.models ?? [],
          unscored: j.report?.unscored ?? [],
        })),
        answer_failures: r.answerFailures,
        judge_failures: r.failures.map(failureJson),
        gate: { passed: r.gate.length === 0, reasons: r.gate },
      })}\n`,
    );
    return;
  }
  if (r.quiet) return;
  for (const j of r.judges) {
    const report = j.report;
    process.stdout.write(
      report ? leaderboardTable(report, `judge ${j.id}`) : `judge ${j.id}: nothing could be scored\n`,
    );
  }
  process.stdout.write(`run directory: ${r.runDir}\n`);
  const err = (s: string) => process.stderr.write(s);
  err(`${counted(r.counts.calls, 'call')} sent, ${r.counts.cacheHits} answered from the store\n`);
  for (const f of r.answerFailures) err(`answer failed: ${f.questionId} ${f.model} ${f.setting}: ${f.error}\n`);
  const listedIn = `${r.runDir}/verdicts.jsonl (lines with "verdict": null)`;
  err(failureList(r.failures, 20, listedIn));
  for (const j of r.judges) {
    if (j.report) err(unscoredSummary(j.report, `${listedIn}${r.judges.length > 1 ? ` [judge ${j.id}]` : ''}`));
  }
}
