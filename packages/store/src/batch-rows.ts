import type { BatchOfRequest } from '@gamut/core';

/** A provider batch as both stores keep it. */
export interface BatchRow {
  provider: string;
  batch_id: string;
  endpoint: string;
  submitted_at: string;
  /** 1 while the batch is a submission not yet known to have reached the provider (see `StoredBatch`). */
  submitting: number;
}

/** One request waiting in a batch, by its custom id. */
export interface BatchItemRow extends BatchRow {
  custom_id: string;
}

export function batchFromRow(r: BatchRow): BatchOfRequest {
  return {
    provider: r.provider,
    batchId: r.batch_id,
    endpoint: r.endpoint,
    submittedAt: r.submitted_at,
    ...(r.submitting === 1 && { submitting: true }),
  };
}

/** A batch's row, as both stores write it. */
export function batchRow(b: BatchOfRequest): BatchRow {
  return {
    provider: b.provider,
    batch_id: b.batchId,
    endpoint: b.endpoint,
    submitted_at: b.submittedAt,
    submitting: b.submitting === true ? 1 : 0,
  };
}

/** Both stores' migration that adds `batches.submitting` (SQLite's 7, PostgreSQL's 4). */
export const BATCH_SUBMITTING_SQL = 'ALTER TABLE batches ADD COLUMN submitting INTEGER NOT NULL DEFAULT 0;';

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
