import { writeThrough } from './write-through.js';

/**
 * Writes a file the way every output of Gamut is written (see `writeThrough`):
 * a regular file atomically, a device or FIFO in place, a symlink's target.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await writeThrough(path, [data]);
}

export function toJsonl(records: Iterable<unknown>): string {
  let out = '';
  for (const r of records) out += `${JSON.stringify(r)}\n`;
  return out;
}
