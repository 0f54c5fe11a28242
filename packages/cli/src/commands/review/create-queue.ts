import { createLabelQueue, InputError } from '@gamut/core';
import { intOption } from '../analyze/read-inputs.js';
import { printJson, writeText } from '../analyze/render.js';
import { nowIso, withReviewRun } from './review-run.js';

export interface CreateQueueOptions {
  sample?: string;
  seed?: string;
  disagreement?: boolean;
  judge?: string;
  id?: string;
  title?: string;
  store?: string;
  json?: boolean;
}

/** Samples (answer, check) pairs of the run into a new verdict-label queue and prints its strata. */
export async function createQueue(dir: string, o: CreateQueueOptions): Promise<void> {
  if (o.sample === undefined) {
    throw new InputError({
      rule: 'usage',
      message: 'gamut review queue needs --sample N (a verdict-label queue) or --flags (the wiki-QA flags)',
    });
  }
  const size = intOption('--sample', o.sample, 0, 1);
  const seed = intOption('--seed', o.seed, 0);
  await withReviewRun(dir, o.store, async (r) => {
    const made = await createLabelQueue(r, { ...o, size, seed }, nowIso());
    if (o.json) printJson(made.json);
    else writeText(made.text, '\n');
  });
}
