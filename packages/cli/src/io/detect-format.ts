import { FORMAT_NAMES, type FormatName, InputError, type Issue } from '@gamut/core';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { parseRecords, readText, type SourceRecord } from './read-records.js';

/**
 * What a record looks like, by the keys only its format has. Order matters:
 * the first match wins (a verdict also has `question_id` and `model`, like an answer).
 */
const SHAPES: ReadonlyArray<readonly [FormatName, (keys: ReadonlySet<string>) => boolean]> = [
  ['meta-rubric', (k) => k.has('items')],
  ['compiled-rubric', (k) => k.has('checks')],
  ['verdict', (k) => k.has('check_id') && k.has('verdict')],
  ['golden-set', (k) => k.has('questions')],
  ['manifest', (k) => k.has('run_id') || k.has('toolkit_version')],
  ['wiki-page', (k) => k.has('page_id') && (k.has('body') || k.has('status'))],
  ['agent-output', (k) => k.has('agent') || k.has('retrieved')],
  ['rag-judgment', (k) => k.has('facts') || k.has('claims') || k.has('abstained')],
  ['answer', (k) => k.has('response')],
  ['run-config', (k) => k.has('dataset') && k.has('judges')],
];

/** The format one record looks like, or undefined when its keys say nothing. */
export function detectFormat(value: unknown): FormatName | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const keys = new Set(Object.keys(value));
  return SHAPES.find(([, test]) => test(keys))?.[0];
}

/** The format most records of a file look like; undefined when none is recognisable. */
export function detectFileFormat(records: readonly SourceRecord[]): FormatName | undefined {
  const counts = new Map<FormatName, number>();
  for (const r of records) {
    const f = detectFormat(r.value);
    if (f) counts.set(f, (counts.get(f) ?? 0) + 1);
  }
  let best: FormatName | undefined;
  for (const [f, n] of counts) if (best === undefined || n > (counts.get(best) ?? 0)) best = f;
  return best;
}

export function parseFormatName(name: string): FormatName {
  const known = FORMAT_NAMES.find((f) => f === name);
  if (known) return known;
  throw new InputError({
    rule: 'unknown-format',
    message: `unknown format "${name}"; known formats: ${FORMAT_NAMES.join(', ')}`,
  });
}

/**
 * Reads every record it can. Where `parseRecords` stops at broken JSONL lines,
 * this keeps the good lines too, so a validator can report all problems of a
 * file in one pass. A broken single JSON document is one problem, at its line.
 */
export async function readRecordsTolerant(file: string): Promise<{ records: SourceRecord[]; issues: Issue[] }> {
  const text = await readText(file);
  if (/\.ya?ml$/i.test(file)) return readYaml(text, file);
  try {
    return { records: parseRecords(text, file), issues: [] };
  } catch (e) {
    if (!InputError.isInputError(e) || e.issues.some((i) => i.rule !== 'json-syntax')) throw e;
  }
  const body = text.replace(/^\uFEFF/, '');
  const lines = body.split('\n');
  // JSONL when at least half its lines are whole objects; otherwise one broken (e.g. truncated) document.
  const nonBlank = lines.filter((l) => l.trim() !== '');
  const objects = nonBlank.filter((l) => isJsonObject(l.trim())).length;
  if (nonBlank.length < 2 || objects * 2 < nonBlank.length) {
    return { records: [], issues: [documentSyntaxIssue(body, file)] };
  }

  const records: SourceRecord[] = [];
  const issues: Issue[] = [];
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    try {
      records.push({ value: JSON.parse(line), file, line: i + 1 });
    } catch (err) {
      const msg = (err as Error).message;
      const hint = looksTruncated(msg, line.length) ? ' (the line looks truncated)' : '';
      issues.push({ rule: 'json-syntax', message: `invalid JSON: ${msg}${hint}`, file, line: i + 1 });
    }
  });
  return { records, issues };
}

/** The parser ran out of text: the end of input, or an error at the very last character. */
function looksTruncated(message: string, length: number): boolean {
  const pos = /position (\d+)/.exec(message);
  return /end of JSON input/i.test(message) || (pos !== null && Number(pos[1]) >= length - 1);
}

function isJsonObject(s: string): boolean {
  if (!s.startsWith('{')) return false;
  try {
    const v: unknown = JSON.parse(s);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  } catch {
    return false;
  }
}

function documentSyntaxIssue(text: string, file: string): Issue {
  try {
    JSON.parse(text);
  } catch (e) {
    const msg = (e as Error).message;
    const pos = /position (\d+)/.exec(msg);
    const truncated = looksTruncated(msg, text.trimEnd().length);
    // A truncated file fails at its end, perhaps after a trailing newline: name the last line with text on it.
    const upTo = pos && !truncated ? text.slice(0, Number(pos[1])) : text.trimEnd();
    const line = upTo.split('\n').length;
    return {
      rule: 'json-syntax',
      message: `invalid JSON: ${msg}${truncated ? ' (the file looks truncated)' : ''}`,
      file,
      line,
    };
  }
  return { rule: 'json-syntax', message: 'invalid JSON', file };
}

/** A YAML file (a run config) is one record. */
function readYaml(text: string, file: string): { records: SourceRecord[]; issues: Issue[] } {
  try {
    return { records: [{ value: parseYaml(text) as unknown, file }], issues: [] };
  } catch (e) {
    if (!(e instanceof YAMLParseError)) throw e;
    const line = e.linePos?.[0]?.line;
    return {
      records: [],
      issues: [
        {
          rule: 'yaml-syntax',
          message: `invalid YAML: ${e.message.split('\n')[0]}`,
          file,
          ...(line !== undefined && { line }),
        },
      ],
    };
  }
}

/** Issues in file order: by line (file-level ones first), keeping the order found within a line. */
export function byLine(issues: readonly Issue[]): Issue[] {
  return issues
    .map((issue, i) => ({ issue, i }))
    .sort((a, b) => (a.issue.line ?? 0) - (b.issue.line ?? 0) || a.i - b.i)
    .map((x) => x.issue);
}
