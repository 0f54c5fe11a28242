import {
  type CheckOutcome,
  checkInput,
  failureKindOf,
  InputError,
  ProviderError,
  type RunCheckJudge,
  type RunStore,
  StoreError,
} from '@gamut/core';
import { type Job, Queue, Worker } from 'bullmq';
import { CheckJob, type CheckJobResult } from './check-job.js';
import { checkRedis, openRedis, type QueueServer } from './connection.js';
import { type JudgeQueueMeta, judgeQueues } from './judge-queues.js';
import { RunAnswers } from './run-answers.js';
import { targetReader } from './run-targets.js';

/** The part of a model-call event a worker reads: a 429's retry-after hint. */
export interface RetryHint {
  type: string;
  status?: number;
  delayMs?: number;
}

export interface QueueWorkerOptions {
  server: QueueServer;
  /** Where verdicts go; the same store the coordinator follows. */
  store: RunStore;
  /**
   * The judge for a spec, resolved with this worker's own keys and the same
   * call middleware as a single-process run; `onCallEvent` hears its calls.
   */
  judgeFor(spec: string, onCallEvent: (e: RetryHint) => void): Promise<RunCheckJudge>;
  /** Checks judged at once, per judge queue. */
  concurrency: number;
  /** How long a job stays claimed without a heartbeat before another worker takes it (ms). */
  lockMs?: number;
  /** How often new judge queues are looked for (ms). */
  pollMs?: number;
  onEvent?: (e: QueueWorkerEvent) => void;
}

export type QueueWorkerEvent =
  | { type: 'serving'; queue: string; judge: string }
  | { type: 'judged'; queue: string; runId: string; status: CheckOutcome['status'] | 'fatal' }
  | { type: 'rate-limited'; queue: string; ms: number }
  | { type: 'error'; queue: string; message: string };

export interface QueueWorker {
  /** Finishes the checks in hand, then stops taking more. */
  close(): Promise<void>;
}

const UNLIMITED = 1_000_000_000;

interface Served {
  meta: JudgeQueueMeta;
  worker: Worker;
  queue: Queue;
  connection: ReturnType<typeof openRedis>;
}

/**
 * A `gamut worker`: serves every judge queue listed in Redis (found as
 * coordinators list them), judges each check from the question in Redis and
 * the answer in the store, and stores the verdict or judge failure (an
 * upsert keyed by the check) before the job completes, so a worker killed
 * mid-check loses nothing: its lock lapses and another worker takes the job.
 * A 429 pauses the whole queue for its retry-after, on every worker.
 */
export async function startQueueWorker(o: QueueWorkerOptions): Promise<QueueWorker> {
  await checkRedis(o.server);
  const redis = openRedis(o.server);
  const answers = new RunAnswers(o.store);
  const targets = targetReader(redis);
  const served = new Map<string, Served>();
  const lockMs = o.lockMs ?? 15_000;
  let closing = false;

  const serve = async (name: string, meta: JudgeQueueMeta) => {
    const queue = new Queue(name, { connection: redis });
    const onCallEvent = (e: RetryHint) => {
      if (e.type !== 'retried' || e.status !== 429 || !e.delayMs) return;
      o.onEvent?.({ type: 'rate-limited', queue: name, ms: e.delayMs });
      void queue.rateLimit(e.delayMs).catch(() => {});
    };
    const judge = o.judgeFor(meta.judge, onCallEvent);
    const connection = openRedis(o.server);
    const worker = new Worker(name, (job: Job) => judgeJob(job, { judge, answers, targets, store: o.store }), {
      connection,
      concurrency: o.concurrency,
      lockDuration: lockMs,
      stalledInterval: Math.max(1_000, Math.floor(lockMs / 3)),
      maxStalledCount: 5,
      // BullMQ honours queue.rateLimit only on workers with a limiter: without --rpm it never binds.
      limiter: meta.rpm !== null ? { max: meta.rpm, duration: 60_000 } : { max: UNLIMITED, duration: 1_000 },
    });
    worker.on('completed', (job, result: CheckJobResult) => {
      o.onEvent?.({ type: 'judged', queue: name, runId: String(job.data?.runId), status: result.status });
    });
    worker.on('failed', (_job, e) => o.onEvent?.({ type: 'error', queue: name, message: e.message }));
    worker.on('error', (e) => o.onEvent?.({ type: 'error', queue: name, message: e.message }));
    served.set(name, { meta, worker, queue, connection });
    o.onEvent?.({ type: 'serving', queue: name, judge: meta.judge });
  };

  const poll = async () => {
    for (const [name, meta] of await judgeQueues(redis)) {
      const had = served.get(name);
      if (had && had.meta.rpm === meta.rpm) continue;
      // A coordinator changed the queue's --rpm: the limiter is the worker's option, so the worker is renewed.
      if (had) await stop(had);
      if (!closing) await serve(name, meta);
    }
  };
  await poll();
  const timer = setInterval(() => void poll().catch(() => {}), o.pollMs ?? 1_000);

  return {
    async close() {
      closing = true;
      clearInterval(timer);
      await Promise.all([...served.values()].map(stop));
      await o.store.flush();
      redis.disconnect();
    },
  };
}

async function stop(s: Served): Promise<void> {
  await s.worker.close();
  await s.queue.close();
  s.connection.disconnect();
}

interface JobContext {
  judge: Promise<RunCheckJudge>;
  answers: RunAnswers;
  targets: ReturnType<typeof targetReader>;
  store: RunStore;
}

/** One check: judged, stored (and made durable), then reported. */
async function judgeJob(job: Job, c: JobContext): Promise<CheckJobResult> {
  const data = CheckJob.parse(job.data);
  const target = await c.targets(data.runId, data.questionId);
  const check = target?.checks.find((ch) => ch.id === data.checkId);
  const answer = await c.answers.get(data.runId, data);
  if (!target || !check || !answer) {
    throw new StoreError(
      `run ${data.runId} has no ${!target ? 'question' : !check ? 'check' : 'answer'} for check ${data.checkId} of question ${data.questionId}`,
    );
  }
  const judge = await c.judge;
  if (judge.id !== data.judge) {
    throw new InputError({
      rule: 'worker-judge-mismatch',
      message: `this worker's judge is "${judge.id}", the job's "${data.judge}": start the worker with the coordinator's judge spec`,
      check: data.checkId,
    });
  }
  let outcome: CheckOutcome;
  try {
    outcome = await judge.judge({ ...checkInput(target, answer), check });
  } catch (e) {
    if (!ProviderError.isInstance(e)) throw e;
    // A judge that throws cannot be used at all (a bad key, an unknown model): the coordinator stops the run.
    return {
      status: 'fatal',
      error: e.message,
      ...(e.details.provider !== undefined && { provider: e.details.provider }),
      ...(e.details.fatal !== undefined && { reason: e.details.fatal }),
    };
  }
  const key = { ...data };
  if (outcome.status === 'ok') {
    await c.store.putVerdict({ ...key, verdict: outcome.verdict, rationale: outcome.rationale, quote: outcome.quote });
  } else {
    const kind = outcome.kind ?? failureKindOf(outcome.error, outcome.raw);
    await c.store.putJudgeFailure({ ...key, error: outcome.error, raw: outcome.raw, kind });
  }
  await c.store.flush();
  return outcome;
}
