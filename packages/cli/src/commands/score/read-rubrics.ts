import { CompiledRubric } from '@gamut/core';
import { readValidRecords, refuseCsvRubrics } from '@gamut/node';

/** Compiled rubrics from a JSON/JSONL file; every invalid record is reported with its file and line. */
export async function readCompiledRubrics(file: string): Promise<CompiledRubric[]> {
  refuseCsvRubrics(file);
  return readValidRecords(file, CompiledRubric);
}
