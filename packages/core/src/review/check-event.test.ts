import { describe, expect, it } from 'vitest';
import { ReviewQueue } from '../schema/review.js';
import { checkReviewEvent, queueRoles } from './check-event.js';
import { ev, label, labelQueue, people } from './review-fixtures.test-helpers.js';

const queue = labelQueue(3);
const ctx = (events: ReturnType<typeof label>[] = []) => ({ queues: [queue], annotators: people, events });
const rule = (e: ReturnType<typeof label>, events: ReturnType<typeof label>[] = []) =>
  checkReviewEvent(e, ctx(events))?.rule ?? null;

describe('checkReviewEvent', () => {
  it('accepts a label by an annotator with one of the queue’s values', () => {
    expect(rule(label('ann', 'i1', 'meets'))).toBeNull();
  });

  it('names the rule each bad event breaks', () => {
    expect(rule({ ...label('ann', 'i1', 'meets'), queue_id: 'nope' })).toBe('unknown-queue');
    expect(rule(label('ann', 'i9', 'meets'))).toBe('unknown-item');
    expect(rule({ ...label('ann', 'i1', 'meets'), who: 'zed' })).toBe('unknown-annotator');
    expect(rule({ ...label('ann', 'i1', 'meets'), role: 'adjudicator' })).toBe('wrong-role');
    expect(rule(label('ann', 'i1', 'yes'))).toBe('unknown-label');
    expect(rule(ev('rev', 'i1', { kind: 'confirm' }))).toBe('not-allowed');
    expect(rule(ev('ann', 'i1', { kind: 'adjudicate', value: 'meets' }))).toBe('not-allowed');
    const first = label('ann', 'i1', 'meets');
    expect(rule({ ...label('bo', 'i1', 'meets'), id: first.id }, [first])).toBe('duplicate-event');
  });

  it('a third person cannot decide an item two have decided; the two may relabel', () => {
    const two = [label('ann', 'i1', 'meets'), label('bo', 'i1', 'missing')];
    expect(rule(label('cy', 'i1', 'meets'), two)).toBe('item-full');
    expect(rule(label('bo', 'i1', 'meets'), two)).toBeNull();
  });

  it('only a disagreement is adjudicated, and only with a queue label', () => {
    const agreed = [label('ann', 'i1', 'meets'), label('bo', 'i1', 'meets')];
    const split = [label('ann', 'i2', 'meets'), label('bo', 'i2', 'missing')];
    const adj = (item: string, value: string) => ev('민지', item, { kind: 'adjudicate', value, round: 2 });
    expect(rule(adj('i1', 'meets'), agreed)).toBe('nothing-to-adjudicate');
    expect(rule(adj('i3', 'meets'), agreed)).toBe('nothing-to-adjudicate');
    expect(rule(adj('i2', 'maybe'), split)).toBe('unknown-label');
    const done = adj('i2', 'missing');
    expect(rule(done, split)).toBeNull();
    expect(rule(adj('i2', 'meets'), [...split, done]), 'a correction of an adjudication').toBeNull();
  });

  it('an undo must reverse the person’s own last standing event, on its item', () => {
    const a = label('ann', 'i1', 'meets');
    const b = label('ann', 'i2', 'meets');
    expect(rule(ev('ann', 'i2', { kind: 'undo', undoes: b.id }), [a, b])).toBeNull();
    expect(rule(ev('ann', 'i1', { kind: 'undo', undoes: a.id }), [a, b])).toBe('undo-not-last');
    expect(rule(ev('ann', 'i1', { kind: 'undo', undoes: b.id }), [a, b])).toBe('undo-other-item');
    expect(rule(ev('bo', 'i2', { kind: 'undo', undoes: b.id }), [a, b])).toBe('nothing-to-undo');
  });

  it('a wiki-flag queue is decided by reviewers confirming or rejecting', () => {
    const flags = ReviewQueue.parse({
      ...labelQueue(1),
      kind: 'wiki_flag',
      labels: ['confirm', 'reject'],
      per_item: 1,
    });
    const check = (e: ReturnType<typeof label>) =>
      checkReviewEvent(e, { queues: [flags], annotators: people, events: [] })?.rule ?? null;
    expect(check(ev('rev', 'i1', { kind: 'confirm', reason: 'page 12 says so' }))).toBeNull();
    expect(check(label('ann', 'i1', 'meets'))).toBe('not-allowed');
    expect(queueRoles('wiki_flag')).toEqual(['reviewer', 'adjudicator']);
    expect(queueRoles('verdict_label')).toEqual(['annotator', 'adjudicator']);
  });
});
