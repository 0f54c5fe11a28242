import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError, Manifest, VerdictLine } from '@gamut/core';
import { readValidRecords } from '@gamut/node';
import { storeFile } from '../../store/open-store.js';
import { storedVerdictLines } from '../../web/stored-verdicts.js';
import { readCompiledRubrics } from '../score/read-rubrics.js';

/** What run-level analyses need from a run directory (docs/run-directory.md). */
export interface RunInputs {
  rubrics: Awaited<ReturnType<typeof readCompiledRubrics>>;
  verdicts: VerdictLine[];
  files: { rubrics: string; verdicts: string };
}

/**
 * Reads `<run>/rubrics.jsonl` and `<run>/verdicts.jsonl` (or the files given instead); with
 * `store`, the verdicts are those the store holds for the run directory's run, when it has it.
 */
export async function readRun(
  run: string | undefined,
  given: { rubrics?: string; verdicts?: string; store?: string },
): Promise<RunInputs> {
  if (given.store !== undefined && (run === undefined || given.verdicts !== undefined)) {
    throw new InputError({
      rule: 'usage',
      message: '--store reads the verdicts of a run directory’s run: name the run directory, without --verdicts',
    });
  }
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
  const stored = given.store !== undefined && run !== undefined ? await fromStore(run, given.store) : undefined;
  const [rubrics, verdicts] = await Promise.all([
    readCompiledRubrics(rubricsFile),
    stored ?? readValidRecords(verdictsFile, VerdictLine),
  ]);
  return {
    rubrics,
    verdicts,
    files: { rubrics: rubricsFile, verdicts: stored ? storeFile(process.cwd(), given.store) : verdictsFile },
  };
}

async function fromStore(run: string, store: string): Promise<VerdictLine[] | undefined> {
  const [manifest] = await readValidRecords(join(run, 'manifest.json'), Manifest);
  return manifest === undefined ? undefined : storedVerdictLines(process.cwd(), store, manifest.run_id);
}

/** Where `gamut review` takes it from (it moved to core). */
export { intOption } from '@gamut/core';
