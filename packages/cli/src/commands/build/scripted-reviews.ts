import { appendEventRecords, parseReviewFile, reviewFileEvents, SCRIPTED_REVIEWERS } from '@gamut/core';
import { readRecords } from '@gamut/node';
import { addToken } from '../review/add-annotator.js';
import { withReviewRun } from '../review/review-run.js';

/** Adds the scripted people to the build's review workspace (their tokens are never shown: no one logs in). */
export async function addScriptedPeople(dir: string, store: string | undefined): Promise<void> {
  await withReviewRun(dir, store, async (r) => {
    for (const [name, role] of SCRIPTED_REVIEWERS) await addToken(r, name, role);
  });
}

/**
 * A file of scripted decisions or rubric edits (the `gamut build review-import` format) appended as
 * review events on the build's latest queue of their kind, through `gamut review import`'s checks:
 * a bad line, an unknown person or item, and nothing is stored. `store`: `--store`, else the build's own.
 * Returns how many were appended.
 */
export async function importScriptedReviews(dir: string, file: string, store: string | undefined): Promise<number> {
  const review = parseReviewFile(await readRecords(file));
  return withReviewRun(dir, store, async (r) => {
    const [queues, events] = await Promise.all([
      r.store.listReviewQueues(r.ownerId),
      r.store.listReviewEvents(r.ownerId),
    ]);
    const made = reviewFileEvents(review, { ownerId: r.ownerId, label: r.label, queues, events }, file);
    return (await appendEventRecords(r, made, file)).imported;
  });
}
