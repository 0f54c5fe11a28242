import type { CallEvent } from '@gamut/providers';
import type { QueueWorkerEvent } from '@gamut/queue';
import { resolveJudge } from '../../judges/resolve-judge.js';
import { openProjectStore } from '../../store/open-store.js';
import { queueServer, requireServerStore } from './queue-server.js';

export interface WorkerCommandOptions {
  queue: string;
  store: string;
  concurrency: number;
  timeout: number;
  retries: number;
  quiet?: boolean;
  json?: boolean;
  env: NodeJS.ProcessEnv;
}

const err = (s: string) => process.stderr.write(s);

/**
 * `gamut worker`: serves every judge queue on the server until SIGINT or
 * SIGTERM, then finishes the checks in hand. Keys come from this process's
 * environment; no job carries one.
 */
export async function runWorkerCommand(o: WorkerCommandOptions): Promise<void> {
  requireServerStore(o.store, 'gamut worker');
  const { startQueueWorker } = await import('@gamut/queue');
  const server = queueServer(o.queue);
  const store = await openProjectStore(process.cwd(), o.store);
  try {
    const worker = await startQueueWorker({
      server,
      store,
      concurrency: o.concurrency,
      judgeFor: async (spec, onCallEvent) =>
        (
          await resolveJudge(spec, {
            cache: store,
            concurrency: o.concurrency,
            timeoutMs: o.timeout,
            retries: o.retries,
            env: o.env,
            onCallEvent: (e: CallEvent) => onCallEvent(e),
          })
        ).judge,
      onEvent: workerLog(o),
    });
    if (!o.quiet && !o.json) err(`gamut worker: waiting for checks on ${server.shownAs}\n`);
    await new Promise<void>((done) => {
      const stop = () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        if (!o.quiet && !o.json) err('gamut worker: finishing the checks in hand\n');
        done();
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
    await worker.close();
  } finally {
    await store.close();
  }
}

/** What the worker says on stderr: what it serves, 429 pauses, errors, and a count every 10 s at most. */
function workerLog(o: WorkerCommandOptions): (e: QueueWorkerEvent) => void {
  let judged = 0;
  let lastReport = 0;
  return (e) => {
    if (o.quiet) return;
    if (o.json) {
      err(`${JSON.stringify(e)}\n`);
      return;
    }
    if (e.type === 'serving') err(`gamut worker: serving ${e.judge}\n`);
    else if (e.type === 'rate-limited') err(`gamut worker: ${e.queue} rate-limited for ${e.ms} ms (a 429)\n`);
    else if (e.type === 'error') err(`gamut worker: ${e.queue}: ${e.message}\n`);
    else if (++judged && Date.now() - lastReport > 10_000) {
      lastReport = Date.now();
      err(`gamut worker: ${judged} checks judged\n`);
    }
  };
}
