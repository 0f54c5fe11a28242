import { passRateGateFailure, type RagReport, ragComparisonText, ragReportText } from '@gamut/core';
import { gradeRagRun, loadRagRun, readRagComparison } from '@gamut/node';
import { GateFailed } from '../../io/exit-codes.js';
import { renderText } from '../../render/text-blocks.js';
import { type RagJudgmentOptions, ragJudgments } from './rag-judgments.js';

export interface RagScoreOptions extends RagJudgmentOptions {
  golden: string;
  wiki: string;
  run: string;
  k: number;
  report?: string;
  failUnder?: number;
  compare?: string;
}

type Compared = { file: string; summary: RagReport['summary'] };

/** `gamut rag score`: judge (or read the judgments of) an agent run, grade it, print it, apply the gate. */
export async function runRagScore(opts: RagScoreOptions): Promise<void> {
  const run = await loadRagRun(opts);
  const { golden, snapshot, outputs } = run;
  const judged = await ragJudgments(opts, { golden, outputs, index: run.index });
  const report = gradeRagRun(run, judged, opts);
  const compared = opts.compare ? await readRagComparison(report, opts.compare) : undefined;
  if (opts.report) {
    const { writeRagReport } = await import('@gamut/node');
    const { loadWebApp } = await import('../../web/web-assets.js');
    const rag = { out: opts.report, report, golden, pages: snapshot.pages, outputs };
    const written = await writeRagReport(rag, await loadWebApp());
    // stdout carries the report text or JSON; where the HTML went is said on stderr.
    process.stderr.write(`wrote ${written.out} (${(written.bytes / 1024).toFixed(0)} KB)\n`);
  }
  printRagScore(report, compared, { json: opts.json === true, offlineJudge: judged.judgeId === 'offline' });
  if (opts.failUnder !== undefined) {
    const failure = passRateGateFailure(report.summary.pass_rate, opts.failUnder);
    if (failure !== undefined) throw new GateFailed(failure);
  }
}

function printRagScore(
  report: RagReport,
  compared: Compared | undefined,
  how: { json: boolean; offlineJudge: boolean },
): void {
  if (how.json) {
    process.stdout.write(`${JSON.stringify(compared ? { ...report, compared_with: compared } : report, null, 2)}\n`);
    return;
  }
  process.stdout.write(renderText(ragReportText(report, { offlineJudge: how.offlineJudge })));
  if (compared)
    process.stdout.write(
      `\n${renderText(ragComparisonText(report.summary, compared.summary, { a: 'this run', b: compared.file }))}`,
    );
}
