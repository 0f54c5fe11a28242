import { StoreError } from '@gamut/core';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Tables } from '../tables.js';
import { redactUrl } from './url.js';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * A kysely handle on a pool of connections to `url`, working in `schema` (created when missing)
 * when one is given. Connects once before returning, so an unreachable server is reported here,
 * by its URL without the password, instead of at the first write.
 */
export async function connectPg(url: string, schema: string | undefined, poolSize: number): Promise<Kysely<Tables>> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new StoreError(`schema "${schema}" must be lower-case letters, digits and _ (starting with a letter or _)`);
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...(schema !== undefined && { options: `-c search_path=${schema}` }),
  });
  // A dropped idle connection is replaced on the next query, which reports its own error;
  // unhandled, the pool's 'error' event would end the process instead.
  pool.on('error', () => undefined);
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  try {
    // CREATE SCHEMA IF NOT EXISTS races when two processes open a new schema at once, so it is
    // taken under a transaction-scoped advisory lock on the schema's name.
    if (schema !== undefined) {
      await db.transaction().execute(async (tx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext(${schema}))`.execute(tx);
        await sql.raw(`CREATE SCHEMA IF NOT EXISTS ${schema}`).execute(tx);
      });
    } else await sql`SELECT 1`.execute(db);
  } catch (e) {
    await db.destroy();
    throw new StoreError(`cannot use PostgreSQL at ${redactUrl(url)}: ${describe(e)}`);
  }
  return db;
}

// Node reports a refused connection to a name with several addresses as an AggregateError with no message.
function describe(e: unknown): string {
  if (e instanceof AggregateError) return e.errors.map(describe).join('; ');
  return e instanceof Error ? e.message : String(e);
}
