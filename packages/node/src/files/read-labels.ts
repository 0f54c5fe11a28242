import { type LabelRecordInput, recordValue, VerdictLine } from '@gamut/core';
import { readRecords } from './read-records.js';

/** A `labels:` file (verdict lines, JSONL or CSV) as read: each record with its line, validated later. */
export interface LabelsFile {
  file: string;
  labels: LabelRecordInput[];
}

/** Reads a labels file before any scoring, so a file that is not JSONL or CSV fails at once. */
export async function readLabelsFile(file: string): Promise<LabelsFile> {
  const labels = (await readRecords(file)).map((r) => ({
    value: recordValue(r, VerdictLine),
    ...(r.line !== undefined && { line: r.line }),
  }));
  return { file, labels };
}
