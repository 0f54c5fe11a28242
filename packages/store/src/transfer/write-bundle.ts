import { type Kysely, sql, type Transaction } from 'kysely';
import { fromExcluded, KEY, RUN_UPDATE } from '../queries/columns.js';
import { reviewEventRow, reviewQueueRow } from '../rows.js';
import type { Tables } from '../tables.js';
import { answerRow, failureRow, runRow, verdictRow } from '../to-rows.js';
import type { RunBundle, StoredCall } from './bundle.js';

// Rows per INSERT: 12 columns × 200 stays under SQLite's 32,766 bound parameters and PostgreSQL's 65,535.
const CHUNK = 200;
const PAGE = 1000;

type Trx = Transaction<Tables>;

/** `RunTransfer.importRun` on either store: the same queries, one transaction. */
export async function writeRunBundle(db: Kysely<Tables>, b: RunBundle, onRows?: (rows: number) => void): Promise<void> {
  const runId = b.run.runId;
  await db.transaction().execute(async (trx) => {
    const run = runRow(b.run);
    await trx
      .insertInto('runs')
      .values(run)
      .onConflict((oc) => oc.column('run_id').doUpdateSet(fromExcluded(RUN_UPDATE)))
      .execute();
    onRows?.(1);
    const ofRun = <R extends { run_id: string }>(r: R): R => ({ ...r, run_id: runId });
    await chunked(
      b.answers.map((a) => ofRun(answerRow(a))),
      onRows,
      (rows) =>
        trx
          .insertInto('answers')
          .values(rows)
          .onConflict((oc) =>
            oc
              .columns(['run_id', 'question_id', 'model', 'setting'])
              .doUpdateSet(fromExcluded(['response', 'call_key'])),
          )
          .execute(),
    );
    await chunked(
      b.verdicts.map((v) => ofRun(verdictRow(v))),
      onRows,
      (rows) =>
        trx
          .insertInto('verdicts')
          .values(rows)
          .onConflict((oc) => oc.columns(KEY).doUpdateSet(fromExcluded(['verdict', 'rationale', 'quote'])))
          .execute(),
    );
    await chunked(
      b.failures.map((f) => ofRun(failureRow(f))),
      onRows,
      (rows) =>
        trx
          .insertInto('judge_failures')
          .values(rows)
          .onConflict((oc) => oc.columns(KEY).doUpdateSet(fromExcluded(['error', 'raw', 'kind'])))
          .execute(),
    );
    await dropFailuresWithVerdicts(trx, runId);
    await chunked(b.annotators, onRows, (rows) =>
      trx
        .insertInto('review_annotators')
        .values(rows.map((a) => ({ ...a })))
        .onConflict((oc) => oc.columns(['owner_id', 'name']).doNothing())
        .execute(),
    );
    await chunked(b.queues.map(reviewQueueRow), onRows, (rows) =>
      trx
        .insertInto('review_queues')
        .values(rows)
        .onConflict((oc) => oc.columns(['owner_id', 'queue_id']).doNothing())
        .execute(),
    );
    await chunked(b.events.map(reviewEventRow), onRows, (rows) =>
      trx
        .insertInto('review_events')
        .values(rows)
        .onConflict((oc) => oc.columns(['owner_id', 'event_id']).doNothing())
        .execute(),
    );
  });
}

// A failure the source still had while the target already holds the check's verdict (judged on there).
async function dropFailuresWithVerdicts(trx: Trx, runId: string): Promise<void> {
  await trx
    .deleteFrom('judge_failures')
    .where('run_id', '=', runId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('verdicts as v')
          .select(sql`1`.as('one'))
          .whereRef('v.run_id', '=', 'judge_failures.run_id')
          .whereRef('v.question_id', '=', 'judge_failures.question_id')
          .whereRef('v.model', '=', 'judge_failures.model')
          .whereRef('v.setting', '=', 'judge_failures.setting')
          .whereRef('v.check_id', '=', 'judge_failures.check_id')
          .whereRef('v.judge', '=', 'judge_failures.judge')
          .whereRef('v.sample', '=', 'judge_failures.sample'),
      ),
    )
    .execute();
}

/** `RunTransfer.importCalls` on either store. */
export async function writeCalls(db: Kysely<Tables>, calls: readonly StoredCall[]): Promise<number> {
  let added = 0;
  await db.transaction().execute(async (trx) => {
    await chunked(
      calls.map((c) => ({ ...c, valid: sql.lit(c.valid) })),
      undefined,
      async (rows) => {
        const r = await trx
          .insertInto('calls')
          .values(rows)
          .onConflict((oc) => oc.column('key').doNothing())
          .executeTakeFirst();
        added += Number(r.numInsertedOrUpdatedRows ?? 0n);
      },
    );
  });
  return added;
}

/** `RunTransfer.calls` on either store: pages by key, so no cursor is held open. */
export async function* readCalls(db: Kysely<Tables>): AsyncGenerator<StoredCall> {
  let after: string | undefined;
  for (;;) {
    let q = db.selectFrom('calls').selectAll().orderBy('key').limit(PAGE);
    if (after !== undefined) q = q.where('key', '>', after);
    const rows = await q.execute();
    for (const r of rows) yield { ...r, valid: Boolean(r.valid) };
    if (rows.length < PAGE) return;
    after = rows.at(-1)?.key;
  }
}

async function chunked<T>(
  rows: readonly T[],
  onRows: ((rows: number) => void) | undefined,
  write: (rows: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    await write(part);
    onRows?.(part.length);
  }
}
