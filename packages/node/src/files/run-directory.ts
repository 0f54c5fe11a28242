import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { InputError } from '@gamut/core';
import { writeFileAtomic } from './atomic-write.js';
import { removeStaleTemps } from './temp-files.js';

/**
 * A run directory is complete only once its manifest is there: the writer
 * removes the old manifest and leaves a marker naming the command that writes
 * the directory, writes every other file, then the manifest, then drops the
 * marker. A kill at any point leaves either the marker or the new manifest.
 */
export const MANIFEST_FILE = 'manifest.json';
export const WRITING_MARKER = '.gamut-writing.json';

/** Sub-folders of a run directory that may hold temporary files of an atomic write. */
const FOLDERS = ['.', 'images', 'rag'];

export type RunDirectoryState =
  | { state: 'complete' }
  /** `rerun`: the command that writes the directory, when the marker says so. */
  | { state: 'incomplete'; rerun: string | null }
  | { state: 'not-a-run'; reason: string };

const isFile = (path: string) =>
  stat(path).then(
    (s) => s.isFile(),
    () => false,
  );

/** Starts (re)writing a run directory: stale temporary files go, the marker goes in, the old manifest goes out. */
export async function beginRunDirectory(dir: string, rerun: string): Promise<void> {
  for (const folder of FOLDERS) await removeStaleTemps(join(dir, folder));
  await writeFileAtomic(join(dir, WRITING_MARKER), `${JSON.stringify({ rerun, pid: process.pid })}\n`);
  await rm(join(dir, MANIFEST_FILE), { force: true });
}

/** Ends writing: the manifest, atomically and last, then the marker is dropped. */
export async function finishRunDirectory(dir: string, manifest: unknown): Promise<void> {
  await writeFileAtomic(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  await rm(join(dir, WRITING_MARKER), { force: true });
}

async function markerCommand(dir: string): Promise<string | null | undefined> {
  const text = await readFile(join(dir, WRITING_MARKER), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const rerun = (JSON.parse(text) as { rerun?: unknown }).rerun;
    return typeof rerun === 'string' ? rerun : null;
  } catch {
    return null;
  }
}

export async function runDirectoryState(dir: string): Promise<RunDirectoryState> {
  const st = await stat(dir).catch(() => null);
  if (!st) return { state: 'not-a-run', reason: 'there is no such directory' };
  if (!st.isDirectory()) return { state: 'not-a-run', reason: 'it is a file, not a directory' };
  if (await isFile(join(dir, MANIFEST_FILE))) return { state: 'complete' };
  const rerun = await markerCommand(dir);
  if (rerun !== undefined) return { state: 'incomplete', rerun };
  // Run files without a manifest: written by a writer that was killed, or by hand.
  if (await isFile(join(dir, 'rubrics.jsonl'))) return { state: 'incomplete', rerun: null };
  const entries = await readdir(dir);
  return {
    state: 'not-a-run',
    reason: entries.length === 0 ? 'it is empty' : `it holds neither ${MANIFEST_FILE} nor rubrics.jsonl`,
  };
}

/** `dir` as the user would type it: relative to the working directory when inside it. */
function shown(dir: string): string {
  const rel = relative(process.cwd(), dir);
  return rel === '' ? '.' : rel.startsWith('..') ? dir : rel;
}

/** Throws an input error (exit 2) unless `dir` is a complete run directory. */
export async function assertCompleteRun(dir: string): Promise<void> {
  const s = await runDirectoryState(dir);
  if (s.state === 'complete') return;
  if (s.state === 'not-a-run') {
    throw new InputError({
      rule: 'run-not-found',
      message:
        `${shown(dir)} is not a run directory: ${s.reason}. \`gamut run <config>\` or \`gamut demo --out <dir>\` ` +
        'writes one (see docs/run-directory.md); to score loose files use `gamut score --rubrics … --verdicts …`',
    });
  }
  throw incompleteRun(dir, s.rerun);
}

function incompleteRun(dir: string, rerun: string | null): InputError {
  const head = `${shown(dir)} is incomplete: no ${MANIFEST_FILE} — `;
  return new InputError({
    rule: 'run-incomplete',
    message:
      rerun === null
        ? `${head}a run writes it last, so either the run was interrupted while writing (rerun its \`gamut run <config>\` ` +
          'to finish it) or these files were not written by a run (score them with `gamut score --rubrics … --verdicts …`)'
        : `${head}the run was interrupted while writing; rerun \`${rerun}\` to finish it`,
  });
}

/**
 * For commands that read loose files (`gamut score`): a file inside a run
 * directory that is still being written, or was left half-written, is refused.
 * Files elsewhere are not affected.
 */
export async function assertNotInIncompleteRun(dir: string): Promise<void> {
  if (await isFile(join(dir, MANIFEST_FILE))) return;
  const rerun = await markerCommand(dir);
  if (rerun !== undefined) throw incompleteRun(dir, rerun);
}
