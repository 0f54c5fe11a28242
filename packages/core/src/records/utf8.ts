import type { Issue } from '../issues/issue.js';
import { excerptOf } from '../issues/source-location.js';

/** Invalid sequences reported per file; past this the file is plainly not UTF-8. */
const MAX_REPORTED = 10;

/**
 * Byte offsets of invalid UTF-8 sequences (each is read as U+FFFD), in order.
 * The native decoder answers for the whole buffer first; only a file that
 * fails it is walked byte by byte.
 */
export function invalidUtf8Offsets(bytes: Uint8Array, limit = MAX_REPORTED): number[] {
  if (isUtf8(bytes)) return [];
  const out: number[] = [];
  let i = 0;
  while (i < bytes.length && out.length < limit) {
    const n = sequenceLength(bytes, i);
    if (n === 0) {
      out.push(i);
      i++;
    } else i += n;
  }
  return out;
}

/** Length of the valid UTF-8 sequence starting at `i`, or 0 when it is not one. */
function sequenceLength(b: Uint8Array, i: number): number {
  const c = b[i] as number;
  if (c < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf) => {
    const x = b[i + k];
    return x !== undefined && x >= lo && x <= hi;
  };
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0;
  if ((c >= 0xe1 && c <= 0xec) || c === 0xee || c === 0xef) return cont(1) && cont(2) ? 3 : 0;
  if (c === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0;
  if (c === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (c >= 0xf1 && c <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (c === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

const strict = new TextDecoder('utf-8', { fatal: true });
// A BOM is kept as U+FEFF, as Node's Buffer decodes it, so columns count it.
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });

function isUtf8(bytes: Uint8Array): boolean {
  try {
    strict.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** A warning per invalid sequence, at its byte offset and its line and column. */
export function invalidUtf8Warnings(bytes: Uint8Array, file: string): Issue[] {
  const offsets = invalidUtf8Offsets(bytes);

  const text = (start: number, end: number) => lenient.decode(bytes.subarray(start, end));
  return offsets.map((offset, k) => {
    const lineStart = bytes.lastIndexOf(0x0a, offset - 1) + 1;
    let lineEnd = bytes.indexOf(0x0a, offset);
    if (lineEnd === -1) lineEnd = bytes.length;
    let line = 1;
    for (let at = bytes.indexOf(0x0a); at !== -1 && at < offset; at = bytes.indexOf(0x0a, at + 1)) line++;
    const before = text(lineStart, offset);
    const lineText = text(lineStart, lineEnd).replace(/\r$/, '');
    const more = k === MAX_REPORTED - 1 && offsets.length === MAX_REPORTED ? ' (further ones not listed)' : '';
    return {
      rule: 'invalid-utf8',
      message: `invalid UTF-8 at byte ${offset} (0x${(bytes[offset] ?? 0).toString(16).padStart(2, '0')}), read as U+FFFD; save the file as UTF-8${more}`,
      file,
      line,
      column: [...before].length + 1,
      excerpt: excerptOf(lineText, before.length),
    };
  });
}
