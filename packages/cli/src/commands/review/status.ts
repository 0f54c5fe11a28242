import { makeQueue, pickQueue, queueStatus, queueStatusText } from '@gamut/core';
import { intOption } from '../analyze/read-inputs.js';
import { printJson, writeText } from '../analyze/render.js';
import { withReviewRun } from './review-run.js';

export interface StatusOptions {
  queue?: string;
  seed?: string;
  resamples?: string;
  store?: string;
  json?: boolean;
}

/** Progress and agreement of every review queue of a run (or one), the same numbers the queue page shows. */
export async function reviewStatus(dir: string, o: StatusOptions): Promise<void> {
  const seed = intOption('--seed', o.seed, 0);
  const resamples = intOption('--resamples', o.resamples, 1000, 1);
  await withReviewRun(dir, o.store, async (r) => {
    const all = await r.store.listReviewQueues(r.ownerId);
    const queues = o.queue === undefined ? all : [pickQueue(all, r, o.queue)];
    const events = await r.store.listReviewEvents(r.ownerId);
    const out = queues.map((q) => queueStatus(q, events, r.run, { seed, resamples }));
    if (o.json) return printJson({ run: r.ownerId, queues: out });
    if (out.length === 0) {
      const owner = r.kind === 'build' ? 'Build' : 'Run';
      return writeText([`${owner} ${r.ownerId} has no review queues yet; ${makeQueue(r)}.`], '\n');
    }
    writeText(
      out.flatMap((s, i) => [...(i > 0 ? [''] : []), ...queueStatusText(s)]),
      '\n',
    );
  });
}
