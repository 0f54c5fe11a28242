import {
  AgentOutput,
  assertComparableRagReports,
  buildPageIndex,
  type GoldenSet,
  gradeRagLocated,
  type PageIndex,
  parseRecords,
  type RagJudgment,
  type RagReport,
} from '@gamut/core';
import { pageView, type WikiSnapshot } from '@gamut/wiki';
import { readQuestionRecords, readText } from '../files/read-records.js';
import { loadGoldenSet } from '../wiki/load-golden-set.js';
import { loadWikiSnapshot } from '../wiki/load-snapshot.js';

/** An agent run with what it is graded against: the golden set, the snapshot and its text-view index. */
export interface RagRun {
  golden: GoldenSet;
  snapshot: WikiSnapshot;
  outputs: AgentOutput[];
  runLines: ReadonlyMap<string, number>;
  index: PageIndex;
}

/** The judgments to grade with, and where they came from (a `labels:` file keeps each question's line). */
export interface RagJudgments {
  judgments: RagJudgment[];
  judgeId: string;
  file?: string;
  lines: ReadonlyMap<string, number>;
}

/** Reads the snapshot, the golden set (checked against it) and the agent-output JSONL. */
export async function loadRagRun(files: { golden: string; wiki: string; run: string }): Promise<RagRun> {
  const snapshot = await loadWikiSnapshot(files.wiki);
  const { golden } = await loadGoldenSet(files.golden, { snapshot });
  const { values: outputs, lines: runLines } = await readQuestionRecords(files.run, AgentOutput);
  // Judges read the text view (tables row by row), not the raw storage XHTML.
  const index = buildPageIndex(snapshot.pages, { view: pageView });
  return { golden, snapshot, outputs, runLines, index };
}

/** Grades the run; a problem names the file (and line) it sits in. */
export function gradeRagRun(
  run: RagRun,
  judged: RagJudgments,
  o: { k: number; run: string; judge: string },
): RagReport {
  const { golden, snapshot, outputs } = run;
  return gradeRagLocated(
    {
      golden,
      pages: snapshot.pages,
      outputs,
      judgments: judged.judgments,
      k: o.k,
      snapshotId: snapshot.id,
      judge: judged.judgeId,
    },
    {
      run: o.run,
      runLines: run.runLines,
      ...(judged.file !== undefined && { judgments: judged.file }),
      judgmentLines: judged.lines,
      judge: o.judge,
    },
  );
}

/** An earlier `rag score --json`, refused unless made on the same golden set and snapshot. */
export async function readRagComparison(
  report: RagReport,
  file: string,
): Promise<{ file: string; summary: RagReport['summary'] }> {
  const other = parseRecords(await readText(file), file)[0]?.value as RagReport;
  assertComparableRagReports(report, other, { a: 'this run', b: file });
  return { file, summary: other.summary };
}
