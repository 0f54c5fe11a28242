import {
  type CallCounts,
  type EvaluationJudge,
  InputError,
  type JudgeTarget,
  type RunCheckJudge,
  type RunStore,
} from '@gamut/core';
import type { QueueJudge } from '@gamut/queue';
import { queueServer, requireServerStore } from './queue-server.js';

/** What `--queue` changes in a `gamut judge` or `gamut run`: the judges, the store the engine writes, when to listen. */
export interface QueueJudging {
  /** The judge whose checks the workers judge, in place of `judge`. */
  judge(j: EvaluationJudge): EvaluationJudge;
  /** The store as the engine should see it: verdicts are the workers' to write. */
  store: RunStore;
  /** The run is stored: its checks can be queued. */
  started(runId: string): void;
  close(): Promise<void>;
}

export interface QueueJudgingOptions {
  queue: string;
  /** `--store` as given: must be a server store. */
  storeOption: string | undefined;
  verb: string;
  store: RunStore;
  /** Judges by spec, as resolved here (their ids name the verdicts). */
  judges: ReadonlyArray<{ spec: string; judge: RunCheckJudge; batched: boolean }>;
  rpm?: number;
  targets: ReadonlyMap<string, JudgeTarget>;
  counts: CallCounts;
}

/** One queue per judge spec; checked before the run is stored, so a bad `--queue` reserves nothing. */
export async function openQueueJudging(o: QueueJudgingOptions): Promise<QueueJudging> {
  requireServerStore(o.storeOption, o.verb);
  for (const j of o.judges) refuseUnqueueable(j);
  const { openQueueJudge, QUEUE_WINDOW, verdictsWrittenByWorkers } = await import('@gamut/queue');
  const server = queueServer(o.queue);
  const queued = new Map<string, QueueJudge>();
  try {
    for (const j of o.judges) {
      if (queued.has(j.spec)) continue;
      queued.set(
        j.spec,
        await openQueueJudge({
          server,
          judge: j.judge,
          spec: j.spec,
          ...(o.rpm !== undefined && { rpm: o.rpm }),
          targets: o.targets,
          store: o.store,
          // Each judge's calls are totalled from the store since the run started: one judge's totals are all of them.
          ...(queued.size === 0 && { counts: o.counts }),
        }),
      );
    }
  } catch (e) {
    for (const q of queued.values()) await q.close();
    throw e;
  }
  return {
    // The engine's early stop on the first calls is fed by local calls; here the checks' outcomes feed it.
    judge: (j) => ({ spec: j.spec, batched: false, judge: queued.get(j.spec)!.judge, concurrency: QUEUE_WINDOW }),
    store: verdictsWrittenByWorkers(o.store),
    started(runId) {
      const at = new Date().toISOString();
      for (const q of queued.values()) q.bind(runId, at);
    },
    async close() {
      for (const q of queued.values()) await q.close();
    },
  };
}

/** Judges a worker on another machine cannot be: a labels file is local, a batched judge grades whole answers. */
function refuseUnqueueable(j: { spec: string; batched: boolean }): void {
  if (j.spec.startsWith('labels:')) {
    throw new InputError({
      rule: 'queue-judge',
      message: `${j.spec} reads a local file: judge it without --queue (it makes no model calls to share out)`,
    });
  }
  if (j.batched) {
    throw new InputError({
      rule: 'queue-judge',
      message: `--batched grades all checks of an answer in one call, which workers do not do yet: drop --batched or --queue`,
    });
  }
}
