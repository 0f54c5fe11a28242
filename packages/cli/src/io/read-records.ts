import { readFile } from 'node:fs/promises';
import { fromZodError, InputError, type Issue } from '@gamut/core';

/** One record read from a file, with the line it started on (1-based) when the file is JSONL. */
export interface SourceRecord {
  readonly value: unknown;
  readonly file: string;
  /** Present for JSONL lines; absent when the file held one JSON document. */
  readonly line?: number;
  /** Index within a JSON array document. */
  readonly index?: number;
}

export async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : String(e);
    throw new InputError({ rule: 'file-unreadable', message: `cannot read ${file}: ${why}`, file });
  }
}

/**
 * Accepts one JSON object, a JSON array of objects, or JSONL (one object per
 * non-blank line). A syntax error names the file and line.
 */
export function parseRecords(text: string, file: string): SourceRecord[] {
  const body = text.replace(/^\uFEFF/, '');
  const trimmed = body.trimStart();
  if (trimmed === '') throw new InputError({ rule: 'empty-file', message: `${file} is empty`, file });
  if (trimmed.startsWith('[') || !looksLikeJsonl(body)) {
    try {
      const doc: unknown = JSON.parse(body);
      if (Array.isArray(doc)) return doc.map((value, index) => ({ value, file, index }));
      return [{ value: doc, file }];
    } catch (e) {
      if (!trimmed.startsWith('[') && !trimmed.startsWith('{')) throw syntaxError(e, body, file);
      if (trimmed.startsWith('[')) throw syntaxError(e, body, file);
      // A `{` document that failed as a whole may still be JSONL with one line broken.
    }
  }
  const out: SourceRecord[] = [];
  const problems: InputError['issues'][number][] = [];
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]?.trim() ?? '';
    if (raw === '') continue;
    try {
      out.push({ value: JSON.parse(raw), file, line: i + 1 });
    } catch (e) {
      problems.push({
        rule: 'json-syntax',
        message: `invalid JSON: ${(e as Error).message}`,
        file,
        line: i + 1,
      });
    }
  }
  if (problems.length) throw new InputError(problems);
  return out;
}

export async function readRecords(file: string): Promise<SourceRecord[]> {
  return parseRecords(await readText(file), file);
}

type ZodErrorOf = Parameters<typeof fromZodError>[0];

/** Any zod schema; structural so this file needs no zod import of its own. */
export interface RecordSchema<T> {
  safeParse(v: unknown): { success: true; data: T } | { success: false; error: ZodErrorOf };
}

/** A parsed record with the JSONL line it came from. */
export interface Located<T> {
  value: T;
  line?: number;
}

/**
 * Parses every record with `schema`. All invalid records are reported
 * together, each naming its file, line, question id and array index, so one
 * run of the command shows every problem.
 */
export function parseValidRecords<T>(records: readonly SourceRecord[], schema: RecordSchema<T>): Array<Located<T>> {
  const out: Array<Located<T>> = [];
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

/** `parseValidRecords` over a file, keeping each record's line. */
export async function readLocatedRecords<T>(file: string, schema: RecordSchema<T>): Promise<Array<Located<T>>> {
  return parseValidRecords(await readRecords(file), schema);
}

/** `parseValidRecords` over a file, values only. */
export async function readValidRecords<T>(file: string, schema: RecordSchema<T>): Promise<T[]> {
  return (await readLocatedRecords(file, schema)).map((r) => r.value);
}

function looksLikeJsonl(text: string): boolean {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length < 2) return false;
  return lines.every((l) => l.trimStart().startsWith('{') && l.trimEnd().endsWith('}'));
}

function syntaxError(e: unknown, text: string, file: string): InputError {
  const msg = (e as Error).message;
  const pos = /position (\d+)/.exec(msg);
  const line = pos ? text.slice(0, Number(pos[1])).split('\n').length : undefined;
  return new InputError({
    rule: 'json-syntax',
    message: `invalid JSON: ${msg}`,
    file,
    ...(line !== undefined && { line }),
  });
}
