import { join, resolve } from 'node:path';
import { InputError } from '@gamut/core';
import type { GamutStore } from '@gamut/store';
import { isPostgresUrl, redactUrl } from '@gamut/store/url';

/**
 * Where the store is, as messages name it: `.gamut/gamut.db` in the working directory,
 * `<dir>/gamut.db` for `--store <dir>`, or the URL without its password for `--store postgres://…`.
 */
export function storeFile(cwd: string, storeDir?: string): string {
  if (storeDir !== undefined && isPostgresUrl(storeDir)) return redactUrl(storeDir);
  return join(resolve(cwd, storeDir ?? '.gamut'), 'gamut.db');
}
export const RUN_COMMIT_MS = 50; // A run's writes (verdicts, calls) committed in groups this often: see openSqliteStore.

export async function openProjectStore(cwd: string, storeDir?: string, commitWithinMs?: number): Promise<GamutStore> {
  if (storeDir !== undefined && isPostgresUrl(storeDir)) return openServerStore(storeDir);
  // Each store from its own module: SQLite never loads PostgreSQL's driver and query builder.
  const { openSqliteStore } = await import('@gamut/store/sqlite');
  const file = storeFile(cwd, storeDir);
  try {
    return openSqliteStore({ file, ...(commitWithinMs !== undefined && { commitWithinMs }) });
  } catch (e) {
    const problem = storeProblem(e);
    if (problem === undefined) throw e;
    throw new InputError({ rule: 'store', file, message: problem });
  }
}

// Anything that stops a server store from opening (unreachable, refused login, a newer schema) is
// the user's to fix, so it is reported as bad input naming the URL, never with the password.
async function openServerStore(url: string): Promise<GamutStore> {
  const { openPostgresStore } = await import('@gamut/store/postgres');
  try {
    return await openPostgresStore({ url });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    throw new InputError({
      rule: 'store',
      file: redactUrl(url),
      message: `${message}; check that the server is running and that --store names it`,
    });
  }
}

const MOVE_ASIDE = 'move it aside or pass --store <another folder>';

/**
 * What a user can do about a store that will not open, by SQLite's error
 * code; undefined for anything else (a bug of ours, reported as such).
 */
export function storeProblem(e: unknown): string | undefined {
  const raw = (e as { code?: unknown } | null)?.code;
  const code = typeof raw === 'string' ? raw : '';
  const message = e instanceof Error ? e.message : String(e);
  const is = (...prefixes: string[]) => prefixes.some((p) => code === p || code.startsWith(`${p}_`));
  if (is('SQLITE_NOTADB')) return `not a Gamut store (file is not a database); ${MOVE_ASIDE}`;
  if (is('SQLITE_CORRUPT', 'SQLITE_IOERR')) {
    return `the store is damaged (${message}); ${MOVE_ASIDE} (\`sqlite3 <file> .recover\` may save what is in it)`;
  }
  if (is('SQLITE_BUSY', 'SQLITE_LOCKED')) {
    return 'the store is locked by another program writing to it; wait for it to finish, or pass --store <another folder>';
  }
  if (is('SQLITE_READONLY', 'SQLITE_CANTOPEN', 'SQLITE_PERM', 'SQLITE_AUTH', 'EACCES', 'EPERM', 'EROFS')) {
    return `cannot open the store for writing (${message}); check its permissions or pass --store <another folder>`;
  }
  if (is('ENOTDIR', 'EEXIST', 'EISDIR')) return `cannot create the store (${message}); pass --store <another folder>`;
  if (/already exists|no such (table|column)/.test(message)) {
    return `not a Gamut store (another program's database: ${message}); ${MOVE_ASIDE}`;
  }
  if (/written by a newer gamut/.test(message)) return `${message}; upgrade gamut or pass --store <another folder>`;
  return undefined;
}
