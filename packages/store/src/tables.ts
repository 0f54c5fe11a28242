import type { Generated } from 'kysely';
import type { BatchRow } from './batch-rows.js';
import type {
  AnnotatorRow,
  AnswerRow,
  CallRow,
  FailureRow,
  LabelRow,
  LeaseRow,
  ReviewEventRow,
  ReviewQueueRow,
  RunRow,
  VerdictRow,
} from './rows.js';

/**
 * Both stores' tables as kysely sees them: the shared row shapes plus columns only written. (SQLite
 * keeps `calls.valid` as 0 or 1: write it as a literal, read it through `Boolean`.)
 */
export interface Tables {
  runs: RunRow;
  answers: AnswerRow;
  verdicts: VerdictRow;
  judge_failures: FailureRow;
  labels: LabelRow & { id: Generated<string> };
  calls: CallRow & {
    key: string;
    provider: string;
    model_id: string;
    latency_ms: number;
    cost_usd: number | null;
    created_at: string;
    valid: boolean;
  };
  run_leases: LeaseRow;
  review_annotators: AnnotatorRow & { seq: Generated<string> };
  review_queues: ReviewQueueRow & { seq: Generated<string> };
  review_events: ReviewEventRow & { seq: Generated<string> };
  batches: BatchRow;
  batch_items: { custom_id: string; provider: string; batch_id: string };
  schema_migrations: { version: number; name: string; applied_at: string };
}
