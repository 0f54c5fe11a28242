import {
  AgentOutput,
  assertComparableRagReports,
  buildPageIndex,
  type GoldenSet,
  gradeRagLocated,
  parseRecords,
  passRateGateFailure,
  type RagReport,
  ragComparisonText,
  ragReportText,
} from '@gamut/core';
import { loadGoldenSet, loadWikiSnapshot, readQuestionRecords, readText } from '@gamut/node';
import { pageView, type WikiSnapshot } from '@gamut/wiki';
import { GateFailed } from '../../io/exit-codes.js';
import { renderText } from '../../render/text-blocks.js';
import { type RagJudgmentOptions, type RagJudgments, ragJudgments } from './rag-judgments.js';

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
  const snapshot = await loadWikiSnapshot(opts.wiki);
  const { golden } = await loadGoldenSet(opts.golden, { snapshot });
  const { values: outputs, lines: runLines } = await readQuestionRecords(opts.run, AgentOutput);
  // Judges read the text view (tables row by row), not the raw storage XHTML.
  const index = buildPageIndex(snapshot.pages, { view: pageView });
  const judged = await ragJudgments(opts, { golden, outputs, index });
  const report = grade(opts, { golden, snapshot, outputs, runLines, judged });
  const compared = opts.compare ? await readComparison(report, opts.compare) : undefined;
  if (opts.report) {
    const { writeRagReport } = await import('./score-report.js');
    const written = await writeRagReport({ out: opts.report, report, golden, pages: snapshot.pages, outputs });
    // stdout carries the report text or JSON; where the HTML went is said on stderr.
    process.stderr.write(`wrote ${written.out} (${(written.bytes / 1024).toFixed(0)} KB)\n`);
  }
  printRagScore(report, compared, { json: opts.json === true, offlineJudge: judged.judgeId === 'offline' });
  if (opts.failUnder !== undefined) {
    const failure = passRateGateFailure(report.summary.pass_rate, opts.failUnder);
    if (failure !== undefined) throw new GateFailed(failure);
  }
}

/** Grades the run; a problem names the file (and line) it sits in. */
function grade(
  opts: RagScoreOptions,
  run: {
    golden: GoldenSet;
    snapshot: WikiSnapshot;
    outputs: AgentOutput[];
    runLines: ReadonlyMap<string, number>;
    judged: RagJudgments;
  },
): RagReport {
  const { golden, snapshot, outputs, judged } = run;
  return gradeRagLocated(
    {
      golden,
      pages: snapshot.pages,
      outputs,
      judgments: judged.judgments,
      k: opts.k,
      snapshotId: snapshot.id,
      judge: judged.judgeId,
    },
    {
      run: opts.run,
      runLines: run.runLines,
      ...(judged.file !== undefined && { judgments: judged.file }),
      judgmentLines: judged.lines,
      judge: opts.judge,
    },
  );
}

/** An earlier `rag score --json`, refused unless made on the same golden set and snapshot. */
async function readComparison(report: RagReport, file: string): Promise<Compared> {
  const other = parseRecords(await readText(file), file)[0]?.value as RagReport;
  assertComparableRagReports(report, other, { a: 'this run', b: file });
  return { file, summary: other.summary };
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
