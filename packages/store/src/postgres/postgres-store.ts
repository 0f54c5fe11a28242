import type {
  BatchOfRequest,
  CachedCall,
  CallMeta,
  CallTotals,
  HumanLabel,
  RunLeaseRequest,
  RunRecord,
  RunStatus,
  RunStore,
  StoredAnswer,
  StoredJudgeFailure,
  StoredVerdict,
  VerdictKeyParts,
} from '@gamut/core';
import { leaseIsFree, StoreError } from '@gamut/core';
import { sql, type Transaction } from 'kysely';
import { batchFromRow } from '../batch-rows.js';
import {
  annotatorFromRow,
  answerFromRow,
  callFromRow,
  failureFromRow,
  labelFromRow,
  leaseFromRow,
  reviewEventFromRow,
  reviewEventRow,
  reviewQueueFromRow,
  reviewQueueRow,
  runFromRow,
  type VerdictRow,
  verdictFromRow,
} from '../rows.js';
import type { Tables } from '../tables.js';
import type { GamutStore } from '../transfer/bundle.js';
import { readCalls, writeCalls, writeRunBundle } from '../transfer/write-bundle.js';
import { connectPg } from './connection.js';
import { migratePg } from './migrations.js';
import { redactUrl } from './url.js';

export interface PostgresStoreOptions {
  /** `postgres://user[:password]@host:port/database`. */
  url: string;
  /** A schema to keep the tables in, created when missing (default: the connection's search path). */
  schema?: string;
  /** Connections in the pool (default 4). */
  poolSize?: number;
  /** Pending writes that force an immediate commit (default 512). */
  maxBatch?: number;
  now?: () => Date;
}

type Trx = Transaction<Tables>;

interface Pending {
  write: (trx: Trx) => Promise<void>;
  resolve: () => void;
  reject: (e: unknown) => void;
}

const PAGE = 1000;
const KEY = ['run_id', 'question_id', 'model', 'setting', 'check_id', 'judge', 'sample'] as const;
// The stable order of a run's verdicts and failures: one expression, as kysely has no multi-column orderBy.
const BY_KEY = sql`question_id, model, setting, check_id, judge, sample`;

