import { CompiledRubric, fromZodError, InputError, type Issue } from '@gamut/core';
import { readRecords } from '../../io/read-records.js';

/** Compiled rubrics from a JSON/JSONL file; every invalid record is reported with its file and line. */
export async function readCompiledRubrics(file: string): Promise<CompiledRubric[]> {
  const records = await readRecords(file);
  const rubrics: CompiledRubric[] = [];
  const issues: Issue[] = [];
  for (const record of records) {
    const parsed = CompiledRubric.safeParse(record.value);
    if (parsed.success) {
      rubrics.push(parsed.data);
      continue;
    }
    const value = record.value as { question_id?: unknown } | null;
    const question = value && typeof value.question_id === 'string' ? value.question_id : undefined;
    issues.push(
      ...fromZodError(parsed.error, record.value, {
        file,
        ...(record.line !== undefined && { line: record.line }),
        ...(question !== undefined && { question }),
        ...(record.index !== undefined && { pathPrefix: [record.index] }),
      }),
    );
  }
  if (issues.length) throw new InputError(issues);
  return rubrics;
}
