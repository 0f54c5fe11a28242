import type { RunStore } from '@gamut/core';
import { ReviewQueue } from '@gamut/core';
import { sampleAnnotator, sampleReviewEvent } from '@gamut/core/test';
import { type GamutStore, readRunBundle } from '@gamut/store';

export const meta = [1, 2].map((q) => ({
  question_id: `q-${q}`,
  question: `What is thing ${q}?`,
  language: 'en',
  items: [
    { id: 'I1', type: 'fact', tier: 'answer_critical', text: `Says thing ${q} is tea` },
    { id: 'I2', type: 'fact', tier: 'valuable', text: `Says thing ${q} is green` },
  ],
}));
export const answers = [1, 2].flatMap((q) =>
  ['m-a', 'm-b'].map((model) => ({ question_id: `q-${q}`, model, setting: 'text_only', response: `Green tea ${q}.` })),
);

/** A review workspace under the run: one annotator, one queue, two events. */
export async function seedReview(store: RunStore, runId: string): Promise<void> {
  await store.appendAnnotator(sampleAnnotator('ann', runId));
  await store.appendReviewQueue(
    ReviewQueue.parse({
      owner_id: runId,
      id: 'labels-1',
      kind: 'verdict_label',
      title: 'spot check',
      labels: ['meets', 'partially_meets', 'missing', 'contradicts'],
      sampling: { sample: 1, seed: 0, strategy: 'strata', judge: 'offline' },
      strata: [{ key: 'fact|meets', population: 1, sampled: 1 }],
      items: [{ id: 'i1', payload: { question_id: 'q-1', model: 'm-a', setting: 'text_only', check_id: 'I1' } }],
      created_by: null,
      created_at: '2026-01-01T00:00:00.000Z',
    }),
  );
  await store.appendReviewEvents([
    sampleReviewEvent('e1', { owner_id: runId, queue_id: 'labels-1', item_id: 'i1' }),
    sampleReviewEvent('e2', { owner_id: runId, queue_id: 'labels-1', item_id: 'i1' }),
  ]);
}

/** Everything a store holds of its runs and calls, to compare two stores by. */
export async function contentsOf(store: GamutStore) {
  const runs = [];
  for (const run of await store.listRuns()) runs.push(await readRunBundle(store, run));
  const calls = [];
  for await (const c of store.calls()) calls.push(c);
  return { runs, calls, labels: await store.getLabels() };
}
