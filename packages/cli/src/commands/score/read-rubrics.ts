import { CompiledRubric } from '@gamut/core';
import { refuseCsvRubrics } from '../../inputs/load-judge-inputs.js';
import { readValidRecords } from '../../io/read-records.js';

/** Compiled rubrics from a JSON/JSONL file; every invalid record is reported with its file and line. */
export async function readCompiledRubrics(file: string): Promise<CompiledRubric[]> {
  refuseCsvRubrics(file);
  return readValidRecords(file, CompiledRubric);
}
