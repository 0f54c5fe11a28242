import { readFile } from 'node:fs/promises';
import { fromZodError, InputError, type Issue, type Locate } from '@gamut/core';
import { recordFromCells } from './csv-cells.js';
import { parseCsvRecords } from './csv-records.js';
import { checkTextBytes, inputKind } from './input-kind.js';
import { type ParsedText, type ParseOptions, parseJsonText } from './json-records.js';
import { parseYamlText } from './yaml-records.js';

/** One record read from a file, with the line it started on (1-based) when the file is JSONL or CSV. */
export interface SourceRecord {
  readonly value: unknown;
  readonly file: string;
  /** Present for JSONL lines and CSV rows; absent when the file held one JSON document. */
  readonly line?: number;
  /** Index within a JSON array document. */
  readonly index?: number;
  /** A CSV row: `value` holds its cells as text by column, typed by the schema that reads it (`recordValue`). */
  readonly csv?: true;
  /** Where a path inside the record is in its file; kept when asked for (`gamut validate`), as it costs a scan. */
  readonly locate?: Locate;
}

/** A file's bytes; a missing file or a folder is the user's error, named. */
export async function readBytes(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : String(e);
    throw new InputError({ rule: 'file-unreadable', message: `cannot read ${file}: ${why}`, file });
  }
}

/** UTF-8 text without its BOM; a binary format or UTF-16 is refused by name. */
export function decodeText(bytes: Uint8Array, file: string): string {
  inputKind(file);
  checkTextBytes(bytes, file);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

export async function readText(file: string): Promise<string> {
  return decodeText(await readBytes(file), file);
}

/**
 * Every record of a text, read as its file's name says: JSON (one object, an
 * array of objects, or JSONL), YAML (one record) or CSV (one record per row).
 * Problems come back with their line and column, not thrown, so a validator
 * can list them all; `parseRecords` throws them.
 */
export function parseText(text: string, file: string, options: ParseOptions = {}): ParsedText {
  const kind = inputKind(file);
  if (kind === 'yaml') return parseYamlText(text, file);
  if (kind === 'csv') {
    try {
      return { records: parseCsvRecords(text, file), issues: [], warnings: [] };
    } catch (e) {
      if (InputError.isInputError(e)) return { records: [], issues: [...e.issues], warnings: [] };
      throw e;
    }
  }
  return parseJsonText(text, file, options);
}

/** `parseText` that throws every problem as one `InputError`. */
export function parseRecords(text: string, file: string): SourceRecord[] {
  const { records, issues } = parseText(text.replace(/^\uFEFF/, ''), file);
  if (issues.length) throw new InputError(issues);
  return records;
}

export async function readRecords(file: string): Promise<SourceRecord[]> {
  return parseRecords(await readText(file), file);
}

/** The value a schema should parse: a CSV row's cells typed by that schema, anything else as read. */
export function recordValue(r: SourceRecord, schema: unknown): unknown {
  return r.csv ? recordFromCells(r.value as Record<string, string>, schema) : r.value;
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
    const value = recordValue(r, schema);
    const parsed = schema.safeParse(value);
    if (parsed.success) {
      out.push({ value: parsed.data, ...(r.line !== undefined && { line: r.line }) });
      continue;
    }
    const v = value as { question_id?: unknown } | null;
    issues.push(
      ...fromZodError(parsed.error, value, {
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

/** Per-question records of a file, with the line each question's record sits on (for issues that name it). */
export async function readQuestionRecords<T extends { question_id: string }>(
  file: string,
  schema: RecordSchema<T>,
): Promise<{ values: T[]; lines: Map<string, number> }> {
  const located = await readLocatedRecords(file, schema);
  const lines = new Map<string, number>();
  for (const { value, line } of located) if (line !== undefined) lines.set(value.question_id, line);
  return { values: located.map((l) => l.value), lines };
}
