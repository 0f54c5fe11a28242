import type { Kysely, Transaction } from 'kysely';
import type { Tables } from '../tables.js';
import type { ArgsOf, Query, RowOf } from './query.js';

type Db = Kysely<Tables> | Transaction<Tables>;

/** One query compiled for PostgreSQL, run on the pool or in a transaction. */
export interface PgStatement<P, R> {
  /** Rows changed. */
  run(db: Db, args: P): Promise<number>;
  get(db: Db, args: P): Promise<R | undefined>;
  all(db: Db, args: P): Promise<R[]>;
}

export type PgStatements<Q> = { [K in keyof Q]: PgStatement<ArgsOf<Q[K]>, RowOf<Q[K]>> };

/** The same queries as SQLite's, their PostgreSQL text compiled once; each run sends only new parameters. */
export function preparePg<Q extends Record<string, Query<never, unknown>>>(queries: Q): PgStatements<Q> {
  const out: Record<string, PgStatement<unknown, unknown>> = {};
  for (const [name, q] of Object.entries(queries)) {
    const c = q.compiled('postgres');
    const bind = c.bind as (args: unknown) => unknown[];
    const exec = (db: Db, args: unknown) => db.executeQuery<unknown>({ ...c.query, parameters: bind(args) });
    out[name] = {
      run: async (db, args) => Number((await exec(db, args)).numAffectedRows ?? 0n),
      get: async (db, args) => (await exec(db, args)).rows[0],
      all: async (db, args) => (await exec(db, args)).rows,
    };
  }
  return out as PgStatements<Q>;
}
