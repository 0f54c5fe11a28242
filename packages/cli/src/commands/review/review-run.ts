import { randomUUID } from 'node:crypto';
import { type EventStamp, InputError, type ReviewOwner } from '@gamut/core';
import { buildReviewOwner, loadRun } from '@gamut/node';
import { openProjectStore } from '../../store/open-store.js';
import { NO_RUN } from '../build/build-store.js';

/** A run directory opened for review: its files, the store, and the owner id events are kept under. */
export type ReviewRun = ReviewOwner;

/** Opens the run directory and the store, runs `fn`, and always closes the store. */
export async function withReviewRun<T>(
  dir: string,
  storeOption: string | undefined,
  fn: (r: ReviewRun) => Promise<T>,
): Promise<T> {
  // A build directory is reviewed too: its id owns the events, kept in its own store unless --store says otherwise.
  const build = await buildReviewOwner(dir);
  const run = build ? NO_RUN : await loadRun(dir);
  const ownerId = build?.ownerId ?? run.manifest?.run_id;
  if (ownerId === undefined) {
    throw new InputError({ rule: 'run-incomplete', message: `${dir} has no readable manifest.json`, file: dir });
  }
  const store =
    build && storeOption === undefined
      ? await openProjectStore(build.paths.root, build.paths.store)
      : await openProjectStore(process.cwd(), storeOption);
  try {
    const kind = build ? 'build' : 'run';
    return await fn({ dir, ownerId, kind, label: `${kind} ${ownerId}`, run, store });
  } finally {
    await store.close();
  }
}

export const nowIso = (): string => new Date().toISOString();
/** A new event's id and time. */
export const stamp = (): EventStamp => ({ id: randomUUID(), now: nowIso() });
