import { counted, InputError, pickQueue } from '@gamut/core';
import { finalLabelsOf, toJsonl, writeFileAtomic } from '@gamut/node';
import { withReviewRun } from './review-run.js';

export interface ExportOptions {
  out?: string;
  labels?: string;
  queue?: string;
  store?: string;
}

/** Writes the run's review events and/or the final labels of its verdict-label queues. */
export async function exportReview(dir: string, o: ExportOptions): Promise<void> {
  if (o.out === undefined && o.labels === undefined) {
    throw new InputError({
      rule: 'usage',
      message: 'name what to write: -o events.jsonl and/or --labels labels.jsonl',
    });
  }
  await withReviewRun(dir, o.store, async (r) => {
    const all = await r.store.listReviewQueues(r.ownerId);
    const queues = o.queue === undefined ? all : [pickQueue(all, r, o.queue)];
    const events = await r.store.listReviewEvents(r.ownerId, o.queue === undefined ? {} : { queueId: o.queue });
    if (o.out !== undefined) {
      await writeFileAtomic(o.out, toJsonl(events));
      process.stdout.write(`Wrote ${counted(events.length, 'review event')} to ${o.out}\n`);
    }
    if (o.labels !== undefined) {
      const { lines, open } = finalLabelsOf(queues, events);
      await writeFileAtomic(o.labels, toJsonl(lines));
      process.stdout.write(
        `Wrote ${counted(lines.length, 'final label')} to ${o.labels}` +
          (open ? ` (${counted(open, 'item')} still waiting or in disagreement left out)` : '') +
          `; use it as --judge labels:${o.labels} or gamut analyze calibration --labels ${o.labels}\n`,
      );
    }
  });
}
