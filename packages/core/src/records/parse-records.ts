import { InputError } from '../issues/errors.js';
import type { Issue } from '../issues/issue.js';
import { fromZodError } from '../issues/zod-issues.js';
import { recordFromCells } from './csv-cells.js';
import { parseCsvRecords } from './csv-records.js';
import { inputKind } from './input-kind.js';
import { type ParsedText, type ParseOptions, parseJsonText } from './json-records.js';
import type { SourceRecord } from './source-record.js';
import { parseYamlText } from './yaml-records.js';

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
