import type { BatchOfRequest } from '@gamut/core';

/** A provider batch as both stores keep it. */
export interface BatchRow {
  provider: string;
  batch_id: string;
  endpoint: string;
  submitted_at: string;
}

/** One request waiting in a batch, by its custom id. */
export interface BatchItemRow extends BatchRow {
  custom_id: string;
}

export function batchFromRow(r: BatchRow): BatchOfRequest {
  return { provider: r.provider, batchId: r.batch_id, endpoint: r.endpoint, submittedAt: r.submitted_at };
}

/** The batch tables, the same in both stores (SQLite's migration 6, PostgreSQL's 3): applied migrations never change, so a change is a new migration. */
export const BATCH_TABLES_SQL = `
  CREATE TABLE batches (
    provider TEXT NOT NULL, batch_id TEXT NOT NULL, endpoint TEXT NOT NULL, submitted_at TEXT NOT NULL,
    PRIMARY KEY (provider, batch_id)
  );
  CREATE TABLE batch_items (
    custom_id TEXT PRIMARY KEY, provider TEXT NOT NULL, batch_id TEXT NOT NULL,
    FOREIGN KEY (provider, batch_id) REFERENCES batches (provider, batch_id)
  );
`;
