import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AgentOutput,
  AnswerLine,
  CompiledRubric,
  failureKindOf,
  fromZodError,
  GoldenSet,
  InputError,
  type Issue,
  JudgeFailureKind,
  type JudgeFailureLine,
  Manifest,
  MetaRubric,
  parseRecords,
  RagReport,
  type ReportInput,
  Setting,
  VerdictLine,
  verdictSetting,
  WikiPage,
} from '@gamut/core';
import { pageView } from '@gamut/wiki';
import { readText } from '../files/read-records.js';
import { assertCompleteRun } from '../files/run-directory.js';

interface Parser<T> {
  safeParse(v: unknown): { success: true; data: T } | { success: false; error: Parameters<typeof fromZodError>[0] };
}

/**
 * judge-failures.jsonl (the failures with their raw replies) has no shared
 * schema; read as the failure lines verdicts.jsonl holds since it has them.
 */
const JudgeFailure: Parser<JudgeFailureLine> = {
  safeParse(v: unknown) {
    const o = (v ?? {}) as Record<string, unknown>;
    const setting = Setting.optional().safeParse(o.setting);
    const str = (x: unknown) => (typeof x === 'string' ? x : '');
    if (!setting.success) return { success: false, error: setting.error };
    const error = str(o.error);
    const named = JudgeFailureKind.safeParse(o.kind);
    const kind = named.success ? named.data : failureKindOf(error, typeof o.raw === 'string' ? o.raw : null);
    return {
      success: true,
      data: {
        question_id: str(o.question_id) as JudgeFailureLine['question_id'],
        model: str(o.model) as JudgeFailureLine['model'],
        setting: setting.data,
        check_id: str(o.check_id) as JudgeFailureLine['check_id'],
        judge: str(o.judge),
        verdict: null,
        failure: { kind, reason: error },
        ...(typeof o.sample === 'number' && o.sample !== 0 && { sample: o.sample }),
      },
    };
  },
};

/** Failures from judge-failures.jsonl that verdicts.jsonl does not already hold (runs written before it did). */
function withOlderFailures<T extends VerdictLine>(verdicts: T[], failures: readonly T[]): T[] {
  if (failures.length === 0) return verdicts;
  const key = (v: T) =>
    `${v.question_id}\u0000${v.model}\u0000${v.setting}\u0000${v.check_id}\u0000${v.judge}\u0000${v.sample ?? 0}`;
  const have = new Set(verdicts.map(key));
  return [...verdicts, ...failures.filter((f) => !have.has(key(f)))];
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** Parses every record of a file with a schema, collecting every problem with its file and line. */
async function readAll<T>(file: string, schema: Parser<T>, optional: boolean): Promise<T[]> {
  if (optional && !(await exists(file))) return [];
  const text = await readText(file);
  if (text.trim() === '') return [];
  const out: T[] = [];
  const issues: Issue[] = [];
  for (const rec of parseRecords(text, file)) {
    const r = schema.safeParse(rec.value);
    if (r.success) out.push(r.data);
    else
      issues.push(
        ...fromZodError(r.error, rec.value, {
          file,
          ...(rec.line !== undefined && { line: rec.line }),
          ...(rec.index !== undefined && { pathPrefix: [rec.index] }),
        }),
      );
    if (issues.length >= 50) break;
  }
  if (issues.length) throw new InputError(issues);
  return out;
}

async function readOne<T>(file: string, schema: Parser<T>): Promise<T | null> {
  const all = await readAll(file, schema, true);
  return all[0] ?? null;
}

export interface LoadRunOptions {
  judge?: string;
  missingAsMissing?: boolean;
}

/**
 * Reads a run directory (docs/run-directory.md) into the report builder's
 * input. Required: manifest.json (written last, so without it the directory
 * is incomplete) and rubrics.jsonl; every other file is optional and a
 * missing one means "not in this run".
 */
export async function loadRun(dir: string, o: LoadRunOptions = {}): Promise<ReportInput> {
  const f = (name: string) => join(dir, name);
  await assertCompleteRun(dir);
  if (!(await exists(f('rubrics.jsonl')))) {
    throw new InputError({
      rule: 'run-incomplete',
      message: `${dir} has a manifest but no rubrics.jsonl: the run directory is damaged; rerun the run that wrote it`,
      file: f('rubrics.jsonl'),
    });
  }
  const [manifest, metaRubrics, rubrics, answers, verdicts, judgeFailures] = await Promise.all([
    readOne(f('manifest.json'), Manifest),
    readAll(f('meta-rubrics.jsonl'), MetaRubric, true),
    readAll(f('rubrics.jsonl'), CompiledRubric, false),
    readAll(f('answers.jsonl'), AnswerLine, true),
    readAll(f('verdicts.jsonl'), VerdictLine, true),
    readAll(f('judge-failures.jsonl'), JudgeFailure, true),
  ]);
  const ragFile = f('rag/rag-score.json');
  let rag: ReportInput['rag'] = null;
  if (await exists(ragFile)) {
    const [report, golden, wiki, outputs] = await Promise.all([
      readOne(ragFile, RagReport),
      readOne(f('rag/golden.json'), GoldenSet),
      readAll(f('rag/wiki.jsonl'), WikiPage, true),
      readAll(f('rag/agent-output.jsonl'), AgentOutput, true),
    ]);
    // Passages beside claims come from the text view the judge read, so a table row stays whole.
    if (report) rag = { report, golden, wiki, outputs, view: pageView };
  }
  // Gamut writes every line with its setting; a line without one is read as the scorer reads it.
  const byId = new Map(rubrics.map((r) => [r.question_id as string, r]));
  const settle = <T extends { question_id: string; setting?: Setting | undefined }>(line: T) => ({
    ...line,
    setting: verdictSetting(line.setting, byId.get(line.question_id) ?? {}),
  });
  return {
    manifest,
    metaRubrics,
    rubrics,
    answers: answers.map(settle),
    verdicts: withOlderFailures(verdicts.map(settle), judgeFailures.map(settle)),
    rag,
    ...(o.judge !== undefined && { judge: o.judge }),
    ...(o.missingAsMissing && { missingAsMissing: true }),
  };
}
