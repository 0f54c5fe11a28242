import type { Issue } from '../issues/issue.js';
import { type ParsedJson, parseJsonValue } from '../issues/parse-json.js';
import type { SourceRecord } from './source-record.js';

/** Records of a JSON or JSONL text, the problems that keep some from being read, and (when asked) warnings. */
export interface ParsedText {
  records: SourceRecord[];
  issues: Issue[];
  warnings: Issue[];
}

export interface ParseOptions {
  /** Report keys repeated within an object (as warnings); costs a scan of every record. */
  readonly duplicates?: boolean;
  /** Keep `locate` on every record, to place issues found later at their line and column. */
  readonly locate?: boolean;
}

/**
 * One JSON object, a JSON array of objects, or JSONL (one object per
 * non-blank line). Every syntax error is named at its line and column with
 * the line it is on; a value nested deeper than `MAX_JSON_DEPTH` is a
 * problem at the bracket that goes too deep, found before anything recurses
 * into it.
 */
export function parseJsonText(body: string, file: string, options: ParseOptions = {}): ParsedText {
  const out: ParsedText = { records: [], issues: [], warnings: [] };
  if (body.trim() === '') {
    out.issues.push({ rule: 'empty-file', message: `${file} is empty`, file });
    return out;
  }
  if (!isJsonl(body)) {
    const got = parseValue(body, file, 1, options);
    if ('issue' in got) out.issues.push(got.issue);
    else {
      const locate = got.locate && { locate: got.locate };
      if (Array.isArray(got.value)) {
        for (const [index, value] of got.value.entries()) out.records.push({ value, file, index, ...locate });
      } else out.records.push({ value: got.value, file, ...locate });
    }
    out.warnings.push(...got.warnings);
    return out;
  }
  let start = 0;
  for (let line = 1; start <= body.length; line++) {
    const nl = body.indexOf('\n', start);
    const end = nl === -1 ? body.length : nl;
    const text = body.slice(start, end);
    start = end + 1;
    if (text.trim() === '') continue;
    const got = parseValue(text, file, line, { ...options, part: 'line' });
    if ('issue' in got) out.issues.push(got.issue);
    else out.records.push({ value: got.value, file, line, ...(got.locate && { locate: got.locate }) });
    out.warnings.push(...got.warnings);
  }
  return out;
}

/** One JSON document or JSONL line of `file`, starting on `firstLine`. */
export function parseValue(
  text: string,
  file: string,
  firstLine: number,
  options: ParseOptions & { part?: 'line' | 'file' } = {},
): ParsedJson {
  return parseJsonValue(text, { file, firstLine, ...options });
}

/**
 * JSONL, not one document: at least two non-blank lines, and the first is a
 * whole JSON object, or (its first line broken) at least half the lines are.
 */
function isJsonl(body: string): boolean {
  const [first, second] = firstLines(body, 2);
  if (first === undefined || second === undefined || first.startsWith('[')) return false;
  if (isObjectText(first)) return true;
  const lines = body.split('\n').filter((l) => l.trim() !== '');
  return lines.filter((l) => isObjectText(l.trim())).length * 2 >= lines.length;
}

/** The first `n` non-blank lines, trimmed, without splitting the whole text. */
function firstLines(body: string, n: number): string[] {
  const out: string[] = [];
  for (let start = 0; start < body.length && out.length < n; ) {
    const nl = body.indexOf('\n', start);
    const end = nl === -1 ? body.length : nl;
    const line = body.slice(start, end).trim();
    if (line !== '') out.push(line);
    start = end + 1;
  }
  return out;
}

function isObjectText(s: string): boolean {
  if (!s.startsWith('{') || !s.endsWith('}')) return false;
  try {
    const v: unknown = JSON.parse(s);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  } catch {
    return false;
  }
}
