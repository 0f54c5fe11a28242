import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fromZodError, InputError, type Issue, VerdictLine } from '@gamut/core';
import type { z } from 'zod';
import { readRecords, type SourceRecord } from '../../io/read-records.js';
import { readCompiledRubrics } from '../score/read-rubrics.js';

export interface Located<T> {
  value: T;
  line?: number;
}

/** Parses every record with `schema`; all invalid records are reported together with file and line. */
export function parseAll<S extends z.ZodType>(records: readonly SourceRecord[], schema: S): Array<Located<z.infer<S>>> {
  const out: Array<Located<z.infer<S>>> = [];
  const issues: Issue[] = [];
  for (const r of records) {
    const parsed = schema.safeParse(r.value);
    if (parsed.success) {
      out.push({ value: parsed.data, ...(r.line !== undefined && { line: r.line }) });
      continue;
    }
    const v = r.value as { question_id?: unknown } | null;
    issues.push(
      ...fromZodError(parsed.error, r.value, {
        file: r.file,
        ...(r.line !== undefined && { line: r.line }),
        ...(v && typeof v.question_id === 'string' && { question: v.question_id }),
        ...(r.index !== undefined && { pathPrefix: [r.index] }),
      }),
    );
  }
  if (issues.length) throw new InputError(issues);
  return out;
}

export async function readParsed<S extends z.ZodType>(file: string, schema: S): Promise<Array<Located<z.infer<S>>>> {
  return parseAll(await readRecords(file), schema);
}

/** What run-level analyses need from a run directory (docs/run-directory.md). */
export interface RunInputs {
  rubrics: Awaited<ReturnType<typeof readCompiledRubrics>>;
  verdicts: VerdictLine[];
  files: { rubrics: string; verdicts: string };
}

/** Reads `<run>/rubrics.jsonl` and `<run>/verdicts.jsonl` (or the files given instead). */
export async function readRun(
  run: string | undefined,
  given: { rubrics?: string; verdicts?: string },
): Promise<RunInputs> {
  const rubricsFile = given.rubrics ?? (run !== undefined ? join(run, 'rubrics.jsonl') : undefined);
  const verdictsFile = given.verdicts ?? (run !== undefined ? join(run, 'verdicts.jsonl') : undefined);
  if (rubricsFile === undefined || verdictsFile === undefined) {
    throw new InputError({
      rule: 'usage',
      message: 'name a run directory, or both --rubrics and --verdicts',
    });
  }
  if (run !== undefined) {
    const isDir = await stat(run).then(
      (st) => st.isDirectory(),
      () => false,
    );
    if (!isDir) {
      throw new InputError({ rule: 'run-not-found', message: `no run directory at ${run}`, file: run });
    }
  }
  const [rubrics, verdicts] = await Promise.all([
    readCompiledRubrics(rubricsFile),
    readParsed(verdictsFile, VerdictLine),
  ]);
  return { rubrics, verdicts: verdicts.map((v) => v.value), files: { rubrics: rubricsFile, verdicts: verdictsFile } };
}

/** An integer option of at least `min`, or an input error naming it. */
export function intOption(name: string, raw: string | undefined, fallback: number, min = 0): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min) {
    throw new InputError({ rule: 'usage', message: `${name} must be an integer ≥ ${min}, got "${raw}"` });
  }
  return n;
}
