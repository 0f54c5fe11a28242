import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { InputError, type Issue } from '@gamut/core';
import { readRecords, type SourceRecord } from '../io/read-records.js';

/**
 * Like `readRecords`, but a JSONL file is read line by line, so a large file
 * never sits in memory as one string beside its parsed records. A JSON array
 * or a single (pretty-printed) JSON document falls back to `readRecords`.
 */
export async function* streamRecords(file: string): AsyncGenerator<SourceRecord> {
  const lines = createInterface({
    input: createReadStream(file, { encoding: 'utf8' }),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  const problems: Issue[] = [];
  let n = 0;
  let first = true;
  try {
    for await (const rawLine of lines) {
      n++;
      const line = (first ? rawLine.replace(/^\uFEFF/, '') : rawLine).trim();
      if (line === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (e) {
        if (first) {
          // A document spread over lines, or an array: not JSONL.
          lines.close();
          yield* await readRecords(file);
          return;
        }
        problems.push({ rule: 'json-syntax', message: `invalid JSON: ${(e as Error).message}`, file, line: n });
        continue;
      }
      if (first && Array.isArray(value)) {
        lines.close();
        yield* await readRecords(file);
        return;
      }
      first = false;
      yield { value, file, line: n };
    }
  } catch (e) {
    throw unreadable(e, file);
  }
  if (first) throw new InputError({ rule: 'empty-file', message: `${file} is empty`, file });
  if (problems.length) throw new InputError(problems);
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
