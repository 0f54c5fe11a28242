import type { RunStore } from '../ports/store.js';
import { ReviewQueue } from '../schema/review.js';
import type { ConformanceCase, StoreLocation } from './store-conformance.js';
import { sampleAnnotator as annotator, assert, assertEqual, sampleReviewEvent as event } from './store-fixtures.js';

const T = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

const queue = (id: string, owner = 'run-1') =>
  ReviewQueue.parse({
    owner_id: owner,
    id,
    kind: 'verdict_label',
    title: '판정 검토',
    labels: ['meets', 'partially_meets', 'missing', 'contradicts'],
    sampling: { sample: 2, seed: 7, strategy: 'strata', judge: 'offline' },
    strata: [{ key: 'fact|meets', population: 5, sampled: 2 }],
    items: [
      {
        id: 'i1',
        payload: { question_id: 'q1', model: 'm1', setting: 'text', check_id: 'I1.fact' },
        stratum: 'fact|meets',
      },
      { id: 'i2', payload: { question_id: 'q2', model: 'm1', setting: 'text', check_id: 'I1.fact', n: [1, null] } },
    ],
    created_by: null,
    created_at: T(1),
  });

async function refused(write: Promise<void>): Promise<boolean> {
  return write.then(
    () => false,
    () => true,
  );
}

/** The review workspace's part of the store conformance suite: append and list, never update. */
export function reviewConformanceCases(
  withStore: (fn: (s: RunStore, loc: StoreLocation) => Promise<void>) => () => Promise<void>,
): ConformanceCase[] {
  return [
    {
      name: 'review: annotators are appended per owner; a name is taken once',
      run: withStore(async (s) => {
        await s.appendAnnotator(annotator('ann'));
        await s.appendAnnotator(annotator('민지'));
        await s.appendAnnotator(annotator('ann', 'build-1'));
        assert(await refused(s.appendAnnotator(annotator('ann'))), 'a second "ann" in run-1 must fail');
        assertEqual(await s.listAnnotators('run-1'), [annotator('ann'), annotator('민지')], 'annotators of run-1');
        assertEqual(await s.listAnnotators('build-1'), [annotator('ann', 'build-1')], 'annotators of build-1');
        assertEqual(await s.listAnnotators('nope'), [], 'no annotators of an unknown owner');
      }),
    },
    {
      name: 'review: queues round-trip with their items; an id is taken once per owner',
      run: withStore(async (s, loc) => {
        await s.appendReviewQueue(queue('q-a'));
        await s.appendReviewQueue(queue('q-b'));
        await s.appendReviewQueue(queue('q-a', 'build-1'));
        assert(await refused(s.appendReviewQueue(queue('q-a'))), 'a second q-a in run-1 must fail');
        assertEqual(await s.listReviewQueues('run-1'), [queue('q-a'), queue('q-b')], 'queues of run-1');
        const again = await loc.open();
        try {
          assertEqual(
            (await again.listReviewQueues('build-1')).map((q) => q.id),
            ['q-a'],
            'queues of build-1 from a new connection',
          );
        } finally {
          await again.close();
        }
      }),
    },
    {
      name: 'review: events are listed in the order appended, by owner and queue; a batch is stored whole or not at all',
      run: withStore(async (s) => {
        const first = [
          event('e1'),
          event('e2', { who: 'bo', value: 'missing', reason: '언급 없음' }),
          event('e3', { queue_id: 'q-b', kind: 'comment', reason: 'see page 3' }),
        ];
        await s.appendReviewEvents(first);
        const second = [
          event('e4', { kind: 'undo', undoes: 'e1', round: 1 }),
          event('e5', { kind: 'adjudicate', who: '민지', role: 'adjudicator', round: 2, value: 'partially_meets' }),
          event('e6', {
            kind: 'revise',
            who: 'rev',
            role: 'reviewer',
            change: { text: '새 질문', n: [1, { a: null }] },
          }),
        ];
        await s.appendReviewEvents(second);
        await s.appendReviewEvents([event('e1', { owner_id: 'build-1' })]);
        assert(
          await refused(s.appendReviewEvents([event('e7'), event('e2', { value: 'meets' })])),
          'a batch holding an existing id must fail',
        );
        assert(await refused(s.appendReviewEvents([event('e8'), event('e8')])), 'a batch repeating an id must fail');
        const all = await s.listReviewEvents('run-1');
        assertEqual(all, [...first, ...second], 'events of run-1, nothing of the refused batches');
        assertEqual(
          (await s.listReviewEvents('run-1', { queueId: 'q-b' })).map((e) => e.id),
          ['e3'],
          'events of queue q-b',
        );
        assertEqual((await s.listReviewEvents('build-1')).length, 1, 'events of build-1');
        await s.appendReviewEvents([]);
        assertEqual((await s.listReviewEvents('run-1')).length, 6, 'an empty batch appends nothing');
      }),
    },
  ];
}
