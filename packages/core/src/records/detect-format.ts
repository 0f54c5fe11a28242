import { InputError } from '../issues/errors.js';
import type { Issue } from '../issues/issue.js';
import { FORMAT_NAMES, type FormatName } from '../schema/registry.js';
import type { SourceRecord } from './source-record.js';

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
  ['review-event', (k) => k.has('queue_id') && k.has('item_id')],
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

/** Issues in file order: by line and column (file-level ones first), keeping the order found at one spot. */
export function byLine(issues: readonly Issue[]): Issue[] {
  return issues
    .map((issue, i) => ({ issue, i }))
    .sort(
      (a, b) => (a.issue.line ?? 0) - (b.issue.line ?? 0) || (a.issue.column ?? 0) - (b.issue.column ?? 0) || a.i - b.i,
    )
    .map((x) => x.issue);
}
