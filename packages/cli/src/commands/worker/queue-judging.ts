import {
  type CallCounts,
  type EvaluationJudge,
  type EvaluationParticipants,
  InputError,
  type JudgeTarget,
  type RunStore,
} from '@gamut/core';
import type { QueueJudge } from '@gamut/queue';
import { queueServer, requireServerStore } from './queue-server.js';

/** What `--queue` changes in a `gamut judge` or `gamut run`: the judges, the store the engine writes, when to listen. */
export interface QueueJudging {
  /** The store as the engine should see it: verdicts are the workers' to write. */
  store: RunStore;
  /** The participants with each judge's checks judged by the workers, one queue per judge spec. */
  participants(p: EvaluationParticipants): Promise<EvaluationParticipants>;
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
  rpm?: number | undefined;
  targets: ReadonlyMap<string, JudgeTarget>;
  counts: CallCounts;
}

/** Checked before the run is stored, so a bad `--queue` or `--store` reserves nothing. */
export async function queueJudging(o: QueueJudgingOptions): Promise<QueueJudging> {
  requireServerStore(o.storeOption, o.verb);
  const { openQueueJudge, QUEUE_WINDOW, verdictsWrittenByWorkers } = await import('@gamut/queue');
  const server = queueServer(o.queue);
  const queued = new Map<string, QueueJudge>();
  const close = async () => {
    for (const q of queued.values()) await q.close();
  };
  const open = async (j: EvaluationJudge): Promise<EvaluationJudge> => {
    refuseUnqueueable(j);
    let q = queued.get(j.spec);
    if (!q) {
      q = await openQueueJudge({
        server,
        judge: j.judge,
        spec: j.spec,
        ...(o.rpm !== undefined && { rpm: o.rpm }),
        targets: o.targets,
        store: o.store,
        // The workers' calls are totalled from the store since the run started: one judge's totals are all of them.
        ...(queued.size === 0 && { counts: o.counts }),
      });
      queued.set(j.spec, q);
    }
    // The engine's early stop on the first calls is fed by local calls; here the checks' outcomes feed it.
    return { spec: j.spec, batched: false, judge: q.judge, concurrency: QUEUE_WINDOW };
  };
  return {
    store: verdictsWrittenByWorkers(o.store),
    async participants(p) {
      const judges: EvaluationJudge[] = [];
      try {
        for (const j of p.judges) judges.push(await open(j));
      } catch (e) {
        await close();
        throw e;
      }
      return { models: p.models, judges };
    },
    started(runId) {
      const at = new Date().toISOString();
      for (const q of queued.values()) q.bind(runId, at);
    },
    close,
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
      message: `batched judging grades all checks of an answer in one call, which workers do not do yet: drop batched or --queue`,
    });
  }
}
