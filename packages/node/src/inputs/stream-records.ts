import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { InputError, type Issue, inputKind, parseValue, type SourceRecord } from '@gamut/core';
import { readRecords } from '../files/read-records.js';

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
  // CSV and YAML are read whole: a CSV row may span lines, and a YAML file is one record.
  if (inputKind(file) !== 'json') {
    yield* await readRecords(file);
    return;
  }
  const problems: Issue[] = [];
  let first = true;
  try {
    for await (const { text: raw, line, span } of rawLines(file)) {
      const text = first ? raw.replace(/^\uFEFF/, '') : raw;
      if (text.trim() === '') continue;
      if (first && !text.trimStart().startsWith('{')) {
        // An array, or a binary file: read whole, where both are told apart.
        yield* await readRecords(file);
        return;
      }
      const got = parseValue(text.replace(/\r$/, ''), file, line, { part: 'line' });
      if ('issue' in got) {
        if (first) {
          // A document spread over lines, or JSONL whose first line is broken: read whole.
          yield* await readRecords(file);
          return;
        }
        problems.push(got.issue);
        continue;
      }
      first = false;
      yield { value: got.value, file, line, span };
    }
  } catch (e) {
    throw unreadable(e, file);
  }
  if (first) throw new InputError({ rule: 'empty-file', message: `${file} is empty`, file });
  if (problems.length) throw new InputError(problems);
}

const NEWLINE = 0x0a;
/** Bytes per read; a longer line grows the buffer. */
const BLOCK = 1 << 16;

/**
 * Lines as text with their 1-based number and byte span; `\r` stays (callers trim).
 * The file is read into one reused buffer: a fresh buffer per chunk left the
 * allocator's heap fragmented and the process's peak memory grew with the
 * size of its inputs.
 */
async function* rawLines(file: string): AsyncGenerator<{ text: string; line: number; span: LineSpan }> {
  const fh = await open(file, 'r');
  try {
    let buf: Buffer = Buffer.allocUnsafeSlow(BLOCK);
    // buf[0, filled) holds an unfinished line that starts at file offset `base`.
    let filled = 0;
    let base = 0;
    let line = 0;
    for (;;) {
      if (filled === buf.length) buf = grown(buf);
      const { bytesRead } = await fh.read(buf, filled, buf.length - filled, null);
      if (bytesRead === 0) break;
      const end = filled + bytesRead;
      let start = 0;
      for (let nl = buf.indexOf(NEWLINE, filled); nl !== -1 && nl < end; nl = buf.indexOf(NEWLINE, nl + 1)) {
        line++;
        yield { text: buf.toString('utf8', start, nl), line, span: { offset: base + start, length: nl - start } };
        start = nl + 1;
      }
      buf.copyWithin(0, start, end);
      base += start;
      filled = end - start;
    }
    if (filled > 0) {
      line++;
      yield { text: buf.toString('utf8', 0, filled), line, span: { offset: base, length: filled } };
    }
  } finally {
    await fh.close();
  }
}

function grown(buf: Buffer): Buffer {
  const bigger = Buffer.allocUnsafeSlow(buf.length * 2);
  buf.copy(bigger);
  return bigger;
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

/** SHA-256 of a file's bytes, read through one reused buffer. */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  try {
    const fh = await open(file, 'r');
    try {
      const buf = Buffer.allocUnsafeSlow(BLOCK);
      for (;;) {
        const { bytesRead } = await fh.read(buf, 0, buf.length, null);
        if (bytesRead === 0) break;
        hash.update(buf.subarray(0, bytesRead));
      }
    } finally {
      await fh.close();
    }
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
