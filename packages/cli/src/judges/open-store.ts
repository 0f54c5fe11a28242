import { join, resolve } from 'node:path';
import type { RunStore } from '@gamut/core';

/** `.gamut/gamut.db` in the working directory, or `<dir>/gamut.db` for `--store <dir>`. */
export function storeFile(cwd: string, storeDir?: string): string {
  return join(resolve(cwd, storeDir ?? '.gamut'), 'gamut.db');
}

export async function openProjectStore(cwd: string, storeDir?: string): Promise<RunStore> {
  const { openSqliteStore } = await import('@gamut/store');
  return openSqliteStore({ file: storeFile(cwd, storeDir) });
}
