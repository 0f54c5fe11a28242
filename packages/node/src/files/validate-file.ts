import { parseFormatName, type ValidationReport, validateRecords } from '@gamut/core';
import { readRecordsTolerant } from './read-records.js';

/** Every problem in one file (`gamut validate`): JSON syntax, schema, semantic rules, duplicates across records. */
export async function validateFile(file: string, formatName?: string): Promise<ValidationReport> {
  const format = formatName === undefined ? undefined : parseFormatName(formatName);
  return validateRecords(file, await readRecordsTolerant(file), format);
}
