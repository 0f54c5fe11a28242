import { StoreError } from '../issues/errors.js';
import type { BatchOfRequest } from '../ports/batches.js';
import type { CachedCall, CallMeta } from '../ports/call-cache.js';
import type { Clock } from '../ports/random.js';
import {
  type AnswerKey,
  type CallTotals,
  type HumanLabel,
  leaseIsFree,
  type RunLease,
  type RunRecord,
  type RunStatus,
  type RunStore,
  type StoredAnswer,
  type StoredJudgeFailure,
  type StoredVerdict,
  verdictKey,
} from '../ports/store.js';
import type { Annotator, ReviewEvent, ReviewQueue } from '../schema/review.js';

/** What a memory store holds; share one between two stores to model two connections to one database. */
export interface MemoryStoreData {
  runs: Map<string, RunRecord>;
  answers: Map<string, StoredAnswer>;
  verdicts: Map<string, StoredVerdict>;
  failures: Map<string, StoredJudgeFailure>;
  labels: HumanLabel[];
  calls: Map<string, { value: CachedCall; meta: CallMeta; createdAt: string }>;
  leases: Map<string, RunLease>;
  annotators: Annotator[];
  queues: ReviewQueue[];
  events: ReviewEvent[];
  /** Provider batches' waiting requests, by custom id. */
  batchItems: Map<string, BatchOfRequest>;
}

export function createMemoryStoreData(): MemoryStoreData {
  return {
    runs: new Map(),
    answers: new Map(),
    verdicts: new Map(),
    failures: new Map(),
    labels: [],
    calls: new Map(),
    leases: new Map(),
    annotators: [],
    queues: [],
    events: [],
    batchItems: new Map(),
  };
}

const clone = <T>(v: T): T => structuredClone(v);
const answerKey = (a: AnswerKey) => `${a.runId}\u0000${a.questionId}\u0000${a.model}\u0000${a.setting}`;
const runVerdictKey = (v: StoredVerdict | StoredJudgeFailure) => `${v.runId}\u0001${verdictKey(v)}`;

