import { Annotator, ReviewEvent, type ReviewEventInput, ReviewQueue } from '../schema/review.js';

/** A verdict-label queue of `n` items (q1..qn, model m1, check C1.fact), two people per item. */
export function labelQueue(n = 4, over: Partial<ReviewQueue> = {}): ReviewQueue {
  return ReviewQueue.parse({
    owner_id: 'run-1',
    id: 'q',
    kind: 'verdict_label',
    labels: ['meets', 'partially_meets', 'missing', 'contradicts'],
    items: Array.from({ length: n }, (_, i) => ({
      id: `i${i + 1}`,
      payload: { question_id: `q${i + 1}`, model: 'm1', setting: 'text', check_id: 'C1.fact' },
      stratum: 'fact|meets',
    })),
    created_at: '2026-01-01T00:00:00.000Z',
    ...over,
  });
}

export const people: Annotator[] = [
  ['ann', 'annotator'],
  ['bo', 'annotator'],
  ['cy', 'annotator'],
  ['민지', 'adjudicator'],
  ['rev', 'reviewer'],
].map(([name, role]) =>
  Annotator.parse({
    owner_id: 'run-1',
    name,
    role,
    token_hash: '0'.repeat(64),
    created_at: '2026-01-01T00:00:00.000Z',
  }),
);

export const person = (name: string): Annotator => people.find((p) => p.name === name) as Annotator;

let seq = 0;
/** An event with the next id (e1, e2, …); the person's role is filled in. */
export function ev(
  who: string,
  item: string,
  rest: Partial<ReviewEventInput> & Pick<ReviewEventInput, 'kind'>,
): ReviewEvent {
  seq++;
  return ReviewEvent.parse({
    id: `e${seq}`,
    owner_id: 'run-1',
    queue_id: 'q',
    item_id: item,
    who,
    role: person(who).role,
    at: `2026-01-01T00:${String(seq % 60).padStart(2, '0')}:00.000Z`,
    ...rest,
  } as ReviewEventInput);
}

export const label = (who: string, item: string, value: string, reason = '') =>
  ev(who, item, { kind: 'label', value, reason });
