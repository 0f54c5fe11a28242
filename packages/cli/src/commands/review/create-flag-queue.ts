import { createFlagQueue as createQueue } from '@gamut/core';
import { printJson, writeText } from '../analyze/render.js';
import { nowIso, withReviewRun } from './review-run.js';

/** `gamut review queue <run> --flags`: every flag of the run's wiki-QA grading, for a reviewer to confirm or reject. */
export async function createFlagQueue(dir: string, o: { id?: string; title?: string; store?: string; json?: boolean }) {
  await withReviewRun(dir, o.store, async (r) => {
    const made = await createQueue(r, o, nowIso());
    if (o.json) printJson(made.json);
    else writeText(made.text, '\n');
  });
}
