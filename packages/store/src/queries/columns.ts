import { type RawBuilder, sql } from 'kysely';

/** Column lists and helpers the queries (and the transfer's bulk inserts) are built from. */

export const KEY = ['run_id', 'question_id', 'model', 'setting', 'check_id', 'judge', 'sample'] as const;

// What a new call overwrites of an old one under its key (not who made it, nor when it was first made).
export const CALL_UPDATE = [
  'text',
  'finish_reason',
  'response_id',
  'input_tokens',
  'output_tokens',
  'cached_input_tokens',
  'latency_ms',
  'cost_usd',
  'valid',
] as const;

export const RUN_UPDATE = ['config_hash', 'config_parts', 'manifest', 'status', 'started_at', 'ended_at'] as const;

/** `col = excluded.col` for each column an upsert overwrites. */
export function fromExcluded<C extends string>(cols: readonly C[]): Record<C, RawBuilder<never>> {
  return Object.fromEntries(cols.map((c) => [c, sql.ref(`excluded.${c}`)])) as Record<C, RawBuilder<never>>;
}

/** `args.c` for each column: an insert's values. */
export function pick<P, C extends keyof P>(p: P, cols: readonly C[]): Pick<P, C> {
  return Object.fromEntries(cols.map((c) => [c, p[c]])) as Pick<P, C>;
}