/** A RunStore in memory, for the demo, tests and the browser; values are copied in and out like a database would. */
export function createMemoryStore(options: { data?: MemoryStoreData; clock?: Clock } = {}): RunStore {
  const data = options.data ?? createMemoryStoreData();
  const now = () => (options.clock ? options.clock().toISOString() : '1970-01-01T00:00:00.000Z');
  let closed = false;
  const open = () => {
    if (closed) throw new StoreError('store is closed');
  };
  const runVerdicts = (runId: string): StoredVerdict[] =>
    [...data.verdicts.values()]
      .filter((v) => v.runId === runId)
      .sort(compareVerdicts)
      .map(clone);

  return {
    async get(key) {
      open();
      const hit = data.calls.get(key);
      return hit && hit.meta.valid !== false ? clone(hit.value) : undefined;
    },
    async put(key, value, meta) {
      open();
      data.calls.set(key, { value: clone(value), meta: clone(meta), createdAt: now() });
    },
    async putRun(run) {
      open();
      data.runs.set(run.runId, clone(run));
    },
    async getRun(runId) {
      open();
      const r = data.runs.get(runId);
      return r ? clone(r) : undefined;
    },
    async listRuns() {
      open();
      return [...data.runs.values()].sort((a, b) => a.startedAt.localeCompare(b.startedAt)).map(clone);
    },
    async setRunStatus(runId: string, status: RunStatus, endedAt: string | null) {
      open();
      const r = data.runs.get(runId);
      if (!r) throw new StoreError(`no run ${runId}`);
      data.runs.set(runId, { ...r, status, endedAt });
    },
    async renameRun(from: string, to: string) {
      open();
      const r = data.runs.get(from);
      if (!r) throw new StoreError(`no run ${from}`);
      if (data.runs.has(to)) throw new StoreError(`run ${to} exists`);
      data.runs.delete(from);
      data.runs.set(to, { ...r, runId: to, manifest: { ...r.manifest, run_id: to } });
      const move = <T extends { runId: string }>(map: Map<string, T>, key: (v: T) => string) => {
        for (const [k, v] of [...map]) {
          if (v.runId !== from) continue;
          map.delete(k);
          const moved = { ...v, runId: to };
          map.set(key(moved), moved);
        }
      };
      move(data.answers, answerKey);
      move(data.verdicts, runVerdictKey);
      move(data.failures, runVerdictKey);
    },
    async putAnswer(answer) {
      open();
      data.answers.set(answerKey(answer), clone(answer));
    },
    async getAnswers(runId) {
      open();
      return [...data.answers.values()]
        .filter((a) => a.runId === runId)
        .sort(compareAnswers)
        .map(clone);
    },
    async putVerdict(verdict) {
      open();
      const k = runVerdictKey(verdict);
      data.verdicts.set(k, clone(verdict));
      data.failures.delete(k);
    },
    async *verdicts(runId) {
      open();
      yield* runVerdicts(runId);
    },
    async *verdictPages(runId) {
      open();
      const page = runVerdicts(runId);
      if (page.length > 0) yield page;
    },
    async countVerdicts(runId) {
      open();
      let n = 0;
      for (const v of data.verdicts.values()) if (v.runId === runId) n++;
      return n;
    },
    async finishedChecks(k) {
      open();
      const out = new Set<string>();
      for (const v of data.verdicts.values()) {
        if (
          v.runId === k.runId &&
          v.questionId === k.questionId &&
          v.model === k.model &&
          v.setting === k.setting &&
          v.judge === k.judge &&
          v.sample === k.sample
        )
          out.add(v.checkId);
      }
      return out;
    },
    async putJudgeFailure(failure) {
      open();
      data.failures.set(runVerdictKey(failure), clone(failure));
    },
    async getJudgeFailures(runId) {
      open();
      return [...data.failures.values()]
        .filter((f) => f.runId === runId)
        .sort(compareVerdicts)
        .map(clone);
    },
    async appendLabel(label) {
      open();
      data.labels.push(clone(label));
    },
    async getLabels(filter = {}) {
      open();
      return data.labels
        .filter(
          (l) =>
            (filter.questionId === undefined || l.questionId === filter.questionId) &&
            (filter.checkId === undefined || l.checkId === filter.checkId),
        )
        .map(clone);
    },
    async appendAnnotator(a) {
      open();
      if (data.annotators.some((x) => x.owner_id === a.owner_id && x.name === a.name))
        throw new StoreError(`annotator ${a.name} exists in ${a.owner_id}`);
      data.annotators.push(clone(a));
    },
    async listAnnotators(ownerId) {
      open();
      return data.annotators.filter((a) => a.owner_id === ownerId).map(clone);
    },
    async appendReviewQueue(q) {
      open();
      if (data.queues.some((x) => x.owner_id === q.owner_id && x.id === q.id))
        throw new StoreError(`review queue ${q.id} exists in ${q.owner_id}`);
      data.queues.push(clone(q));
    },
    async listReviewQueues(ownerId) {
      open();
      return data.queues.filter((q) => q.owner_id === ownerId).map(clone);
    },
    async appendReviewEvents(events) {
      open();
      const taken = new Set(data.events.map((e) => `${e.owner_id}\u0000${e.id}`));
      for (const e of events) {
        const key = `${e.owner_id}\u0000${e.id}`;
        if (taken.has(key)) throw new StoreError(`review event ${e.id} exists in ${e.owner_id}`);
        taken.add(key);
      }
      data.events.push(...events.map(clone));
    },
    async listReviewEvents(ownerId, filter = {}) {
      open();
      return data.events
        .filter((e) => e.owner_id === ownerId && (filter.queueId === undefined || e.queue_id === filter.queueId))
        .map(clone);
    },
    async callTotals(filter = {}) {
      open();
      const t: CallTotals = { calls: 0, inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, costUsd: 0 };
      for (const c of data.calls.values()) {
        if (filter.since !== undefined && c.createdAt < filter.since) continue;
        t.calls++;
        t.inputTokens += c.value.usage.inputTokens ?? 0;
        t.outputTokens += c.value.usage.outputTokens ?? 0;
        t.cachedInputTokens += c.value.usage.cachedInputTokens ?? 0;
        t.costUsd += c.meta.costUsd ?? 0;
      }
      return t;
    },
    async acquireRunLease(r) {
      open();
      const held = data.leases.get(r.runId);
      if (held !== undefined && !leaseIsFree(held, r)) return { acquired: false, holder: clone(held) };
      data.leases.set(r.runId, {
        runId: r.runId,
        ownerId: r.ownerId,
        pid: r.pid,
        host: r.host,
        startedAt: held?.ownerId === r.ownerId ? held.startedAt : r.now,
        heartbeatAt: r.now,
      });
      return { acquired: true };
    },
    async renewRunLease(runId, ownerId, at) {
      open();
      const held = data.leases.get(runId);
      if (held?.ownerId !== ownerId) return false;
      held.heartbeatAt = at;
      return true;
    },
    async releaseRunLease(runId, ownerId) {
      open();
      if (data.leases.get(runId)?.ownerId === ownerId) data.leases.delete(runId);
    },
    async putBatch({ customIds, ...batch }) {
      open();
      for (const id of customIds) data.batchItems.set(id, clone(batch));
    },
    async findBatches(customIds) {
      open();
      const found = new Map<string, BatchOfRequest>();
      for (const id of customIds) {
        const b = data.batchItems.get(id);
        if (b !== undefined) found.set(id, clone(b));
      }
      return found;
    },
    async dropBatchItems(customIds) {
      open();
      for (const id of customIds) data.batchItems.delete(id);
    },
    async flush() {},
    async close() {
      closed = true;
    },
  };
}

function compareAnswers(a: StoredAnswer, b: StoredAnswer): number {
  return cmp(a.questionId, b.questionId) || cmp(a.model, b.model) || cmp(a.setting, b.setting);
}

function compareVerdicts(a: StoredVerdict | StoredJudgeFailure, b: StoredVerdict | StoredJudgeFailure): number {
  return (
    cmp(a.questionId, b.questionId) ||
    cmp(a.model, b.model) ||
    cmp(a.setting, b.setting) ||
    cmp(a.checkId, b.checkId) ||
    cmp(a.judge, b.judge) ||
    a.sample - b.sample
  );
}

/** Byte-order comparison, as SQLite's default BINARY collation sorts. */
function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
