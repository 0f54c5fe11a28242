import {
  type CallCounts,
  type CheckJudgeInput,
  type CheckOutcome,
  InternalError,
  type JudgeTarget,
  ProviderError,
  type RunCheckJudge,
  type RunStore,
} from '@gamut/core';
import { Queue, QueueEvents } from 'bullmq';
import { type CheckJob, CheckJobResult, checkJobId } from './check-job.js';
import { checkRedis, openRedis, type QueueServer } from './connection.js';
import { listJudgeQueue } from './judge-queues.js';
import { dropTargets, publishTarget } from './run-targets.js';
import { safeJson } from './safe-json.js';

/** Checks queued ahead of the workers: enough to keep many workers busy, few enough to stop promptly. */
export const QUEUE_WINDOW = 2_000;

export interface QueueJudgeOptions {
  server: QueueServer;
  /** The judge as resolved here: its id names the verdicts; its calls are made by the workers. */
  judge: RunCheckJudge;
  /** The judge spec the workers resolve with their own keys. */
  spec: string;
  /** Requests per minute across every worker (the queue's limiter). */
  rpm?: number;
  targets: ReadonlyMap<string, JudgeTarget>;
  /** Where the workers record their calls: followed for the cost line. */
  store: RunStore;
  /** Filled from the store's call totals while the run is judged. */
  counts?: CallCounts;
}

/** A judge whose checks are judged by `gamut worker` processes through one BullMQ queue. */
export interface QueueJudge {
  judge: RunCheckJudge;
  /** The run being judged, once it is stored (the engine's `onStarted`). */
  bind(runId: string, startedAt: string): void;
  /** Stops listening; when every check queued got its outcome, the run's published questions are dropped. */
  close(): Promise<void>;
}

interface Waiter {
  resolve(outcome: CheckOutcome): void;
  reject(error: unknown): void;
  job: CheckJob;
  since: number;
}

const RECONCILE_MS = 10_000;
const COST_MS = 2_000;

/**
 * Queues each check the engine asks for (ids only, never prompts or keys)
 * and answers it with the outcome a worker reports. A check whose job was
 * lost from view (an event missed across a reconnect) is looked up and queued
 * again; its call is then served from the store's cache.
 */
