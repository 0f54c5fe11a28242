import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { removeStaleTemps, tempPathFor } from './temp-files.js';

/**
 * Write to a temporary file beside the target, then rename: readers never see
 * half a file. Temporary files a killed earlier write of the same target left are removed first.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await removeStaleTemps(dirname(path), basename(path));
  const tmp = tempPathFor(path);
  try {
    await writeFile(tmp, data);
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

export function toJsonl(records: Iterable<unknown>): string {
  let out = '';
  for (const r of records) out += `${JSON.stringify(r)}\n`;
  return out;
}
