import { createHash } from 'node:crypto';
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { InputError, type Issue } from '@gamut/core';
import { readRecords, type SourceRecord } from '../io/read-records.js';

/** Where a JSONL record's line sits in its file, to read it again later without keeping it. */
export interface LineSpan {
  /** Byte offset of the line's first byte. */
  readonly offset: number;
  /** Length in bytes, without the line break. */
  readonly length: number;
}

export interface SpannedRecord extends SourceRecord {
  /** Present for JSONL lines. */
  readonly span?: LineSpan;
}

/**
 * Like `readRecords`, but a JSONL file is read line by line, so a large file
 * never sits in memory as one string beside its parsed records. A JSON array
 * or a single (pretty-printed) JSON document falls back to `readRecords`.
 */
export async function* streamRecords(file: string): AsyncGenerator<SourceRecord> {
  for await (const r of streamSpannedRecords(file)) {
    yield r.span === undefined ? r : { value: r.value, file: r.file, line: r.line };
  }
}

/** `streamRecords` that also says where each JSONL line is, for `readLine`. */
export async function* streamSpannedRecords(file: string): AsyncGenerator<SpannedRecord> {
  const problems: Issue[] = [];
  let first = true;
  try {
    for await (const { text, line, span } of rawLines(file)) {
      const trimmed = (first ? text.replace(/^\uFEFF/, '') : text).trim();
      if (trimmed === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(trimmed);
      } catch (e) {
        if (first) {
          // A document spread over lines, or an array: not JSONL.
          yield* await readRecords(file);
          return;
        }
        problems.push({ rule: 'json-syntax', message: `invalid JSON: ${(e as Error).message}`, file, line });
        continue;
      }
      if (first && Array.isArray(value)) {
        yield* await readRecords(file);
        return;
      }
      first = false;
      yield { value, file, line, span };
    }
  } catch (e) {
    throw unreadable(e, file);
  }
  if (first) throw new InputError({ rule: 'empty-file', message: `${file} is empty`, file });
  if (problems.length) throw new InputError(problems);
}

const NEWLINE = 0x0a;

/** Lines as text with their 1-based number and byte span; `\r` stays (callers trim). */
async function* rawLines(file: string): AsyncGenerator<{ text: string; line: number; span: LineSpan }> {
  let carry: Buffer | undefined;
  let carryOffset = 0;
  let line = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    const buf: Buffer = carry === undefined ? (chunk as Buffer) : Buffer.concat([carry, chunk as Buffer]);
    let start = 0;
    for (let nl = buf.indexOf(NEWLINE, start); nl !== -1; nl = buf.indexOf(NEWLINE, start)) {
      line++;
      yield { text: buf.toString('utf8', start, nl), line, span: { offset: carryOffset + start, length: nl - start } };
      start = nl + 1;
    }
    carry = start < buf.length ? buf.subarray(start) : undefined;
    carryOffset += start;
  }
  if (carry !== undefined) {
    line++;
    yield { text: carry.toString('utf8'), line, span: { offset: carryOffset, length: carry.length } };
  }
}

/**
 * Reads single lines of one file again by their spans, through one file
 * descriptor opened on first use; `close` releases it.
 */
export class LineReader {
  private fd: number | undefined;
  constructor(readonly file: string) {}

  read(span: LineSpan): string {
    this.fd ??= openSync(this.file, 'r');
    const buf = Buffer.allocUnsafe(span.length);
    const n = readSync(this.fd, buf, 0, span.length, span.offset);
    return buf.toString('utf8', 0, n).replace(/^\uFEFF/, '');
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/** SHA-256 of a file's bytes, streamed. */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  } catch (e) {
    throw unreadable(e, file);
  }
  return hash.digest('hex');
}

function unreadable(e: unknown, file: string): unknown {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES') {
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : 'permission denied';
    return new InputError({ rule: 'file-unreadable', message: `cannot read ${file}: ${why}`, file });
  }
  return e;
}
