import { StoreError } from '@gamut/core';
import type { Database } from 'better-sqlite3';
import { BATCH_SUBMITTING_SQL, BATCH_TABLES_SQL } from '../batch-rows.js';

/** Versioned schema changes, applied in order at open and recorded in `schema_migrations`. Never edit a shipped one. */
export const MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 1,
    name: 'runs, answers, verdicts, judge failures, labels, calls',
    sql: `
      CREATE TABLE runs (
        run_id TEXT PRIMARY KEY,
        config_hash TEXT NOT NULL,
        config_parts TEXT NOT NULL,
        manifest TEXT NOT NULL,
        status TEXT NOT NULL,
        started_at TEXT NOT NULL,
        ended_at TEXT
      );
      CREATE TABLE answers (
        run_id TEXT NOT NULL, question_id TEXT NOT NULL, model TEXT NOT NULL, setting TEXT NOT NULL,
        response TEXT NOT NULL, call_key TEXT,
        PRIMARY KEY (run_id, question_id, model, setting)
      ) WITHOUT ROWID;
      CREATE TABLE verdicts (
        run_id TEXT NOT NULL, question_id TEXT NOT NULL, model TEXT NOT NULL, setting TEXT NOT NULL,
        check_id TEXT NOT NULL, judge TEXT NOT NULL, sample INTEGER NOT NULL,
        verdict TEXT NOT NULL CHECK (verdict IN ('meets','partially_meets','missing','contradicts')),
        rationale TEXT NOT NULL, quote TEXT,
        PRIMARY KEY (run_id, question_id, model, setting, check_id, judge, sample)
      ) WITHOUT ROWID;
      CREATE TABLE judge_failures (
        run_id TEXT NOT NULL, question_id TEXT NOT NULL, model TEXT NOT NULL, setting TEXT NOT NULL,
        check_id TEXT NOT NULL, judge TEXT NOT NULL, sample INTEGER NOT NULL,
        error TEXT NOT NULL, raw TEXT,
        PRIMARY KEY (run_id, question_id, model, setting, check_id, judge, sample)
      ) WITHOUT ROWID;
      CREATE TABLE labels (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        question_id TEXT NOT NULL, model TEXT NOT NULL, setting TEXT NOT NULL, check_id TEXT NOT NULL,
        verdict TEXT NOT NULL CHECK (verdict IN ('meets','partially_meets','missing','contradicts')),
        author TEXT NOT NULL, reason TEXT NOT NULL, created_at TEXT NOT NULL
      );
      CREATE INDEX labels_by_check ON labels (question_id, check_id);
      CREATE TRIGGER labels_no_update BEFORE UPDATE ON labels BEGIN SELECT RAISE(ABORT, 'labels are append-only'); END;
      CREATE TRIGGER labels_no_delete BEFORE DELETE ON labels BEGIN SELECT RAISE(ABORT, 'labels are append-only'); END;
      CREATE TABLE calls (
        key TEXT PRIMARY KEY,
        provider TEXT NOT NULL, model_id TEXT NOT NULL,
        text TEXT NOT NULL, finish_reason TEXT, response_id TEXT,
        input_tokens INTEGER, output_tokens INTEGER, cached_input_tokens INTEGER,
        latency_ms REAL NOT NULL, cost_usd REAL, created_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'run leases: one process judges a run at a time',
    sql: `
      CREATE TABLE run_leases (
        run_id TEXT PRIMARY KEY,
        owner_id TEXT NOT NULL, pid INTEGER NOT NULL, host TEXT NOT NULL,
        started_at TEXT NOT NULL, heartbeat_at TEXT NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 3,
    name: 'calls remember whether the reply was usable',
    // A reply that gave no verdict stays in the record, but is never served from the cache.
    sql: 'ALTER TABLE calls ADD COLUMN valid INTEGER NOT NULL DEFAULT 1;',
  },
  {
    version: 4,
    name: 'judge failures keep their kind',
    // Rows from before stay NULL: their kind is read from the error text.
    sql: 'ALTER TABLE judge_failures ADD COLUMN kind TEXT;',
  },
  {
    version: 5,
    name: 'review workspace: annotators, queues and events, append-only',
    // Keyed by owner (a run's or a build's id), not tied to the runs table: a review outlives a rename.
    sql: `
      CREATE TABLE review_annotators (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        owner_id TEXT NOT NULL, name TEXT NOT NULL, role TEXT NOT NULL,
        token_hash TEXT NOT NULL, created_at TEXT NOT NULL,
        UNIQUE (owner_id, name)
      );
      CREATE TABLE review_queues (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        owner_id TEXT NOT NULL, queue_id TEXT NOT NULL, kind TEXT NOT NULL,
        created_at TEXT NOT NULL, body TEXT NOT NULL,
        UNIQUE (owner_id, queue_id)
      );
      CREATE TABLE review_events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        owner_id TEXT NOT NULL, event_id TEXT NOT NULL, queue_id TEXT NOT NULL, item_id TEXT NOT NULL,
        kind TEXT NOT NULL, who TEXT NOT NULL, at TEXT NOT NULL, body TEXT NOT NULL,
        UNIQUE (owner_id, event_id)
      );
      CREATE INDEX review_events_by_queue ON review_events (owner_id, queue_id, seq);
      CREATE TRIGGER review_annotators_no_update BEFORE UPDATE ON review_annotators BEGIN SELECT RAISE(ABORT, 'annotators are append-only'); END;
      CREATE TRIGGER review_annotators_no_delete BEFORE DELETE ON review_annotators BEGIN SELECT RAISE(ABORT, 'annotators are append-only'); END;
      CREATE TRIGGER review_queues_no_update BEFORE UPDATE ON review_queues BEGIN SELECT RAISE(ABORT, 'review queues are append-only'); END;
      CREATE TRIGGER review_queues_no_delete BEFORE DELETE ON review_queues BEGIN SELECT RAISE(ABORT, 'review queues are append-only'); END;
      CREATE TRIGGER review_events_no_update BEFORE UPDATE ON review_events BEGIN SELECT RAISE(ABORT, 'review events are append-only'); END;
      CREATE TRIGGER review_events_no_delete BEFORE DELETE ON review_events BEGIN SELECT RAISE(ABORT, 'review events are append-only'); END;
    `,
  },
  {
    version: 6,
    name: 'provider batches (--batch) and the requests waiting in them',
    // A request is known by its custom id (a hash of the call) wherever it is, not by run: a rerun finds it.
    sql: BATCH_TABLES_SQL,
  },
  {
    version: 7,
    name: 'provider batch submissions recorded before they are sent',
    sql: BATCH_SUBMITTING_SQL,
  },
];

/** Applies what is missing under an immediate lock, so two processes opening one file migrate it once. */
export function migrate(db: Database, now: string): number {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const run = db.transaction(() => {
    const row = db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null };
    const current = row.v ?? 0;
    const latest = MIGRATIONS.at(-1)?.version ?? 0;
    if (current > latest) {
      throw new StoreError(
        `the store was written by a newer gamut (schema ${current}, this one knows up to ${latest})`,
      );
    }
    const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
    for (const m of MIGRATIONS) {
      if (m.version <= current) continue;
      db.exec(m.sql);
      record.run(m.version, m.name, now);
    }
    return latest;
  });
  return run.immediate();
}
