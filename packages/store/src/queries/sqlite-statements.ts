import type { Database, Statement } from 'better-sqlite3';
import type { ArgsOf, Query, RowOf } from './query.js';

/** One query prepared on one SQLite connection, run synchronously. */
export interface SqliteStatement<P, R> {
  /** Rows changed. */
  run(args: P): number;
  get(args: P): R | undefined;
  all(args: P): R[];
}

interface Prepared {
  st: Statement<unknown[], unknown>;
  bind: (args: unknown) => unknown[];
}

export type SqliteStatements<Q> = { [K in keyof Q]: SqliteStatement<ArgsOf<Q[K]>, RowOf<Q[K]>> };

/**
 * Each query's SQLite text, prepared on this connection the first time it runs and reused after:
 * the hot path builds and parses no SQL, and opening a store compiles only what it goes on to use.
 */
export function prepareSqlite<Q extends Record<string, Query<never, unknown>>>(
  db: Database,
  queries: Q,
): SqliteStatements<Q> {
  const out: Record<string, SqliteStatement<unknown, unknown>> = {};
  for (const [name, q] of Object.entries(queries)) {
    let made: Prepared | undefined;
    const prepared = (): Prepared => {
      const c = q.compiled('sqlite');
      return { st: db.prepare<unknown[], unknown>(c.query.sql), bind: c.bind as Prepared['bind'] };
    };
    out[name] = {
      run(args) {
        made ??= prepared();
        return made.st.run(made.bind(args)).changes;
      },
      get(args) {
        made ??= prepared();
        return made.st.get(made.bind(args));
      },
      all(args) {
        made ??= prepared();
        return made.st.all(made.bind(args));
      },
    };
  }
  return out as SqliteStatements<Q>;
}
