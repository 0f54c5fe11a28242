import { CompiledRubric } from '@gamut/core';
import { readValidRecords } from '../../io/read-records.js';
import { refuseCsvRubrics } from '../../judges/load-judge-inputs.js';

/** Compiled rubrics from a JSON/JSONL file; every invalid record is reported with its file and line. */
export async function readCompiledRubrics(file: string): Promise<CompiledRubric[]> {
  refuseCsvRubrics(file);
  return readValidRecords(file, CompiledRubric);
}
