import type { CallCounts, EvaluationOutcome, RunStore } from '@gamut/core';
import { counted, failureJson, junitRows, junitXml } from '@gamut/core';
import { type VerdictFormat, verdictText, writeStreamAtomic } from '@gamut/node';
import { GateFailed } from '../../io/exit-codes.js';
import { failureList, leaderboardTable, unscoredSummary } from '../../render/run-summary.js';

interface OutputOptions {
  output?: string;
  format: VerdictFormat;
  failUnder?: number;
  quiet?: boolean;
  json?: boolean;
}

/** Where `gamut judge` lists its judge failures, for the gate's reason and the summary. */
export function failuresListedIn(o: OutputOptions): string {
  if (o.output) return `${o.output}${o.format === 'junit' ? '' : ' (lines with "verdict": null)'}`;
  if (o.json) return '"judge_failures" of the JSON summary';
  return o.format === 'junit' ? 'the JUnit report on stdout' : 'the verdicts on stdout (lines with "verdict": null)';
}

/** The verdicts (or JUnit report) to `-o` or stdout, then the JSON or text summary; a failed gate exits 1. */
export async function printJudgeResult(
  o: OutputOptions,
  r: {
    store: RunStore;
    file: string;
    outcome: Extract<EvaluationOutcome, { status: 'finished' }>;
    counts: CallCounts;
    listedIn: string;
  },
): Promise<void> {
  const { store, outcome } = r;
  const { failures } = outcome;
  const report = outcome.judges[0]?.report ?? null;
  if (o.format === 'junit') {
    const xml = junitXml(junitRows(report), o.failUnder);
    if (o.output) await writeStreamAtomic(o.output, [xml]);
    else if (!o.json) process.stdout.write(xml);
  } else if (o.output) {
    await writeStreamAtomic(o.output, verdictText(store.verdictPages(outcome.runId), o.format, failures));
  } else if (!o.json) {
    for await (const chunk of verdictText(store.verdictPages(outcome.runId), o.format, failures))
      process.stdout.write(chunk);
  }
  const summary = outcome.judges[0]?.summary ?? { planned: 0, skipped: 0, judged: 0, failed: 0 };
  if (o.json) {
    process.stdout.write(
      `${JSON.stringify({
        run_id: outcome.runId,
        store: r.file,
        judge: outcome.judges[0]?.judge.judge.id,
        checks: { planned: summary.planned, skipped: summary.skipped, judged: summary.judged, failed: summary.failed },
        calls: r.counts,
        models: report?.models ?? [],
        unscored: report?.unscored ?? [],
        judge_failures: failures.map(failureJson),
        gate: { passed: outcome.gate.length === 0, reasons: outcome.gate },
      })}\n`,
    );
  } else if (!o.quiet) {
    process.stderr.write(
      `judged ${summary.judged}, kept ${summary.skipped} from earlier, ${counted(summary.failed, 'judge failure')}; ` +
        `${counted(r.counts.calls, 'call')} sent, ${r.counts.cacheHits} from cache\n` +
        (report ? leaderboardTable(report) : '') +
        failureList(failures, 20, r.listedIn) +
        (report ? unscoredSummary(report, r.listedIn) : ''),
    );
  }
  if (outcome.gate.length) throw new GateFailed(outcome.gate.join('; '));
}
