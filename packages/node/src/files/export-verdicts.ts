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

/** Text written in pieces of about this many characters. */
const PIECE = 64 * 1024;

/**
 * The lines joined into pieces of about 64 K characters: a stream write (and
 * for a file, a system call) per piece rather than per line, which was most
 * of the time a 2,400-check `gamut judge` spent after its last reply.
 */
export async function* inPieces(lines: AsyncIterable<string>): AsyncGenerator<string> {
  let piece = '';
  for await (const line of lines) {
    piece += line;
    if (piece.length >= PIECE) {
      yield piece;
      piece = '';
    }
  }
  if (piece !== '') yield piece;
}

/** Verdict exports are written as every output is: through symlinks, in place for devices and FIFOs. */
export { writeThrough as writeStreamAtomic } from './write-through.js';
