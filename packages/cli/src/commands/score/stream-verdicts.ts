import { type FileHandle, open, stat } from 'node:fs/promises';
import { InputError, inputKind, recordValue, type ScoreAccumulator, VerdictLine } from '@gamut/core';
import { readRecords } from '@gamut/node';

/** Called now and then with bytes read so far and the file size. */
export type StreamProgress = (bytesRead: number, totalBytes: number) => void;

/** Bytes read per call. */
const CHUNK = 1 << 18;

/**
 * Feeds a JSONL verdict file into the accumulator block by block; the file is
 * never held whole, so memory does not grow with its length. The file is read
 * as bytes into two reused buffers, the next read running while the current
 * block is scored; the accumulator reads lines straight from UTF-8 (decoding
 * only ids), so no buffer or string per chunk or per line is left for the
 * garbage collector, which kept peak memory growing with file size.
 */
export async function streamVerdicts(file: string, acc: ScoreAccumulator, progress?: StreamProgress): Promise<void> {
  const size = await fileSize(file);
  if (!(await isJsonl(file))) {
    // CSV, a JSON array or one document: small enough to read whole, through the reader every input uses.
    for (const r of await readRecords(file)) acc.add(recordValue(r, VerdictLine), r.line);
    progress?.(size, size);
    return;
  }
  let handle: FileHandle | undefined;
  let pending: Promise<{ bytesRead: number }> | undefined;
  try {
    const fh = await open(file, 'r');
    handle = fh;
    const buffers = [new Uint8Array(CHUNK), new Uint8Array(CHUNK)] as const;
    let turn: 0 | 1 = 0;
    const readInto = (buf: Uint8Array) => fh.read(buf, 0, buf.length, null);
    pending = readInto(buffers[0]);
    // The unfinished last line of the previous block (a copy: its buffer is about to be refilled).
    let carry: Uint8Array = new Uint8Array(0);
    let bytesRead = 0;
    let lineNo = 0;
    for (;;) {
      const { bytesRead: n } = await pending;
      if (n === 0) break;
      let block: Uint8Array = buffers[turn].subarray(0, n);
      turn = turn === 0 ? 1 : 0;
      pending = readInto(buffers[turn]);
      if (bytesRead === 0 && block[0] === 0xef && block[1] === 0xbb && block[2] === 0xbf) block = block.subarray(3);
      bytesRead += n;
      if (carry.length) {
        // Finish the line split across blocks by itself, so the block is never copied whole.
        const nl = block.indexOf(0x0a);
        if (nl === -1) {
          carry = concat(carry, block);
          continue;
        }
        lineNo += acc.addBytes(concat(carry, block.subarray(0, nl + 1)), lineNo + 1).lines;
        block = block.subarray(nl + 1);
      }
      const { consumed, lines } = acc.addBytes(block, lineNo + 1);
      lineNo += lines;
      carry = block.slice(consumed);
      progress?.(bytesRead, size);
    }
    if (carry.length) {
      const end = carry[carry.length - 1] === 0x0d ? carry.length - 1 : carry.length;
      acc.addLine(new TextDecoder('utf-8', { ignoreBOM: true }).decode(carry.subarray(0, end)), lineNo + 1);
    }
  } catch (e) {
    if (InputError.isInputError(e)) throw e;
    throw new InputError({ rule: 'file-unreadable', message: `cannot read ${file}: ${String(e)}`, file });
  } finally {
    // A read still in flight (scoring a block threw) must end before the file closes.
    await pending?.catch(() => undefined);
    await handle?.close();
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

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
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
