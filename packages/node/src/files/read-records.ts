import { readFile } from 'node:fs/promises';
import {
  checkTextBytes,
  InputError,
  type Issue,
  inputKind,
  invalidUtf8Warnings,
  type Located,
  parseRecords,
  parseText,
  parseValidRecords,
  type RecordSchema,
  type SourceRecord,
} from '@gamut/core';

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

export async function readRecords(file: string): Promise<SourceRecord[]> {
  return parseRecords(await readText(file), file);
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

/**
 * Reads every record it can, for a validator to report all problems of a
 * file in one pass: broken JSONL lines are problems beside the good lines,
 * and what reads but deserves a look (a repeated key, invalid UTF-8) comes
 * back as warnings.
 */
export async function readRecordsTolerant(
  file: string,
): Promise<{ records: SourceRecord[]; issues: Issue[]; warnings: Issue[] }> {
  const bytes = await readBytes(file);
  const parsed = parseText(decodeText(bytes, file), file, { duplicates: true, locate: true });
  return { ...parsed, warnings: [...invalidUtf8Warnings(bytes, file), ...parsed.warnings] };
}
