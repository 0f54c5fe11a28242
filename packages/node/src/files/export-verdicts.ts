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
 * Lines of the chosen text format, produced as verdicts stream out of the
 * store, then the judge failures (an empty verdict with a `failure_kind` and
 * `failure_reason` in CSV), so the file is the whole record of the run.
 */
export async function* verdictText(
  verdicts: AsyncIterable<StoredVerdict>,
  format: 'jsonl' | 'csv',
  failures: readonly StoredJudgeFailure[] = [],
): AsyncGenerator<string> {
  if (format === 'csv') yield stringify([CSV_COLUMNS], { bom: true });
  for await (const v of verdicts) {
    if (format === 'jsonl') yield `${JSON.stringify(verdictLine(v))}\n`;
    else
      yield stringify([
        [v.questionId, v.model, v.setting, v.checkId, v.verdict, v.rationale, v.judge, v.quote ?? '', v.sample, '', ''],
      ]);
  }
  for (const f of failures) {
    if (format === 'jsonl') yield `${JSON.stringify(failureLine(f))}\n`;
    else
      yield stringify([
        [f.questionId, f.model, f.setting, f.checkId, '', '', f.judge, '', f.sample, storedFailureKind(f), f.error],
      ]);
  }
}

/** Verdict exports are written as every output is: through symlinks, in place for devices and FIFOs. */
export { writeThrough as writeStreamAtomic } from './write-through.js';
