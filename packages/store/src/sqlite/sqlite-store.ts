import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type {
  BatchOfRequest,
  CachedCall,
  CallMeta,
  CallTotals,
  HumanLabel,
  RunLeaseRequest,
  RunRecord,
  RunStatus,
  StoredAnswer,
  StoredJudgeFailure,
  StoredVerdict,
} from '@gamut/core';
import { leaseIsFree, StoreError } from '@gamut/core';
import Database from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { batchFromRow, batchRow } from '../batch-rows.js';
import * as queries from '../queries/queries.js';
import { prepareSqlite } from '../queries/sqlite-statements.js';
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
import { migrate } from './migrations.js';

export interface SqliteStoreOptions {
  /** The database file; its folder is created. `:memory:` for a private in-memory database. */
  file: string;
  /** How long a writer waits for another connection's lock before failing (default 10 s). */
  busyTimeoutMs?: number;
  /** Pending writes that force an immediate commit (default 512). */
  maxBatch?: number;
  /**
   * Acknowledge upserts at the end of the event-loop turn and commit them together within this
   * many milliseconds (or at `maxBatch`, a read, `flush`, `close` or the process's exit), instead
   * of resolving each after its own commit at the end of the turn. For a run's hot path, where
   * nothing waits on a single write: a few dozen commits a second instead of hundreds, and the
   * WAL checkpoints (fsyncs, on the event loop) that many commits bring. A kill loses at
   * most this window of acknowledged writes, never a committed one; a commit that fails makes
   * every later call fail with its error.
   */
  commitWithinMs?: number;
  now?: () => Date;
}

interface Pending {
  write: () => void;
  resolve: () => void;
  reject: (e: unknown) => void;
}

const PAGE = 1000;

/**
 * The default store. Writes queue up and are committed together at the end of
 * the current event-loop turn (or at `maxBatch`), so a busy run makes a few
 * hundred small transactions a second instead of thousands; a write's promise
 * resolves only after its commit, so `kill -9` loses only calls still in flight
 * (with `commitWithinMs`, also what was acknowledged in the last window).
 * WAL with synchronous=NORMAL: a commit survives the process dying (not the OS).
 */
