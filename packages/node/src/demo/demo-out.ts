import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '@gamut/core';
import { runDirectoryState } from '../files/run-directory.js';

/**
 * A demo may overwrite an earlier demo, never anything else: an existing,
 * non-empty directory must hold a demo manifest, or be a demo left half-written.
 */
export async function checkOutDir(dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  const entries = await readdir(dir).catch(() => null);
  if (entries === null) throw new InputError({ rule: 'demo-out', message: `--out ${dir} is not a directory` });
  if (entries.length === 0) return;
  const state = await runDirectoryState(dir);
  if (state.state === 'incomplete' && state.rerun?.startsWith('gamut demo')) return;
  const manifest = await readFile(join(dir, 'manifest.json'), 'utf8').catch(() => null);
  let runId: unknown = null;
  try {
    runId = manifest ? (JSON.parse(manifest) as { run_id?: unknown }).run_id : null;
  } catch {
    runId = null;
  }
  if (typeof runId !== 'string' || !runId.startsWith('demo')) {
    throw new InputError({
      rule: 'demo-out',
      message: `--out ${dir} already holds files that are not a gamut demo run; choose an empty or new directory`,
    });
  }
}
