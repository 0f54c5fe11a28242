import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** `.<target>.<pid>-<random>.tmp`; older versions wrote `.<target>.<random>.tmp`. */
const TEMP_NAME = /^\.(.+)\.(?:(\d+)-)?[0-9a-f]{12}\.tmp$/;

/**
 * A temporary file beside `target`, named for the target and the writing
 * process, so that a later run can tell an abandoned one from one in progress.
 */
export function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files a killed writer left in `dir` (for `target`
 * only, when given): those whose process is gone. Returns how many it removed.
 */
export async function removeStaleTemps(dir: string, target?: string): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const m = TEMP_NAME.exec(name);
    if (!m || (target !== undefined && m[1] !== target)) continue;
    if (m[2] !== undefined && processAlive(Number(m[2]))) continue;
    await rm(join(dir, name), { force: true });
    removed++;
  }
  return removed;
}