/**
 * The store on a PostgreSQL server, for runs many processes or machines share. Like the SQLite
 * store, writes made in one event-loop turn are committed together, in the order they were made,
 * and a write's promise resolves only after its commit; reads first wait for the writes before them.
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<GamutStore & { readonly url: string }> {
  const now = options.now ?? (() => new Date());
  const db = await connectPg(options.url, options.schema, options.poolSize ?? 4);
  try {
    await migratePg(db, now().toISOString());
  } catch (e) {
    await db.destroy();
    throw new StoreError(
      `cannot migrate the store at ${redactUrl(options.url)}: ${e instanceof Error ? e.message : e}`,
    );
  }
  const maxBatch = options.maxBatch ?? 512;

  let queue: Pending[] = [];
  let scheduled = false;
  let chain: Promise<void> = Promise.resolve();
  const pendingCalls = new Map<string, CachedCall>();
  let closed = false;

  async function commit(batch: Pending[]): Promise<void> {
    try {
      await db.transaction().execute(async (trx) => {
        for (const p of batch) await p.write(trx);
      });
      for (const p of batch) p.resolve();
    } catch {
      // One bad write must not sink its neighbours: retry each alone so only it fails.
      for (const p of batch) {
        try {
          await db.transaction().execute((trx) => p.write(trx));
          p.resolve();
        } catch (e) {
          p.reject(e);
        }
      }
    }
  }

  // Batches commit one after another, so writes land in the order they were made.
  function drain(): Promise<void> {
    scheduled = false;
    const batch = queue;
    queue = [];
    if (batch.length > 0) chain = chain.then(() => commit(batch));
    return chain;
  }

  function enqueue(write: (trx: Trx) => Promise<void>): Promise<void> {
    if (closed) return Promise.reject(new StoreError('store is closed'));
    return new Promise<void>((resolve, reject) => {
      queue.push({ write, resolve, reject });
      if (queue.length >= maxBatch) void drain();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(drain);
      }
    });
  }

  async function read<T>(fn: () => Promise<T>): Promise<T> {
    if (closed) throw new StoreError('store is closed');
    await drain();
    return fn();
  }

  const whereKey = (k: VerdictKeyParts) =>
    ({
      run_id: k.runId,
      question_id: k.questionId,
      model: k.model,
      setting: k.setting,
      check_id: k.checkId,
      judge: k.judge,
      sample: k.sample,
    }) as const;

  async function takeLease(r: RunLeaseRequest): Promise<Awaited<ReturnType<RunStore['acquireRunLease']>>> {
    return db.transaction().execute(async (trx) => {
      const fresh = { run_id: r.runId, owner_id: r.ownerId, pid: r.pid, host: r.host, heartbeat_at: r.now };
      const inserted = await trx
        .insertInto('run_leases')
        .values({ ...fresh, started_at: r.now })
        .onConflict((oc) => oc.column('run_id').doNothing())
        .returning('run_id')
        .executeTakeFirst();
      if (inserted) return { acquired: true as const };
      // The row exists: lock it, so a concurrent taker waits and then sees this one's decision.
      const row = await trx
        .selectFrom('run_leases')
        .selectAll()
        .where('run_id', '=', r.runId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const held = leaseFromRow(row);
      if (!leaseIsFree(held, r)) return { acquired: false as const, holder: held };
      const startedAt = held.ownerId === r.ownerId ? held.startedAt : r.now;
      await trx
        .updateTable('run_leases')
        .set({ ...fresh, started_at: startedAt })
        .where('run_id', '=', r.runId)
        .execute();
      return { acquired: true as const };
    });
  }

  return {
    url: redactUrl(options.url),
    async get(key) {
      const pending = pendingCalls.get(key);
      if (pending) return structuredClone(pending);
      if (closed) throw new StoreError('store is closed');
      const row = await db
        .selectFrom('calls')
        .select(['text', 'finish_reason', 'response_id', 'input_tokens', 'output_tokens', 'cached_input_tokens'])
        .where('key', '=', key)
        .where('valid', '=', true)
        .executeTakeFirst();
      return row ? callFromRow(row) : undefined;
    },
    put(key: string, value: CachedCall, meta: CallMeta) {
      const valid = meta.valid !== false;
      if (valid) pendingCalls.set(key, value);
      else pendingCalls.delete(key);
      const row = {
        key,
        provider: meta.provider,
        model_id: meta.modelId,
        text: value.text,
        finish_reason: value.finishReason ?? null,
        response_id: value.responseId ?? null,
        input_tokens: value.usage.inputTokens,
        output_tokens: value.usage.outputTokens,
        cached_input_tokens: value.usage.cachedInputTokens,
        latency_ms: meta.latencyMs,
        cost_usd: meta.costUsd,
        created_at: now().toISOString(),
        valid,
      };
      const { key: _key, provider: _p, model_id: _m, created_at: _c, ...update } = row;
      const done = enqueue(async (trx) => {
        await trx
          .insertInto('calls')
          .values(row)
          .onConflict((oc) => oc.column('key').doUpdateSet(update))
          .execute();
      });
      const forget = () => {
        if (pendingCalls.get(key) === value) pendingCalls.delete(key);
      };
      done.then(forget, forget);
      return done;
    },
    putRun(run: RunRecord) {
      const row = {
        run_id: run.runId,
        config_hash: run.configHash,
        config_parts: JSON.stringify(run.configParts),
        manifest: JSON.stringify(run.manifest),
        status: run.status,
        started_at: run.startedAt,
        ended_at: run.endedAt,
      };
      const { run_id: _id, ...update } = row;
      return enqueue(async (trx) => {
        await trx
          .insertInto('runs')
          .values(row)
          .onConflict((oc) => oc.column('run_id').doUpdateSet(update))
          .execute();
      });
    },
    getRun(runId) {
      return read(async () => {
        const row = await db.selectFrom('runs').selectAll().where('run_id', '=', runId).executeTakeFirst();
        return row ? runFromRow(row) : undefined;
      });
    },
    listRuns() {
      return read(async () =>
        (await db.selectFrom('runs').selectAll().orderBy('started_at').orderBy('run_id').execute()).map(runFromRow),
      );
    },
    setRunStatus(runId: string, status: RunStatus, endedAt: string | null) {
      return enqueue(async (trx) => {
        const r = await trx
          .updateTable('runs')
          .set({ status, ended_at: endedAt })
          .where('run_id', '=', runId)
          .executeTakeFirst();
        if (r.numUpdatedRows === 0n) throw new StoreError(`no run ${runId}`);
      });
    },
    renameRun(from: string, to: string) {
      return enqueue(async (trx) => {
        if (await trx.selectFrom('runs').select('run_id').where('run_id', '=', to).executeTakeFirst()) {
          throw new StoreError(`run ${to} exists`);
        }
        const moved = await trx
          .updateTable('runs')
          .set({
            run_id: to,
            manifest: sql<string>`jsonb_set(manifest::jsonb, '{run_id}', to_jsonb(${to}::text))::text`,
          })
          .where('run_id', '=', from)
          .executeTakeFirst();
        if (moved.numUpdatedRows === 0n) throw new StoreError(`no run ${from}`);
        for (const table of ['answers', 'verdicts', 'judge_failures'] as const) {
          await trx.updateTable(table).set({ run_id: to }).where('run_id', '=', from).execute();
        }
      });
    },
    putAnswer(a: StoredAnswer) {
      return enqueue(async (trx) => {
        await trx
          .insertInto('answers')
          .values({
            run_id: a.runId,
            question_id: a.questionId,
            model: a.model,
            setting: a.setting,
            response: a.response,
            call_key: a.callKey,
          })
          .onConflict((oc) =>
            oc
              .columns(['run_id', 'question_id', 'model', 'setting'])
              .doUpdateSet({ response: a.response, call_key: a.callKey }),
          )
          .execute();
      });
    },
    getAnswers(runId) {
      return read(async () =>
        (
          await db
            .selectFrom('answers')
            .selectAll()
            .where('run_id', '=', runId)
            .orderBy('question_id')
            .orderBy('model')
            .orderBy('setting')
            .execute()
        ).map(answerFromRow),
      );
    },
    putVerdict(v: StoredVerdict) {
      const key = whereKey(v);
      const update = { verdict: v.verdict, rationale: v.rationale, quote: v.quote };
      return enqueue(async (trx) => {
        await trx
          .insertInto('verdicts')
          .values({ ...key, ...update })
          .onConflict((oc) => oc.columns(KEY).doUpdateSet(update))
          .execute();
        await trx
          .deleteFrom('judge_failures')
          .where((eb) => eb.and(key))
          .execute();
      });
    },
    verdicts(runId) {
      return iterateVerdicts(runId);
    },
    countVerdicts(runId) {
      return read(async () => {
        const r = await db
          .selectFrom('verdicts')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('run_id', '=', runId)
          .executeTakeFirstOrThrow();
        return r.n;
      });
    },
    finishedChecks(k) {
      return read(async () => {
        const rows = await db
          .selectFrom('verdicts')
          .select('check_id')
          .where((eb) =>
            eb.and({
              run_id: k.runId,
              question_id: k.questionId,
              model: k.model,
              setting: k.setting,
              judge: k.judge,
              sample: k.sample,
            }),
          )
          .execute();
        return new Set(rows.map((r) => r.check_id));
      });
    },
    putJudgeFailure(f: StoredJudgeFailure) {
      const update = { error: f.error, raw: f.raw, kind: f.kind ?? null };
      return enqueue(async (trx) => {
        await trx
          .insertInto('judge_failures')
          .values({ ...whereKey(f), ...update })
          .onConflict((oc) => oc.columns(KEY).doUpdateSet(update))
          .execute();
      });
    },
    getJudgeFailures(runId) {
      return read(async () =>
        (await db.selectFrom('judge_failures').selectAll().where('run_id', '=', runId).orderBy(BY_KEY).execute()).map(
          failureFromRow,
        ),
      );
    },
    appendLabel(l: HumanLabel) {
      return enqueue(async (trx) => {
        await trx
          .insertInto('labels')
          .values({
            question_id: l.questionId,
            model: l.model,
            setting: l.setting,
            check_id: l.checkId,
            verdict: l.verdict,
            author: l.author,
            reason: l.reason,
            created_at: l.createdAt,
          })
          .execute();
      });
    },
    getLabels(filter = {}) {
      return read(async () => {
        let q = db.selectFrom('labels').selectAll().orderBy('id');
        if (filter.questionId !== undefined) q = q.where('question_id', '=', filter.questionId);
        if (filter.checkId !== undefined) q = q.where('check_id', '=', filter.checkId);
        return (await q.execute()).map(labelFromRow);
      });
    },
    appendAnnotator(a) {
      return enqueue(async (trx) => {
        await trx.insertInto('review_annotators').values(a).execute();
      });
    },
    listAnnotators(ownerId) {
      return read(async () =>
        (
          await db
            .selectFrom('review_annotators')
            .select(['owner_id', 'name', 'role', 'token_hash', 'created_at'])
            .where('owner_id', '=', ownerId)
            .orderBy('seq')
            .execute()
        ).map(annotatorFromRow),
      );
    },
    appendReviewQueue(q) {
      return enqueue(async (trx) => {
        await trx.insertInto('review_queues').values(reviewQueueRow(q)).execute();
      });
    },
    listReviewQueues(ownerId) {
      return read(async () =>
        (
          await db.selectFrom('review_queues').select('body').where('owner_id', '=', ownerId).orderBy('seq').execute()
        ).map(reviewQueueFromRow),
      );
    },
    appendReviewEvents(events) {
      // One write: the batch commits whole, and a failing write is retried alone, so it fails whole too.
      return enqueue(async (trx) => {
        if (events.length > 0) await trx.insertInto('review_events').values(events.map(reviewEventRow)).execute();
      });
    },
    listReviewEvents(ownerId, filter = {}) {
      return read(async () => {
        let q = db.selectFrom('review_events').select('body').where('owner_id', '=', ownerId).orderBy('seq');
        if (filter.queueId !== undefined) q = q.where('queue_id', '=', filter.queueId);
        return (await q.execute()).map(reviewEventFromRow);
      });
    },
    callTotals(filter = {}) {
      return read(async (): Promise<CallTotals> => {
        // SUM of integers is numeric in PostgreSQL, which pg returns as a string: cast to float8.
        return db
          .selectFrom('calls')
          .select([
            sql<number>`count(*)::int`.as('calls'),
            sql<number>`coalesce(sum(input_tokens), 0)::float8`.as('inputTokens'),
            sql<number>`coalesce(sum(output_tokens), 0)::float8`.as('outputTokens'),
            sql<number>`coalesce(sum(cached_input_tokens), 0)::float8`.as('cachedInputTokens'),
            sql<number>`coalesce(sum(cost_usd), 0)::float8`.as('costUsd'),
          ])
          .where('created_at', '>=', filter.since ?? '')
          .executeTakeFirstOrThrow();
      });
    },
    putBatch(b) {
      const batch = { provider: b.provider, batch_id: b.batchId, endpoint: b.endpoint, submitted_at: b.submittedAt };
      return enqueue(async (trx) => {
        await trx
          .insertInto('batches')
          .values(batch)
          .onConflict((oc) =>
            oc
              .columns(['provider', 'batch_id'])
              .doUpdateSet({ endpoint: batch.endpoint, submitted_at: batch.submitted_at }),
          )
          .execute();
        // One array parameter per statement: a batch of 50,000 is past the protocol's 65,535 parameters as rows.
        await sql`INSERT INTO batch_items (custom_id, provider, batch_id)
          SELECT unnest(${[...b.customIds]}::text[]), ${b.provider}, ${b.batchId}
          ON CONFLICT (custom_id) DO UPDATE SET provider = excluded.provider, batch_id = excluded.batch_id`.execute(
          trx,
        );
      });
    },
    findBatches(customIds) {
      return read(async () => {
        const rows = await db
          .selectFrom('batch_items as i')
          .innerJoin('batches as b', (j) =>
            j.onRef('b.provider', '=', 'i.provider').onRef('b.batch_id', '=', 'i.batch_id'),
          )
          .select(['i.custom_id', 'b.provider', 'b.batch_id', 'b.endpoint', 'b.submitted_at'])
          .where(sql<boolean>`i.custom_id = any(${[...customIds]}::text[])`)
          .execute();
        return new Map<string, BatchOfRequest>(rows.map((r) => [r.custom_id, batchFromRow(r)]));
      });
    },
    dropBatchItems(customIds) {
      return enqueue(async (trx) => {
        await trx
          .deleteFrom('batch_items')
          .where(sql<boolean>`custom_id = any(${[...customIds]}::text[])`)
          .execute();
      });
    },
    acquireRunLease(r) {
      return read(() => takeLease(r));
    },
    renewRunLease(runId, ownerId, at) {
      return read(async () => {
        const r = await db
          .updateTable('run_leases')
          .set({ heartbeat_at: at })
          .where('run_id', '=', runId)
          .where('owner_id', '=', ownerId)
          .executeTakeFirst();
        return r.numUpdatedRows > 0n;
      });
    },
    releaseRunLease(runId, ownerId) {
      return read(async () => {
        await db.deleteFrom('run_leases').where('run_id', '=', runId).where('owner_id', '=', ownerId).execute();
      });
    },
    async *calls() {
      await read(async () => undefined);
      yield* readCalls(db);
    },
    importRun(bundle, onRows) {
      return read(() => writeRunBundle(db, bundle, onRows));
    },
    importCalls(calls) {
      return read(() => writeCalls(db, calls));
    },
    async flush() {
      await read(async () => undefined);
    },
    async close() {
      if (closed) return;
      await drain();
      closed = true;
      await db.destroy();
    },
  };

  // Pages by primary key instead of holding a cursor open: the pool's connections stay free between pages.
  async function* iterateVerdicts(runId: string): AsyncGenerator<StoredVerdict> {
    let after: VerdictRow | undefined;
    for (;;) {
      const last = after;
      const rows = await read(() => {
        let q = db.selectFrom('verdicts').selectAll().where('run_id', '=', runId).orderBy(BY_KEY).limit(PAGE);
        if (last) {
          // Six columns: more than kysely's tuple helpers take, so the row comparison is written out.
          q = q.where(
            sql<boolean>`(question_id, model, setting, check_id, judge, sample) > (${last.question_id}, ${last.model}, ${last.setting}, ${last.check_id}, ${last.judge}, ${last.sample})`,
          );
        }
        return q.execute();
      });
      for (const r of rows) yield verdictFromRow(r);
      if (rows.length < PAGE) return;
      after = rows.at(-1);
    }
  }
}
