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
} from '@gamut/core';
import { leaseIsFree, StoreError } from '@gamut/core';
import type { Transaction } from 'kysely';
import { batchFromRow, batchRow } from '../batch-rows.js';
import { preparePg } from '../queries/postgres-statements.js';
import * as queries from '../queries/queries.js';
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
import { answerRow, callRow, checksKey, failureRow, labelRow, leaseRow, runRow, verdictRow } from '../to-rows.js';
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
const st = preparePg(queries);

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

  async function takeLease(r: RunLeaseRequest): Promise<Awaited<ReturnType<RunStore['acquireRunLease']>>> {
    return db.transaction().execute(async (trx) => {
      if (await st.insertLease.get(trx, leaseRow(r))) return { acquired: true as const };
      const held = leaseFromRow((await st.getLease.get(trx, { run_id: r.runId })) as Tables['run_leases']);
      if (!leaseIsFree(held, r)) return { acquired: false as const, holder: held };
      await st.replaceLease.run(trx, leaseRow(r, held.ownerId === r.ownerId ? held.startedAt : r.now));
      return { acquired: true as const };
    });
  }

  return {
    url: redactUrl(options.url),
    async get(key) {
      const pending = pendingCalls.get(key);
      if (pending) return structuredClone(pending);
      if (closed) throw new StoreError('store is closed');
      const row = await st.getCall.get(db, { key });
      return row ? callFromRow(row) : undefined;
    },
    put(key: string, value: CachedCall, meta: CallMeta) {
      const row = callRow(key, value, meta, now().toISOString());
      if (row.valid) pendingCalls.set(key, value);
      else pendingCalls.delete(key);
      const done = enqueue(async (trx) => {
        await st.putCall.run(trx, row);
      });
      const forget = () => {
        if (pendingCalls.get(key) === value) pendingCalls.delete(key);
      };
      done.then(forget, forget);
      return done;
    },
    putRun(run: RunRecord) {
      const row = runRow(run);
      return enqueue(async (trx) => {
        await st.putRun.run(trx, row);
      });
    },
    getRun(runId) {
      return read(async () => {
        const row = await st.getRun.get(db, { run_id: runId });
        return row ? runFromRow(row) : undefined;
      });
    },
    listRuns() {
      return read(async () => (await st.listRuns.all(db, {})).map(runFromRow));
    },
    setRunStatus(runId: string, status: RunStatus, endedAt: string | null) {
      return enqueue(async (trx) => {
        if ((await st.setRunStatus.run(trx, { run_id: runId, status, ended_at: endedAt })) === 0) {
          throw new StoreError(`no run ${runId}`);
        }
      });
    },
    renameRun(from: string, to: string) {
      return enqueue(async (trx) => {
        if (await st.getRun.get(trx, { run_id: to })) throw new StoreError(`run ${to} exists`);
        if ((await st.renameRun.run(trx, { from, to })) === 0) throw new StoreError(`no run ${from}`);
        for (const q of [st.renameAnswers, st.renameVerdicts, st.renameFailures]) await q.run(trx, { from, to });
      });
    },
    putAnswer(a: StoredAnswer) {
      const row = answerRow(a);
      return enqueue(async (trx) => {
        await st.putAnswer.run(trx, row);
      });
    },
    getAnswers(runId) {
      return read(async () => (await st.getAnswers.all(db, { run_id: runId })).map(answerFromRow));
    },
    putVerdict(v: StoredVerdict) {
      const row = verdictRow(v);
      return enqueue(async (trx) => {
        await st.putVerdict.run(trx, row);
        await st.deleteFailure.run(trx, row);
      });
    },
    async *verdicts(runId) {
      for await (const page of verdictPages(runId)) yield* page;
    },
    verdictPages,
    countVerdicts(runId) {
      return read(async () => (await st.countVerdicts.get(db, { run_id: runId }))?.n ?? 0);
    },
    finishedChecks(k) {
      return read(async () => new Set((await st.finishedChecks.all(db, checksKey(k))).map((r) => r.check_id)));
    },
    putJudgeFailure(f: StoredJudgeFailure) {
      const row = failureRow(f);
      return enqueue(async (trx) => {
        await st.putFailure.run(trx, row);
      });
    },
    getJudgeFailures(runId) {
      return read(async () => (await st.getFailures.all(db, { run_id: runId })).map(failureFromRow));
    },
    appendLabel(l: HumanLabel) {
      const row = labelRow(l);
      return enqueue(async (trx) => {
        await st.appendLabel.run(trx, row);
      });
    },
    getLabels(filter = {}) {
      return read(async () =>
        (await st.getLabels.all(db, { question_id: filter.questionId ?? null, check_id: filter.checkId ?? null })).map(
          labelFromRow,
        ),
      );
    },
    appendAnnotator(a) {
      return enqueue(async (trx) => {
        await st.appendAnnotator.run(trx, a);
      });
    },
    listAnnotators(ownerId) {
      return read(async () => (await st.listAnnotators.all(db, { owner_id: ownerId })).map(annotatorFromRow));
    },
    appendReviewQueue(q) {
      return enqueue(async (trx) => {
        await st.appendQueue.run(trx, reviewQueueRow(q));
      });
    },
    listReviewQueues(ownerId) {
      return read(async () => (await st.listQueues.all(db, { owner_id: ownerId })).map(reviewQueueFromRow));
    },
    appendReviewEvents(events) {
      // One write: the batch commits whole, and a failing write is retried alone, so it fails whole too.
      return enqueue(async (trx) => {
        for (const e of events) await st.appendEvent.run(trx, reviewEventRow(e));
      });
    },
    listReviewEvents(ownerId, filter = {}) {
      return read(async () =>
        (await st.listEvents.all(db, { owner_id: ownerId, queue_id: filter.queueId ?? null })).map(reviewEventFromRow),
      );
    },
    callTotals(filter = {}) {
      return read(async () => (await st.callTotals.get(db, { since: filter.since ?? '' })) as CallTotals);
    },
    putBatch(b) {
      return enqueue(async (trx) => {
        await st.putBatch.run(trx, batchRow(b));
        await st.putBatchItems.run(trx, {
          provider: b.provider,
          batch_id: b.batchId,
          custom_ids: JSON.stringify(b.customIds),
        });
      });
    },
    findBatches(customIds) {
      return read(async () => {
        const rows = await st.findBatches.all(db, { custom_ids: JSON.stringify(customIds) });
        return new Map<string, BatchOfRequest>(rows.map((r) => [r.custom_id, batchFromRow(r)]));
      });
    },
    dropBatchItems(customIds) {
      return enqueue(async (trx) => {
        await st.dropBatchItems.run(trx, { custom_ids: JSON.stringify(customIds) });
      });
    },
    acquireRunLease(r) {
      return read(() => takeLease(r));
    },
    renewRunLease(runId, ownerId, at) {
      return read(
        async () => (await st.renewLease.run(db, { run_id: runId, owner_id: ownerId, heartbeat_at: at })) > 0,
      );
    },
    releaseRunLease(runId, ownerId) {
      return read(async () => {
        await st.releaseLease.run(db, { run_id: runId, owner_id: ownerId });
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
  async function* verdictPages(runId: string): AsyncGenerator<StoredVerdict[]> {
    let after: VerdictRow | undefined;
    for (;;) {
      const last = after;
      const rows = await read(() =>
        last
          ? st.verdictPageAfter.all(db, { ...last, limit: PAGE })
          : st.verdictPageFirst.all(db, { run_id: runId, limit: PAGE }),
      );
      if (rows.length > 0) yield rows.map(verdictFromRow);
      if (rows.length < PAGE) return;
      after = rows.at(-1);
    }
  }
}
