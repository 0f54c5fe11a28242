import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  AgentOutput,
  buildPageIndex,
  createOfflineRagJudge,
  GoldenSet,
  gradeRag,
  InternalError,
  judgeRagRun,
  type RagJudgment,
  type RagReport,
  WikiPage,
} from '@gamut/core';
import { pageView } from '@gamut/wiki';
import { toJsonl, writeFileAtomic } from '../files/atomic-write.js';
import { readValidRecords } from '../files/read-records.js';

export interface DemoRag {
  golden: GoldenSet;
  pages: WikiPage[];
  outputs: AgentOutput[];
  judgments: RagJudgment[];
  report: RagReport;
}

/** File names the bundled wiki data may use; the first one present wins. */
const NAMES = {
  golden: ['golden.json', 'golden-set.json'],
  wiki: ['wiki.jsonl'],
  outputs: ['agent-output.jsonl', 'agent-run.jsonl', 'agent-outputs.jsonl', 'agent/agent-output.jsonl'],
} as const;

const firstPresent = (dir: string, names: readonly string[]) =>
  names.map((n) => join(dir, n)).find((p) => existsSync(p)) ?? null;

/**
 * Grades the bundled wiki agent run with the offline (lexical) RAG judge.
 * Returns null when the bundled wiki data is incomplete, so the demo still
 * runs the Gamut part.
 */
export async function gradeDemoRag(wikiDir: string | null): Promise<DemoRag | null> {
  if (!wikiDir) return null;
  const goldenFile = firstPresent(wikiDir, NAMES.golden);
  const wikiFile = firstPresent(wikiDir, NAMES.wiki);
  const outputsFile = firstPresent(wikiDir, NAMES.outputs);
  if (!goldenFile || !wikiFile || !outputsFile) return null;
  const [golden] = await readValidRecords(goldenFile, GoldenSet);
  if (!golden) return null;
  const pages = await readValidRecords(wikiFile, WikiPage);
  const outputs = await readValidRecords(outputsFile, AgentOutput);
  const index = buildPageIndex(pages, { view: pageView });
  const judge = createOfflineRagJudge();
  const { judgments, failures } = await judgeRagRun({ golden, outputs, index, judge, concurrency: 1 });
  if (failures.length) {
    throw new InternalError(`the offline RAG judge failed on ${failures.map((f) => f.question_id).join(', ')}`);
  }
  const report = gradeRag({ golden, pages, outputs, judgments, judge: judge.id });
  return { golden, pages, outputs, judgments, report };
}

/** The wiki-QA part of the demo's run directory (`rag/`), written before its manifest. */
export async function writeDemoRag(dir: string, rag: DemoRag): Promise<void> {
  await writeFileAtomic(join(dir, 'rag', 'golden.json'), `${JSON.stringify(rag.golden, null, 2)}\n`);
  await writeFileAtomic(join(dir, 'rag', 'wiki.jsonl'), toJsonl(rag.pages));
  await writeFileAtomic(join(dir, 'rag', 'agent-output.jsonl'), toJsonl(rag.outputs));
  await writeFileAtomic(join(dir, 'rag', 'judgments.jsonl'), toJsonl(rag.judgments));
  await writeFileAtomic(join(dir, 'rag', 'rag-score.json'), `${JSON.stringify(rag.report, null, 2)}\n`);
}
