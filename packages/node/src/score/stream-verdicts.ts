import { open, stat } from 'node:fs/promises';
import { feedVerdictBlocks, InputError, inputKind, recordValue, type ScoreAccumulator, VerdictLine } from '@gamut/core';
import { readRecords } from '../files/read-records.js';

/** Called now and then with bytes read so far and the file size. */
export type StreamProgress = (bytesRead: number, totalBytes: number) => void;

/** Bytes read per call. */
const CHUNK = 1 << 18;

/**
 * Feeds a verdict file into the accumulator; a JSONL file block by block
 * (`feedVerdictBlocks`), never held whole, so memory does not grow with its
 * length. It is read into two reused buffers, the next read running while the
 * current block is scored, so no buffer per chunk is left for the garbage
 * collector, which kept peak memory growing with file size.
 */
export async function streamVerdicts(file: string, acc: ScoreAccumulator, progress?: StreamProgress): Promise<void> {
  const size = await fileSize(file);
  if (!(await isJsonl(file))) {
    // CSV, a JSON array or one document: small enough to read whole, through the reader every input uses.
    for (const r of await readRecords(file)) acc.add(recordValue(r, VerdictLine), r.line);
    progress?.(size, size);
    return;
  }
  try {
    await feedVerdictBlocks(fileBlocks(file), acc, (read) => progress?.(read, size));
  } catch (e) {
    if (InputError.isInputError(e)) throw e;
    throw new InputError({ rule: 'file-unreadable', message: `cannot read ${file}: ${String(e)}`, file });
  }
}

/** The file's bytes in blocks of two alternating buffers: a block is valid until the next but one is read. */
async function* fileBlocks(file: string): AsyncGenerator<Uint8Array> {
  const fh = await open(file, 'r');
  const buffers = [new Uint8Array(CHUNK), new Uint8Array(CHUNK)] as const;
  let turn: 0 | 1 = 0;
  const readInto = (buf: Uint8Array) => fh.read(buf, 0, buf.length, null);
  let pending: Promise<{ bytesRead: number }> = readInto(buffers[0]);
  try {
    for (;;) {
      const { bytesRead } = await pending;
      if (bytesRead === 0) return;
      const block = buffers[turn].subarray(0, bytesRead);
      turn = turn === 0 ? 1 : 0;
      pending = readInto(buffers[turn]);
      yield block;
    }
  } finally {
    // A read still in flight (scoring a block threw) must end before the file closes.
    await pending.catch(() => undefined);
    await fh.close();
  }
}

/** A JSON file whose first non-blank character opens an object: JSONL, or a document read as such below. */
async function isJsonl(file: string): Promise<boolean> {
  if (inputKind(file) !== 'json') return false;
  const fh = await open(file, 'r');
  try {
    const head = new Uint8Array(4096);
    const { bytesRead } = await fh.read(head, 0, head.length, 0);
    const text = new TextDecoder('utf-8', { ignoreBOM: false }).decode(head.subarray(0, bytesRead));
    const first = /\S/.exec(text)?.[0];
    return first === undefined || first === '{';
  } finally {
    await fh.close();
  }
}

async function fileSize(file: string): Promise<number> {
  try {
    const s = await stat(file);
    if (s.isDirectory()) {
      throw new InputError({ rule: 'file-unreadable', message: `cannot read ${file}: is a directory`, file });
    }
    return s.size;
  } catch (e) {
    if (InputError.isInputError(e)) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : String(e);
    throw new InputError({ rule: 'file-unreadable', message: `cannot read ${file}: ${why}`, file });
  }
}
