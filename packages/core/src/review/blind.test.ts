import { describe, expect, it } from 'vitest';
import { blindItem, nextItemId } from './blind.js';
import { queueState } from './item-state.js';
import { annotatorForToken, queuePage, queueSummaries, tokenHash, VERDICT_GUIDE } from './queue-page.js';
import { ev, label, labelQueue, person } from './review-fixtures.test-helpers.js';

const queue = labelQueue(3);
const events = [
  label('ann', 'i1', 'meets', 'ann’s note'),
  label('bo', 'i1', 'missing', 'bo’s note'),
  ev('bo', 'i1', { kind: 'comment', reason: 'bo thinks it is vague' }),
  label('ann', 'i2', 'meets'),
];
const state = queueState(queue, events);

describe('what a person may see', () => {
  it('an annotator sees the item without the model, the stratum or the other’s label and notes', () => {
    const seen = blindItem(queue, state, 'i1', person('ann'));
    expect(seen).toEqual({
      queue_id: 'q',
      item_id: 'i1',
      position: 1,
      total: 3,
      payload: { question_id: 'q1', setting: 'text', check_id: 'C1.fact' },
      labels: ['meets', 'partially_meets', 'missing', 'contradicts'],
      mine: { who: 'ann', value: 'meets', reason: 'ann’s note', at: events[0]?.at },
      decisions: null,
      adjudication: null,
      notes: [],
    });
    expect(JSON.stringify(seen)).not.toMatch(/m1|bo|vague|fact\|meets/);
  });

  it('the adjudicator sees both labels and notes, still without model or stratum', () => {
    const seen = blindItem(queue, state, 'i1', person('민지'));
    expect(seen?.decisions?.map((d) => [d.who, d.value, d.reason])).toEqual([
      ['ann', 'meets', 'ann’s note'],
      ['bo', 'missing', 'bo’s note'],
    ]);
    expect(seen?.notes.map((n) => n.reason)).toEqual(['bo thinks it is vague']);
    expect(seen?.payload).not.toHaveProperty('model');
    expect(JSON.stringify(seen)).not.toContain('fact|meets');
  });

  it('a reviewer does not see a verdict-label queue at all', () => {
    expect(blindItem(queue, state, 'i1', person('rev'))).toBeNull();
    expect(queuePage(queue, events, person('rev'))).toBeUndefined();
    expect(queueSummaries([queue], events, person('rev'))).toEqual([]);
  });
});

describe('the next item and the queue page', () => {
  it('each person is led to the first item still open to them; the adjudicator to disagreements', () => {
    expect(nextItemId(queue, state, person('ann'))).toBe('i3');
    expect(nextItemId(queue, state, person('bo'))).toBe('i2');
    expect(nextItemId(queue, state, person('bo'), 'i2')).toBe('i3');
    expect(nextItemId(queue, state, person('bo'), 'i3')).toBe('i2');
    // i1 has two labels already: a third annotator is not offered it.
    expect(nextItemId(queue, state, person('cy'))).toBe('i2');
    expect(nextItemId(queue, state, person('민지'))).toBe('i1');
  });

  it('the page gives progress, the blinded item and the one after it', () => {
    const page = queuePage(queue, events, person('bo'));
    expect(page?.queue).toEqual({
      id: 'q',
      kind: 'verdict_label',
      title: '',
      labels: ['meets', 'partially_meets', 'missing', 'contradicts'],
      per_item: 2,
      total: 3,
      counts: { waiting: 2, done: 0, disagreement: 1, adjudicated: 0 },
      mine: { decided: 1, open: 2 },
    });
    expect(page?.item?.item_id).toBe('i2');
    expect(page?.item?.mine).toBeNull();
    expect(page?.next_item_id).toBe('i3');
    const adjudicator = queuePage(queue, events, person('민지'));
    expect([adjudicator?.item?.item_id, adjudicator?.next_item_id, adjudicator?.queue.mine]).toEqual([
      'i1',
      null,
      { decided: 0, open: 1 },
    ]);
    const done = queuePage(queue, [...events, label('ann', 'i3', 'missing')], person('ann'));
    expect([done?.item, done?.next_item_id, done?.queue.mine]).toEqual([null, null, { decided: 3, open: 0 }]);
  });

  it('a token finds its person by hash; the guide has the four verdicts on keys 1–4', () => {
    const hash = tokenHash('s3cret');
    expect(hash).toBe('1ec1c26b50d5d3c58d9583181af8076655fe00756bf7285940ba3670f99fcba0');
    const people = [{ ...person('ann'), token_hash: hash }, person('bo')];
    expect(annotatorForToken(people, 's3cret')?.name).toBe('ann');
    expect(annotatorForToken(people, 'wrong')).toBeUndefined();
    expect(VERDICT_GUIDE.map((g) => [g.key, g.verdict])).toEqual([
      ['1', 'meets'],
      ['2', 'partially_meets'],
      ['3', 'missing'],
      ['4', 'contradicts'],
    ]);
    expect(VERDICT_GUIDE[2]?.definition).toBe('the answer does not address it (including a cautious "I don\'t know").');
  });
});