export function openSqliteStore(options: SqliteStoreOptions): GamutStore & { readonly file: string } {
  if (options.file !== ':memory:') mkdirSync(dirname(options.file), { recursive: true });
  const now = options.now ?? (() => new Date());
  const db = new Database(options.file, { timeout: options.busyTimeoutMs ?? 10_000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // better-sqlite3 builds SQLite with a 16 MiB page cache per connection, which a long
  // run fills and keeps; its hot path is small inserts and paged reads, and the OS
  // caches the file anyway, so SQLite's own default of 2 MiB serves as well.
  db.pragma('cache_size = -2048');
  migrate(db, now().toISOString());
  const st = prepareSqlite(db, queries);
  const maxBatch = options.maxBatch ?? 512;

  let queue: Pending[] = [];
  let scheduled = false;
  const pendingCalls = new Map<string, CachedCall>();
  let closed = false;
  const within = options.commitWithinMs;
  let timer: NodeJS.Timeout | undefined;
  // A failed commit of writes already acknowledged: every later call reports it.
  let failed: { error: unknown } | undefined;
  const fail = (error: unknown) => {
    failed ??= { error };
  };
  // Acknowledged at the end of the turn, as a commit would be: callers that wait on a write resume
  // together after the turn's I/O rather than one by one (measured: resuming each at once cost a
  // 2,400-call run ~15 % more CPU).
  let acks: (() => void)[] = [];
  const acknowledged = () =>
    new Promise<void>((resolve) => {
      if (acks.push(resolve) === 1)
        setImmediate(() => {
          const now = acks;
          acks = [];
          for (const a of now) a();
        });
    });
  // What was acknowledged is committed when the process ends without closing the store.
  const atExit = () => flushSync();
  if (within !== undefined) process.once('exit', atExit);

  // Read and write in one immediate transaction: two processes asking at once cannot both win.
  const takeLease = db.transaction((r: RunLeaseRequest) => {
    if (st.insertLease.get(leaseRow(r))) return { acquired: true as const };
    const held = leaseFromRow(st.getLease.get({ run_id: r.runId }) as Tables['run_leases']);
    if (!leaseIsFree(held, r)) return { acquired: false as const, holder: held };
    st.replaceLease.run(leaseRow(r, held.ownerId === r.ownerId ? held.startedAt : r.now));
    return { acquired: true as const };
  });

  const commit = db.transaction((batch: Pending[]) => {
    for (const p of batch) p.write();
  });

  function flushSync(): void {
    scheduled = false;
    clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    try {
      commit.immediate(batch);
      for (const p of batch) p.resolve();
    } catch {
      // One bad write must not sink its neighbours: retry each alone so only it fails.
      for (const p of batch) {
        try {
          commit.immediate([p]);
          p.resolve();
        } catch (e) {
          p.reject(e);
        }
      }
    }
    pendingCalls.clear();
  }

  // `upsert`: a write that only a broken database refuses (no uniqueness or existence to check),
  // so with `commitWithinMs` it is acknowledged when queued.
  function enqueue(write: () => void, upsert = false): Promise<void> {
    if (closed) return Promise.reject(new StoreError('store is closed'));
    if (failed) return Promise.reject(failed.error);
    if (within !== undefined && upsert) {
      queue.push({ write, resolve: () => {}, reject: fail });
      if (queue.length >= maxBatch) flushSync();
      else if (!scheduled) {
        scheduled = true;
        timer = setTimeout(flushSync, within).unref();
      }
      return acknowledged();
    }
    return new Promise<void>((resolve, reject) => {
      queue.push({ write, resolve, reject });
      if (queue.length >= maxBatch) flushSync();
      else if (!scheduled || timer !== undefined) {
        scheduled = true;
        clearTimeout(timer);
        timer = undefined;
        setImmediate(flushSync);
      }
    });
  }

  // The typed query layer over the same connection, loaded only when a run is moved in or out.
  let typed: Kysely<Tables> | undefined;
  async function kysely(): Promise<Kysely<Tables>> {
    if (typed === undefined) {
      const { Kysely, SqliteDialect } = await import('kysely');
      typed = new Kysely<Tables>({ dialect: new SqliteDialect({ database: db }) });
    }
    return typed;
  }
  const transfer = () => import('../transfer/write-bundle.js');

  function read<T>(fn: () => T): Promise<T> {
    if (closed) return Promise.reject(new StoreError('store is closed'));
    try {
      flushSync();
      if (failed) throw failed.error;
      return Promise.resolve(fn());
    } catch (e) {
      return Promise.reject(e);
    }
  }

  return {
    file: options.file,
    get(key) {
      const pending = pendingCalls.get(key);
      if (pending) return Promise.resolve(structuredClone(pending));
      if (closed) return Promise.reject(new StoreError('store is closed'));
      const row = st.getCall.get({ key });
      return Promise.resolve(row ? callFromRow(row) : undefined);
    },
    put(key: string, value: CachedCall, meta: CallMeta) {
      const row = callRow(key, value, meta, now().toISOString());
      if (row.valid) pendingCalls.set(key, value);
      else pendingCalls.delete(key);
      return enqueue(() => st.putCall.run(row), true);
    },
    putRun(run: RunRecord) {
      const row = runRow(run);
      return enqueue(() => st.putRun.run(row), true);
    },
    getRun(runId) {
      return read(() => {
        const row = st.getRun.get({ run_id: runId });
        return row ? runFromRow(row) : undefined;
      });
    },
    listRuns() {
      return read(() => st.listRuns.all({}).map(runFromRow));
    },
    setRunStatus(runId: string, status: RunStatus, endedAt: string | null) {
      return enqueue(() => {
        if (st.setRunStatus.run({ run_id: runId, status, ended_at: endedAt }) === 0)
          throw new StoreError(`no run ${runId}`);
      });
    },
    renameRun(from: string, to: string) {
      return enqueue(() => {
        if (st.getRun.get({ run_id: to })) throw new StoreError(`run ${to} exists`);
        if (st.renameRun.run({ from, to }) === 0) throw new StoreError(`no run ${from}`);
        st.renameAnswers.run({ from, to });
        st.renameVerdicts.run({ from, to });
        st.renameFailures.run({ from, to });
      });
    },
    putAnswer(a: StoredAnswer) {
      const row = answerRow(a);
      return enqueue(() => st.putAnswer.run(row), true);
    },
    getAnswers(runId) {
      return read(() => st.getAnswers.all({ run_id: runId }).map(answerFromRow));
    },
    putVerdict(v: StoredVerdict) {
      const row = verdictRow(v);
      return enqueue(() => {
        st.putVerdict.run(row);
        st.deleteFailure.run(row);
      }, true);
    },
    async *verdicts(runId) {
      for await (const page of verdictPages(runId)) yield* page;
    },
    verdictPages,
    countVerdicts(runId) {
      return read(() => st.countVerdicts.get({ run_id: runId })?.n ?? 0);
    },
    finishedChecks(k) {
      return read(() => {
        return new Set(st.finishedChecks.all(checksKey(k)).map((r) => r.check_id));
      });
    },
    putJudgeFailure(f: StoredJudgeFailure) {
      const row = failureRow(f);
      return enqueue(() => st.putFailure.run(row), true);
    },
    getJudgeFailures(runId) {
      return read(() => st.getFailures.all({ run_id: runId }).map(failureFromRow));
    },
    appendLabel(l: HumanLabel) {
      const row = labelRow(l);
      return enqueue(() => st.appendLabel.run(row));
    },
    getLabels(filter = {}) {
      return read(() =>
        st.getLabels
          .all({ question_id: filter.questionId ?? null, check_id: filter.checkId ?? null })
          .map(labelFromRow),
      );
    },
    appendAnnotator(a) {
      return enqueue(() => st.appendAnnotator.run(a));
    },
    listAnnotators(ownerId) {
      return read(() => st.listAnnotators.all({ owner_id: ownerId }).map(annotatorFromRow));
    },
    appendReviewQueue(q) {
      return enqueue(() => st.appendQueue.run(reviewQueueRow(q)));
    },
    listReviewQueues(ownerId) {
      return read(() => st.listQueues.all({ owner_id: ownerId }).map(reviewQueueFromRow));
    },
    appendReviewEvents(events) {
      // One write: the batch commits whole, and a failing write is retried alone, so it fails whole too.
      return enqueue(() => {
        for (const e of events) st.appendEvent.run(reviewEventRow(e));
      });
    },
    listReviewEvents(ownerId, filter = {}) {
      return read(() =>
        st.listEvents.all({ owner_id: ownerId, queue_id: filter.queueId ?? null }).map(reviewEventFromRow),
      );
    },
    callTotals(filter = {}) {
      return read(() => st.callTotals.get({ since: filter.since ?? '' }) as CallTotals);
    },
    putBatch(b) {
      return enqueue(() => {
        st.putBatch.run(batchRow(b));
        st.putBatchItems.run({ provider: b.provider, batch_id: b.batchId, custom_ids: JSON.stringify(b.customIds) });
      });
    },
    findBatches(customIds) {
      return read(() => {
        const rows = st.findBatches.all({ custom_ids: JSON.stringify(customIds) });
        return new Map<string, BatchOfRequest>(rows.map((r) => [r.custom_id, batchFromRow(r)]));
      });
    },
    dropBatchItems(customIds) {
      return enqueue(() => {
        st.dropBatchItems.run({ custom_ids: JSON.stringify(customIds) });
      });
    },
    acquireRunLease(r) {
      return read(() => takeLease.immediate(r));
    },
    renewRunLease(runId, ownerId, at) {
      return read(() => st.renewLease.run({ run_id: runId, owner_id: ownerId, heartbeat_at: at }) > 0);
    },
    releaseRunLease(runId, ownerId) {
      return read(() => {
        st.releaseLease.run({ run_id: runId, owner_id: ownerId });
      });
    },
    async *calls() {
      await read(() => undefined);
      const { readCalls } = await transfer();
      yield* readCalls(await kysely());
    },
    async importRun(bundle, onRows) {
      await read(() => undefined);
      const { writeRunBundle } = await transfer();
      await writeRunBundle(await kysely(), bundle, onRows);
    },
    async importCalls(calls) {
      await read(() => undefined);
      const { writeCalls } = await transfer();
      return writeCalls(await kysely(), calls);
    },
    flush() {
      return read(() => undefined);
    },
    async close() {
      if (closed) return;
      flushSync();
      closed = true;
      process.off('exit', atExit);
      db.close();
      if (failed) throw failed.error;
    },
  };

  // Pages by primary key instead of holding a cursor open: the connection stays free for writes between pages.
  async function* verdictPages(runId: string): AsyncGenerator<StoredVerdict[]> {
    let after: VerdictRow | undefined;
    for (;;) {
      const rows = await read(() =>
        after
          ? st.verdictPageAfter.all({ ...after, limit: PAGE })
          : st.verdictPageFirst.all({ run_id: runId, limit: PAGE }),
      );
      if (rows.length > 0) yield rows.map(verdictFromRow);
      if (rows.length < PAGE) return;
      after = rows.at(-1);
    }
  }
}
