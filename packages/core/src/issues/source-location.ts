import type { Issue } from './issue.js';

/** A line up to this long is shown whole; a longer one is clipped to `CONTEXT` characters each side of the spot. */
const WHOLE = 120;
const CONTEXT = 60;

export interface SourcePoint {
  /** 1-based. */
  readonly line: number;
  /** 1-based, in characters (code points) from the start of the line. */
  readonly column: number;
  readonly excerpt: NonNullable<Issue['excerpt']>;
}

/**
 * Where `offset` (a UTF-16 index into `text`) is, as an editor shows it, with
 * the line it sits on. `firstLine` is the line `text` starts on when it is
 * one line of a larger file.
 */
export function pointAt(text: string, offset: number, firstLine = 1): SourcePoint {
  const at = Math.max(0, Math.min(offset, text.length));
  let line = firstLine;
  let start = 0;
  for (let nl = text.indexOf('\n'); nl !== -1 && nl < at; nl = text.indexOf('\n', nl + 1)) {
    line++;
    start = nl + 1;
  }
  let end = text.indexOf('\n', start);
  if (end === -1) end = text.length;
  if (text[end - 1] === '\r') end--;
  const lineText = text.slice(start, end);
  const index = at - start;
  return { line, column: codePoints(lineText.slice(0, index)) + 1, excerpt: excerptOf(lineText, index) };
}

/** The part of `lineText` around `index`, clipped with … when the line is long; tabs become spaces so a caret lines up. */
export function excerptOf(lineText: string, index: number): NonNullable<Issue['excerpt']> {
  const short = lineText.length <= WHOLE;
  const from = short ? 0 : Math.max(0, index - CONTEXT);
  const to = short ? lineText.length : Math.min(lineText.length, index + CONTEXT);
  const head = from > 0 ? '…' : '';
  const tail = to < lineText.length ? '…' : '';
  const text = `${head}${lineText.slice(from, to)}${tail}`.replace(/\t/g, ' ');
  return { text, caret: head.length + (index - from) };
}

/** `Issue` location fields for `offset` in `text`. */
export function locationAt(text: string, offset: number, firstLine = 1): Pick<Issue, 'line' | 'column' | 'excerpt'> {
  const p = pointAt(text, offset, firstLine);
  return { line: p.line, column: p.column, excerpt: p.excerpt };
}

function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff) n++;
  }
  return n;
}
