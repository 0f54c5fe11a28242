import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError, VerdictLine } from '@gamut/core';
import { readValidRecords } from '../../io/read-records.js';
import { readCompiledRubrics } from '../score/read-rubrics.js';

/** What run-level analyses need from a run directory (docs/run-directory.md). */
export interface RunInputs {
  rubrics: Awaited<ReturnType<typeof readCompiledRubrics>>;
  verdicts: VerdictLine[];
  files: { rubrics: string; verdicts: string };
}

/** Reads `<run>/rubrics.jsonl` and `<run>/verdicts.jsonl` (or the files given instead). */
export async function readRun(
  run: string | undefined,
  given: { rubrics?: string; verdicts?: string },
): Promise<RunInputs> {
  const rubricsFile = given.rubrics ?? (run !== undefined ? join(run, 'rubrics.jsonl') : undefined);
  const verdictsFile = given.verdicts ?? (run !== undefined ? join(run, 'verdicts.jsonl') : undefined);
  if (rubricsFile === undefined || verdictsFile === undefined) {
    throw new InputError({
      rule: 'usage',
      message: 'name a run directory, or both --rubrics and --verdicts',
    });
  }
  if (run !== undefined) {
    const isDir = await stat(run).then(
      (st) => st.isDirectory(),
      () => false,
    );
    if (!isDir) {
      throw new InputError({ rule: 'run-not-found', message: `no run directory at ${run}`, file: run });
    }
  }
  const [rubrics, verdicts] = await Promise.all([
    readCompiledRubrics(rubricsFile),
    readValidRecords(verdictsFile, VerdictLine),
  ]);
  return { rubrics, verdicts, files: { rubrics: rubricsFile, verdicts: verdictsFile } };
}

/** An integer option of at least `min`, or an input error naming it. */
export function intOption(name: string, raw: string | undefined, fallback: number, min = 0): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min) {
    throw new InputError({ rule: 'usage', message: `${name} must be an integer ≥ ${min}, got "${raw}"` });
  }
  return n;
}
