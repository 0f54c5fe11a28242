import { CompiledRubric } from '@gamut/core';
import { readValidRecords } from '../../io/read-records.js';

/** Compiled rubrics from a JSON/JSONL file; every invalid record is reported with its file and line. */
export function readCompiledRubrics(file: string): Promise<CompiledRubric[]> {
  return readValidRecords(file, CompiledRubric);
}