export async function openQueueJudge(o: QueueJudgeOptions): Promise<QueueJudge> {
  await checkRedis(o.server);
  const redis = openRedis(o.server);
  const name = await listJudgeQueue(redis, { judge: o.spec, rpm: o.rpm ?? null });
  const queue = new Queue(name, {
    connection: redis,
    defaultJobOptions: { removeOnComplete: true, removeOnFail: true },
    streams: { events: { maxLen: 100_000 } },
  });
  const eventsRedis = openRedis(o.server);
  const events = new QueueEvents(name, { connection: eventsRedis });
  await events.waitUntilReady();
  const waiting = new Map<string, Waiter>();
  let lastEvent = Date.now();
  events.on('completed', ({ jobId, returnvalue }) => {
    lastEvent = Date.now();
    const w = waiting.get(jobId);
    if (!w) return;
    waiting.delete(jobId);
    settle(w, returnvalue);
  });
  events.on('failed', ({ jobId, failedReason }) => {
    lastEvent = Date.now();
    const w = waiting.get(jobId);
    if (!w) return;
    waiting.delete(jobId);
    unsettled = true;
    w.reject(
      new InternalError(
        `a worker could not judge check ${w.job.checkId} of question ${w.job.questionId}: ${failedReason}`,
      ),
    );
  });

  let bound: { runId: string; startedAt: string } | undefined;
  // A check left without its outcome (Ctrl-C, a fatal error) may still be judged: its question is kept.
  let unsettled = false;
  let closed = false;
  const onBound: Array<() => void> = [];
  const runId = async () => {
    if (!bound) await new Promise<void>((r) => onBound.push(r));
    return bound!.runId;
  };
  const published = new Map<string, Promise<void>>();
  const publish = (run: string, questionId: string) => {
    let p = published.get(questionId);
    if (!p) {
      p = publishTarget(redis, run, o.targets.get(questionId)!);
      published.set(questionId, p);
    }
    return p;
  };
  const enqueue = (id: string, job: CheckJob) => queue.add('check', job, { jobId: id }).then(() => undefined);

  const reconcile = setInterval(() => {
    if (Date.now() - lastEvent < RECONCILE_MS) return;
    void requeueLost(queue, waiting, enqueue).catch(() => {});
  }, RECONCILE_MS);
  const cost = setInterval(() => void followCost(o, bound?.startedAt).catch(() => {}), COST_MS);

  const judge: RunCheckJudge = {
    id: o.judge.id,
    async judge(input: CheckJudgeInput, signal?: AbortSignal): Promise<CheckOutcome> {
      const run = await runId();
      await publish(run, input.questionId);
      const job: CheckJob = {
        runId: run,
        questionId: input.questionId,
        model: input.model ?? '',
        setting: input.setting ?? 'multimodal',
        checkId: input.check.id,
        judge: o.judge.id,
        sample: 0,
      };
      const id = checkJobId(job);
      const outcome = new Promise<CheckOutcome>((resolve, reject) => {
        waiting.set(id, { resolve, reject, job, since: Date.now() });
        signal?.addEventListener(
          'abort',
          () => {
            // The job stays queued: a worker still judges it and stores the verdict for the next run.
            waiting.delete(id);
            unsettled = true;
            reject(signal.reason);
          },
          { once: true },
        );
      });
      await enqueue(id, job);
      return outcome;
    },
  };

  return {
    judge,
    bind(id, startedAt) {
      bound = { runId: id, startedAt };
      for (const r of onBound.splice(0)) r();
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(reconcile);
      clearInterval(cost);
      await followCost(o, bound?.startedAt).catch(() => {});
      if (bound && !unsettled && waiting.size === 0) await dropTargets(redis, bound.runId);
      await events.close();
      await queue.close();
      redis.disconnect();
      eventsRedis.disconnect();
    },
  };
}

function settle(w: Waiter, returnvalue: unknown): void {
  const raw = typeof returnvalue === 'string' ? safeJson(returnvalue) : returnvalue;
  const parsed = CheckJobResult.safeParse(raw);
  if (!parsed.success) {
    w.reject(
      new InternalError(
        `a worker reported check ${w.job.checkId} in a form this Gamut does not read: run one Gamut version on every machine`,
      ),
    );
    return;
  }
  const r = parsed.data;
  if (r.status === 'fatal') {
    w.reject(
      new ProviderError(r.error, {
        ...(r.provider !== undefined && { provider: r.provider }),
        ...(r.reason !== undefined && { fatal: r.reason }),
      }),
    );
    return;
  }
  if (r.status === 'ok') w.resolve(r);
  else w.resolve({ status: 'failed', error: r.error, raw: r.raw, ...(r.kind !== undefined && { kind: r.kind }) });
}

/** Jobs the queue no longer has although no outcome was heard for them: queued again. */
async function requeueLost(
  queue: Queue,
  waiting: ReadonlyMap<string, Waiter>,
  enqueue: (id: string, job: CheckJob) => Promise<void>,
): Promise<void> {
  const old = [...waiting].filter(([, w]) => Date.now() - w.since > RECONCILE_MS).slice(0, 2_000);
  for (const [id, w] of old) {
    if ((await queue.getJobState(id)) === 'unknown' && waiting.has(id)) {
      w.since = Date.now();
      await enqueue(id, w.job);
    }
  }
}

/** The cost line from what the workers recorded in the store since the run started. */
async function followCost(o: QueueJudgeOptions, since: string | undefined): Promise<void> {
  if (!o.counts || since === undefined) return;
  const t = await o.store.callTotals({ since });
  Object.assign(o.counts, {
    calls: t.calls,
    inputTokens: t.inputTokens,
    outputTokens: t.outputTokens,
    cachedInputTokens: t.cachedInputTokens,
    costUsd: t.costUsd,
  });
}
