import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  AgentOutput,
  buildPageIndex,
  createOfflineRagJudge,
  fromZodError,
  GoldenSet,
  gradeRag,
  InputError,
  type Issue,
  judgeRagRun,
  type RagJudgment,
  type RagReport,
  WikiPage,
} from '@gamut/core';
import { readRecords } from '../io/read-records.js';

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

type ZodErrorOf = Parameters<typeof fromZodError>[0];
interface Schema<T> {
  safeParse(v: unknown): { success: true; data: T } | { success: false; error: ZodErrorOf };
}

async function readAll<T>(file: string, schema: Schema<T>): Promise<T[]> {
  const out: T[] = [];
  const issues: Issue[] = [];
  for (const r of await readRecords(file)) {
    const parsed = schema.safeParse(r.value);
    if (parsed.success) out.push(parsed.data);
    else
      issues.push(
        ...fromZodError(parsed.error, r.value, { file: r.file, ...(r.line !== undefined && { line: r.line }) }),
      );
  }
  if (issues.length) throw new InputError(issues);
  return out;
}

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
  const [golden] = await readAll(goldenFile, GoldenSet);
  if (!golden) return null;
  const pages = await readAll(wikiFile, WikiPage);
  const outputs = await readAll(outputsFile, AgentOutput);
  const index = buildPageIndex(pages);
  const judge = createOfflineRagJudge();
  const { judgments, failures } = await judgeRagRun({ golden, outputs, index, judge, concurrency: 1 });
  if (failures.length) {
    throw new Error(`the offline RAG judge failed on ${failures.map((f) => f.question_id).join(', ')}`);
  }
  const report = gradeRag({ golden, pages, outputs, judgments, judge: judge.id });
  return { golden, pages, outputs, judgments, report };
}
