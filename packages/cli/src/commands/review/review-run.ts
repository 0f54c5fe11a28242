import { randomUUID } from 'node:crypto';
import {
  type Annotator,
  annotatorForToken,
  checkReviewEvent,
  fromZodError,
  InputError,
  type ReportInput,
  ReviewEvent,
  type ReviewEventInput,
  type ReviewQueue,
  type RunStore,
} from '@gamut/core';
import { loadRun } from '@gamut/node';
import { openProjectStore } from '../../store/open-store.js';
import { buildReviewOwner, NO_RUN } from '../build/build-review.js';

/** A run directory opened for review: its files, the store, and the owner id events are kept under. */
export interface ReviewRun {
  dir: string;
  ownerId: string;
  /** A run directory or a build directory. */
  kind: 'run' | 'build';
  /** How messages name the owner: `run <id>` or `build <id>`. */
  label: string;
  run: ReportInput;
  store: RunStore;
}

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
export const newEventId = (): string => randomUUID();

/** An event from what a command was given; a value the schema refuses is an input error. */
export function eventFrom(input: ReviewEventInput): ReviewEvent {
  const parsed = ReviewEvent.safeParse(input);
  if (!parsed.success) throw new InputError(fromZodError(parsed.error, input, {}));
  return parsed.data;
}

/** The person a token names, or an input error saying how to get one. */
export async function personOf(r: ReviewRun, token: string): Promise<Annotator> {
  const who = annotatorForToken(await r.store.listAnnotators(r.ownerId), token);
  if (!who) {
    throw new InputError({
      rule: 'unknown-token',
      message: `no annotator of ${r.label} has this token; \`gamut review add-annotator ${r.dir} --name N --role R\` gives one`,
    });
  }
  return who;
}

/** The queue named by `--queue`, or the only one that has `itemId` (any queue when no item is given). */
export function pickQueue(queues: readonly ReviewQueue[], r: ReviewRun, id?: string, itemId?: string): ReviewQueue {
  if (id !== undefined) {
    const q = queues.find((x) => x.id === id);
    if (q) return q;
    throw new InputError({
      rule: 'unknown-queue',
      message: `${r.label} has no review queue "${id}"${queues.length ? `; queues: ${queues.map((x) => x.id).join(', ')}` : ''}`,
    });
  }
  const having = itemId === undefined ? queues : queues.filter((q) => q.items.some((it) => it.id === itemId));
  if (having.length === 1) return having[0] as ReviewQueue;
  throw new InputError({
    rule: having.length === 0 ? 'unknown-item' : 'ambiguous-queue',
    message:
      having.length === 0
        ? queues.length === 0
          ? `${r.label} has no review queue yet; ${makeQueue(r)}`
          : `no queue of ${r.label} has item "${itemId}"`
        : `several queues have ${itemId === undefined ? 'items' : `item "${itemId}"`}: name one with --queue (${having.map((q) => q.id).join(', ')})`,
  });
}

/** What makes a first queue: `gamut review queue` for a run, the build's own steps for a build. */
export const makeQueue = (r: Pick<ReviewRun, 'kind' | 'dir'>): string =>
  r.kind === 'build'
    ? `\`gamut build questions ${r.dir}\` queues its candidates`
    : `\`gamut review queue ${r.dir} --sample N\` creates one`;

/** Appends one event after checking it against what is stored; a refused event is an input error (exit 2). */
export async function appendChecked(r: ReviewRun, event: ReviewEvent): Promise<void> {
  const [queues, annotators, events] = await Promise.all([
    r.store.listReviewQueues(r.ownerId),
    r.store.listAnnotators(r.ownerId),
    r.store.listReviewEvents(r.ownerId),
  ]);
  const problem = checkReviewEvent(event, { queues, annotators, events });
  if (problem) throw new InputError({ rule: problem.rule, message: problem.message, item: event.item_id });
  await r.store.appendReviewEvents([event]);
}
