import {
  type Compilable,
  type CompiledQuery,
  DummyDriver,
  type InferResult,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCreator,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Tables } from '../tables.js';

export type Dialect = 'sqlite' | 'postgres';

/** A value the query takes when it runs, standing in for it while the query is built and compiled. */
class Param {
  constructor(readonly name: string) {}
}

/**
 * One query of the store, written once with kysely and compiled for each dialect on first use. It is
 * built with placeholders for its parameters (`p.name` stands for `args.name`), so the SQL text is
 * made once per process: SQLite prepares it once per connection, PostgreSQL sends the same text.
 */
export interface Query<P, R> {
  compiled(dialect: Dialect): CompiledStatement<P>;
  /** Never set: carries the row type. */
  readonly row?: R;
}

export interface CompiledStatement<P> {
  readonly query: CompiledQuery;
  /** The driver's parameters for one call, in placeholder order. */
  bind(args: P): unknown[];
}

type Build<P, B> = (db: QueryCreator<Tables>, p: P, dialect: Dialect) => B;

export type RowOf<Q> = Q extends Query<unknown, infer R> ? R : never;
export type ArgsOf<Q> = Q extends Query<infer P, unknown> ? P : never;

// Compilers that never connect: compiling needs only the dialect's SQL, not a database.
const creators: Record<Dialect, QueryCreator<Tables>> = {
  sqlite: new Kysely<Tables>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<Tables>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

const placeholders = new Proxy({} as Record<string, Param>, { get: (_t, name) => new Param(String(name)) });

export function query<P extends object, B extends Compilable<unknown>>(
  build: Build<P, B>,
): Query<P, InferResult<B>[number]> {
  const made: Partial<Record<Dialect, CompiledStatement<P>>> = {};
  return {
    compiled(dialect) {
      made[dialect] ??= compile(build(creators[dialect], placeholders as P, dialect).compile(), dialect);
      return made[dialect];
    },
  };
}

function compile<P>(query: CompiledQuery, dialect: Dialect): CompiledStatement<P> {
  // SQLite has no boolean type: better-sqlite3 binds 1 and 0.
  const sqlite = dialect === 'sqlite';
  const names = query.parameters.map((v) => (v instanceof Param ? v.name : undefined));
  const fixed = query.parameters.map((v) => (v instanceof Param || !sqlite || typeof v !== 'boolean' ? v : Number(v)));
  // One generated function per statement, reading each argument by its name: on the hot path this
  // is a few property loads with their own inline caches instead of a loop of keyed lookups.
  const read = names.map((name, i) =>
    name === undefined ? `f[${i}]` : sqlite ? `b(a[${JSON.stringify(name)}])` : `a[${JSON.stringify(name)}]`,
  );
  const make = new Function('f', 'b', `return (a) => [${read.join(', ')}];`) as (
    f: readonly unknown[],
    b: (v: unknown) => unknown,
  ) => (args: unknown) => unknown[];
  return { query, bind: make(fixed, (v) => (typeof v === 'boolean' ? Number(v) : v)) };
}
