import { StoreError } from '@gamut/core';
import { type Kysely, sql } from 'kysely';
import { BATCH_SUBMITTING_SQL, BATCH_TABLES_SQL } from '../batch-rows.js';
import type { Tables } from '../tables.js';

/**
 * Versioned schema changes of the PostgreSQL store, applied in order at open and recorded in
 * `schema_migrations`. Never edit a shipped one. Version 1 is the SQLite store's schema as of its
 * version 4; key columns sort bytewise (`COLLATE "C"`) so both stores list rows in the same order
 * whatever the server's locale.
 */
export const PG_MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 1,
    name: 'runs, answers, verdicts, judge failures, labels, calls, run leases',
    sql: `
      CREATE TABLE runs (
        run_id TEXT COLLATE "C" PRIMARY KEY,
        config_hash TEXT NOT NULL,
        config_parts TEXT NOT NULL,
        manifest TEXT NOT NULL,
        status TEXT NOT NULL,
        started_at TEXT COLLATE "C" NOT NULL,
        ended_at TEXT
      );
      CREATE TABLE answers (
        run_id TEXT COLLATE "C" NOT NULL, question_id TEXT COLLATE "C" NOT NULL,
        model TEXT COLLATE "C" NOT NULL, setting TEXT COLLATE "C" NOT NULL,
        response TEXT NOT NULL, call_key TEXT,
        PRIMARY KEY (run_id, question_id, model, setting)
      );
      CREATE TABLE verdicts (
        run_id TEXT COLLATE "C" NOT NULL, question_id TEXT COLLATE "C" NOT NULL,
        model TEXT COLLATE "C" NOT NULL, setting TEXT COLLATE "C" NOT NULL,
        check_id TEXT COLLATE "C" NOT NULL, judge TEXT COLLATE "C" NOT NULL, sample INTEGER NOT NULL,
        verdict TEXT NOT NULL CHECK (verdict IN ('meets','partially_meets','missing','contradicts')),
        rationale TEXT NOT NULL, quote TEXT,
        PRIMARY KEY (run_id, question_id, model, setting, check_id, judge, sample)
      );
      CREATE TABLE judge_failures (
        run_id TEXT COLLATE "C" NOT NULL, question_id TEXT COLLATE "C" NOT NULL,
        model TEXT COLLATE "C" NOT NULL, setting TEXT COLLATE "C" NOT NULL,
        check_id TEXT COLLATE "C" NOT NULL, judge TEXT COLLATE "C" NOT NULL, sample INTEGER NOT NULL,
        error TEXT NOT NULL, raw TEXT, kind TEXT,
        PRIMARY KEY (run_id, question_id, model, setting, check_id, judge, sample)
      );
      CREATE TABLE labels (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        question_id TEXT COLLATE "C" NOT NULL, model TEXT NOT NULL, setting TEXT NOT NULL,
        check_id TEXT COLLATE "C" NOT NULL,
        verdict TEXT NOT NULL CHECK (verdict IN ('meets','partially_meets','missing','contradicts')),
        author TEXT NOT NULL, reason TEXT NOT NULL, created_at TEXT NOT NULL
      );
      CREATE INDEX labels_by_check ON labels (question_id, check_id);
      CREATE FUNCTION labels_append_only() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'labels are append-only'; END $$;
      CREATE TRIGGER labels_no_change BEFORE UPDATE OR DELETE ON labels
        FOR EACH ROW EXECUTE FUNCTION labels_append_only();
      CREATE TABLE calls (
        key TEXT PRIMARY KEY,
        provider TEXT NOT NULL, model_id TEXT NOT NULL,
        text TEXT NOT NULL, finish_reason TEXT, response_id TEXT,
        input_tokens INTEGER, output_tokens INTEGER, cached_input_tokens INTEGER,
        latency_ms DOUBLE PRECISION NOT NULL, cost_usd DOUBLE PRECISION,
        created_at TEXT COLLATE "C" NOT NULL,
        valid BOOLEAN NOT NULL DEFAULT TRUE
      );
      CREATE TABLE run_leases (
        run_id TEXT PRIMARY KEY,
        owner_id TEXT NOT NULL, pid INTEGER NOT NULL, host TEXT NOT NULL,
        started_at TEXT NOT NULL, heartbeat_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'review workspace: annotators, queues and events, append-only',
    // The SQLite store's version 5: keyed by owner (a run's or a build's id), not tied to the runs table.
    sql: `
      CREATE TABLE review_annotators (
        seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        owner_id TEXT COLLATE "C" NOT NULL, name TEXT COLLATE "C" NOT NULL, role TEXT NOT NULL,
        token_hash TEXT NOT NULL, created_at TEXT NOT NULL,
        UNIQUE (owner_id, name)
      );
      CREATE TABLE review_queues (
        seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        owner_id TEXT COLLATE "C" NOT NULL, queue_id TEXT COLLATE "C" NOT NULL, kind TEXT NOT NULL,
        created_at TEXT NOT NULL, body TEXT NOT NULL,
        UNIQUE (owner_id, queue_id)
      );
      CREATE TABLE review_events (
        seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        owner_id TEXT COLLATE "C" NOT NULL, event_id TEXT COLLATE "C" NOT NULL,
        queue_id TEXT COLLATE "C" NOT NULL, item_id TEXT NOT NULL,
        kind TEXT NOT NULL, who TEXT NOT NULL, at TEXT NOT NULL, body TEXT NOT NULL,
        UNIQUE (owner_id, event_id)
      );
      CREATE INDEX review_events_by_queue ON review_events (owner_id, queue_id, seq);
      CREATE FUNCTION review_append_only() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME; END $$;
      CREATE TRIGGER review_annotators_no_change BEFORE UPDATE OR DELETE ON review_annotators
        FOR EACH ROW EXECUTE FUNCTION review_append_only();
      CREATE TRIGGER review_queues_no_change BEFORE UPDATE OR DELETE ON review_queues
        FOR EACH ROW EXECUTE FUNCTION review_append_only();
      CREATE TRIGGER review_events_no_change BEFORE UPDATE OR DELETE ON review_events
        FOR EACH ROW EXECUTE FUNCTION review_append_only();
    `,
  },
  {
    version: 3,
    name: 'provider batches (--batch) and the requests waiting in them',
    // The SQLite store's version 6.
    sql: BATCH_TABLES_SQL,
  },
  {
    version: 4,
    name: 'provider batch submissions recorded before they are sent',
    // The SQLite store's version 7.
    sql: BATCH_SUBMITTING_SQL,
  },
];

/**
 * Applies what is missing in one transaction under an advisory lock on the schema, so two processes
 * opening one database migrate it once. Returns the schema version.
 */
export async function migratePg(db: Kysely<Tables>, now: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(current_schema()))`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`.execute(trx);
    const row = await trx
      .selectFrom('schema_migrations')
      .select((eb) => eb.fn.max('version').as('v'))
      .executeTakeFirst();
    const current = row?.v ?? 0;
    const latest = PG_MIGRATIONS.at(-1)?.version ?? 0;
    if (current > latest) {
      throw new StoreError(
        `the store was written by a newer gamut (schema ${current}, this one knows up to ${latest})`,
      );
    }
    for (const m of PG_MIGRATIONS) {
      if (m.version <= current) continue;
      await sql.raw(m.sql).execute(trx);
      await trx.insertInto('schema_migrations').values({ version: m.version, name: m.name, applied_at: now }).execute();
    }
    return latest;
  });
}
