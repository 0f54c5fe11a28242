import { failureLine, type StoredJudgeFailure, type StoredVerdict, storedFailureKind, verdictLine } from '@gamut/core';
import { stringify } from 'csv-stringify/sync';

export type VerdictFormat = 'jsonl' | 'csv' | 'junit';

const CSV_COLUMNS = [
  'question_id',
  'model',
  'setting',
  'check_id',
  'verdict',
  'rationale',
  'judge',
  'quote',
  'sample',
  'failure_kind',
  'failure_reason',
];

/**
 * The chosen text format, one piece per page of verdicts as they stream out
 * of the store (a stream write, and for a file a system call, per page rather
 * than per line), then the judge failures (an empty verdict with a
 * `failure_kind` and `failure_reason` in CSV), so the file is the whole
 * record of the run.
 */
export async function* verdictText(
  pages: AsyncIterable<readonly StoredVerdict[]>,
  format: 'jsonl' | 'csv',
  failures: readonly StoredJudgeFailure[] = [],
): AsyncGenerator<string> {
  const jsonl = format === 'jsonl';
  if (!jsonl) yield stringify([CSV_COLUMNS], { bom: true });
  for await (const page of pages) yield jsonl ? jsonLines(page.map(verdictLine)) : stringify(page.map(verdictCsvRow));
  if (failures.length > 0) yield jsonl ? jsonLines(failures.map(failureLine)) : stringify(failures.map(failureCsvRow));
}

function jsonLines(records: readonly unknown[]): string {
  let text = '';
  for (const r of records) text += `${JSON.stringify(r)}\n`;
  return text;
}

const verdictCsvRow = (v: StoredVerdict) => [
  v.questionId,
  v.model,
  v.setting,
  v.checkId,
  v.verdict,
  v.rationale,
  v.judge,
  v.quote ?? '',
  v.sample,
  '',
  '',
];

const failureCsvRow = (f: StoredJudgeFailure) => [
  f.questionId,
  f.model,
  f.setting,
  f.checkId,
  '',
  '',
  f.judge,
  '',
  f.sample,
  storedFailureKind(f),
  f.error,
];

/** Verdict exports are written as every output is: through symlinks, in place for devices and FIFOs. */
export { writeThrough as writeStreamAtomic } from './write-through.js';
