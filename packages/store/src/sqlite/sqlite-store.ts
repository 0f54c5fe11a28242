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
import { type BatchItemRow, batchFromRow } from '../batch-rows.js';
import {
  type AnnotatorRow,
  type AnswerRow,
  annotatorFromRow,
  answerFromRow,
  type CallRow,
  callFromRow,
  type FailureRow,
  failureFromRow,
  type LabelRow,
  type LeaseRow,
  labelFromRow,
  leaseFromRow,
  type ReviewQueueRow,
  type RunRow,
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
import { migrate } from './migrations.js';
import { prepareStatements, type Statements } from './statements.js';

export interface SqliteStoreOptions {
  /** The database file; its folder is created. `:memory:` for a private in-memory database. */
  file: string;
  /** How long a writer waits for another connection's lock before failing (default 10 s). */
  busyTimeoutMs?: number;
  /** Pending writes that force an immediate commit (default 512). */
  maxBatch?: number;
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
 * resolves only after its commit, so `kill -9` loses only calls still in flight.
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
  const st: Statements = prepareStatements(db);
  const maxBatch = options.maxBatch ?? 512;

  let queue: Pending[] = [];
  let scheduled = false;
  const pendingCalls = new Map<string, CachedCall>();
  let closed = false;

  // Read and write in one immediate transaction: two processes asking at once cannot both win.
  const takeLease = db.transaction((r: RunLeaseRequest) => {
    const row = st.getLease.get(r.runId) as LeaseRow | undefined;
    const held = row ? leaseFromRow(row) : undefined;
    if (held !== undefined && !leaseIsFree(held, r)) return { acquired: false as const, holder: held };
    const startedAt = held?.ownerId === r.ownerId ? held.startedAt : r.now;
    st.putLease.run(r.runId, r.ownerId, r.pid, r.host, startedAt, r.now);
    return { acquired: true as const };
  });

  const commit = db.transaction((batch: Pending[]) => {
    for (const p of batch) p.write();
  });

  function flushSync(): void {
    scheduled = false;
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

  function enqueue(write: () => void): Promise<void> {
    if (closed) return Promise.reject(new StoreError('store is closed'));
    return new Promise<void>((resolve, reject) => {
      queue.push({ write, resolve, reject });
      if (queue.length >= maxBatch) flushSync();
      else if (!scheduled) {
        scheduled = true;
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
      const row = st.getCall.get(key) as CallRow | undefined;
      return Promise.resolve(row ? callFromRow(row) : undefined);
    },
    put(key: string, value: CachedCall, meta: CallMeta) {
      const valid = meta.valid !== false;
      if (valid) pendingCalls.set(key, value);
      else pendingCalls.delete(key);
      const createdAt = now().toISOString();
      return enqueue(() =>
        st.putCall.run(
          key,
          meta.provider,
          meta.modelId,
          value.text,
          value.finishReason ?? null,
          value.responseId ?? null,
          value.usage.inputTokens,
          value.usage.outputTokens,
          value.usage.cachedInputTokens,
          meta.latencyMs,
          meta.costUsd,
          createdAt,
          valid ? 1 : 0,
        ),
      );
    },
    putRun(run: RunRecord) {
      return enqueue(() =>
        st.putRun.run(
          run.runId,
          run.configHash,
          JSON.stringify(run.configParts),
          JSON.stringify(run.manifest),
          run.status,
          run.startedAt,
          run.endedAt,
        ),
      );
    },
    getRun(runId) {
      return read(() => {
        const row = st.getRun.get(runId) as RunRow | undefined;
        return row ? runFromRow(row) : undefined;
      });
    },
    listRuns() {
      return read(() => (st.listRuns.all() as RunRow[]).map(runFromRow));
    },
    setRunStatus(runId: string, status: RunStatus, endedAt: string | null) {
      return enqueue(() => {
        const r = st.setRunStatus.run(status, endedAt, runId);
        if (r.changes === 0) throw new StoreError(`no run ${runId}`);
      });
    },
    renameRun(from: string, to: string) {
      return enqueue(() => {
        if (st.getRun.get(to)) throw new StoreError(`run ${to} exists`);
        if (st.renameRun.run({ from, to }).changes === 0) throw new StoreError(`no run ${from}`);
        st.renameAnswers.run({ from, to });
        st.renameVerdicts.run({ from, to });
        st.renameFailures.run({ from, to });
      });
    },
    putAnswer(a: StoredAnswer) {
      return enqueue(() => st.putAnswer.run(a.runId, a.questionId, a.model, a.setting, a.response, a.callKey));
    },
    getAnswers(runId) {
      return read(() => (st.getAnswers.all(runId) as AnswerRow[]).map(answerFromRow));
    },
    putVerdict(v: StoredVerdict) {
      return enqueue(() => {
        const k = [v.runId, v.questionId, v.model, v.setting, v.checkId, v.judge, v.sample] as const;
        st.putVerdict.run(...k, v.verdict, v.rationale, v.quote);
        st.deleteFailure.run(...k);
      });
    },
    verdicts(runId) {
      return iterateVerdicts(runId);
    },
    countVerdicts(runId) {
      return read(() => (st.countVerdicts.get(runId) as { n: number }).n);
    },
    finishedChecks(k) {
      return read(() => {
        const rows = st.finishedChecks.all(k.runId, k.questionId, k.model, k.setting, k.judge, k.sample);
        return new Set(rows as string[]);
      });
    },
    putJudgeFailure(f: StoredJudgeFailure) {
      return enqueue(() =>
        st.putFailure.run(
          f.runId,
          f.questionId,
          f.model,
          f.setting,
          f.checkId,
          f.judge,
          f.sample,
          f.error,
          f.raw,
          f.kind ?? null,
        ),
      );
    },
    getJudgeFailures(runId) {
      return read(() => (st.getFailures.all(runId) as FailureRow[]).map(failureFromRow));
    },
    appendLabel(l: HumanLabel) {
      return enqueue(() =>
        st.appendLabel.run(l.questionId, l.model, l.setting, l.checkId, l.verdict, l.author, l.reason, l.createdAt),
      );
    },
    getLabels(filter = {}) {
      return read(() =>
        (st.getLabels.all({ q: filter.questionId ?? null, c: filter.checkId ?? null }) as LabelRow[]).map(labelFromRow),
      );
    },
    appendAnnotator(a) {
      return enqueue(() => st.appendAnnotator.run(a));
    },
    listAnnotators(ownerId) {
      return read(() => (st.listAnnotators.all(ownerId) as AnnotatorRow[]).map(annotatorFromRow));
    },
    appendReviewQueue(q) {
      return enqueue(() => st.appendQueue.run(reviewQueueRow(q)));
    },
    listReviewQueues(ownerId) {
      return read(() => (st.listQueues.all(ownerId) as Pick<ReviewQueueRow, 'body'>[]).map(reviewQueueFromRow));
    },
    appendReviewEvents(events) {
      // One write: the batch commits whole, and a failing write is retried alone, so it fails whole too.
      return enqueue(() => {
        for (const e of events) st.appendEvent.run(reviewEventRow(e));
      });
    },
    listReviewEvents(ownerId, filter = {}) {
      return read(() =>
        (st.listEvents.all({ owner: ownerId, queue: filter.queueId ?? null }) as Pick<ReviewQueueRow, 'body'>[]).map(
          reviewEventFromRow,
        ),
      );
    },
    callTotals(filter = {}) {
      return read(() => {
        const r = st.callTotals.get(filter.since ?? '') as Record<keyof CallTotals, number | null>;
        return {
          calls: r.calls ?? 0,
          inputTokens: r.inputTokens ?? 0,
          outputTokens: r.outputTokens ?? 0,
          cachedInputTokens: r.cachedInputTokens ?? 0,
          costUsd: r.costUsd ?? 0,
        };
      });
    },
    putBatch(b) {
      return enqueue(() => {
        st.putBatch.run(b.provider, b.batchId, b.endpoint, b.submittedAt);
        st.putBatchItems.run(b.provider, b.batchId, JSON.stringify(b.customIds));
      });
    },
    findBatches(customIds) {
      return read(() => {
        const rows = st.findBatches.all(JSON.stringify(customIds)) as BatchItemRow[];
        return new Map<string, BatchOfRequest>(rows.map((r) => [r.custom_id, batchFromRow(r)]));
      });
    },
    dropBatchItems(customIds) {
      return enqueue(() => {
        st.dropBatchItems.run(JSON.stringify(customIds));
      });
    },
    acquireRunLease(r) {
      return read(() => takeLease.immediate(r));
    },
    renewRunLease(runId, ownerId, at) {
      return read(() => st.renewLease.run(at, runId, ownerId).changes > 0);
    },
    releaseRunLease(runId, ownerId) {
      return read(() => {
        st.releaseLease.run(runId, ownerId);
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
      db.close();
    },
  };

  // Pages by primary key instead of holding a cursor open: the connection stays free for writes between pages.
  async function* iterateVerdicts(runId: string): AsyncGenerator<StoredVerdict> {
    let after: VerdictRow | undefined;
    for (;;) {
      const rows = await read(
        () =>
          (after
            ? st.verdictPageAfter.all(
                runId,
                after.question_id,
                after.model,
                after.setting,
                after.check_id,
                after.judge,
                after.sample,
                PAGE,
              )
            : st.verdictPageFirst.all(runId, PAGE)) as VerdictRow[],
      );
      for (const r of rows) yield verdictFromRow(r);
      if (rows.length < PAGE) return;
      after = rows.at(-1);
    }
  }
}
