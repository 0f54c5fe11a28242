import { describe, expect, it } from 'vitest';
import { Annotator, ReviewEvent, ReviewQueue } from './review.js';

const base = {
  id: 'e1',
  owner_id: 'demo',
  queue_id: 'labels-1',
  item_id: 'i001',
  who: 'ann',
  role: 'annotator',
  at: '2026-12-01T12:00:00Z',
};
const problems = (v: unknown) => {
  const r = ReviewEvent.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('review event lines', () => {
  it('fill in round 1 and an empty reason', () => {
    expect(ReviewEvent.parse({ ...base, kind: 'label', value: 'meets' })).toEqual({
      ...base,
      kind: 'label',
      value: 'meets',
      round: 1,
      reason: '',
    });
  });

  it('say what each kind needs', () => {
    expect(problems({ ...base, kind: 'label' })).toEqual([
      'value: a label needs its "value": one of the queue’s labels, e.g. meets',
    ]);
    expect(problems({ ...base, kind: 'comment' })).toEqual(['reason: a comment needs its text in "reason"']);
    expect(problems({ ...base, kind: 'undo' })).toHaveLength(1);
    expect(problems({ ...base, kind: 'revise' })).toHaveLength(1);
    expect(problems({ ...base, kind: 'vote' })).toEqual([
      'kind: kind must be one of label, accept, revise, discard, adjudicate, edit, comment, confirm, reject, undo',
    ]);
    expect(problems({ ...base, kind: 'confirm', at: 'yesterday' })).toEqual(['at: Invalid ISO datetime']);
  });

  it('an annotator keeps a token hash, never a token; a queue needs labels', () => {
    const a = { owner_id: 'demo', name: 'ann', role: 'annotator', created_at: base.at };
    expect(Annotator.safeParse({ ...a, token_hash: 'gmt_secret' }).success).toBe(false);
    expect(Annotator.safeParse({ ...a, token_hash: 'a'.repeat(64) }).success).toBe(true);
    const q = { owner_id: 'demo', id: 'q', kind: 'wiki_flag', items: [], created_at: base.at };
    expect(ReviewQueue.safeParse({ ...q, labels: [] }).success).toBe(false);
    expect(ReviewQueue.parse({ ...q, labels: ['confirm', 'reject'] })).toMatchObject({
      per_item: 2,
      strata: [],
      title: '',
    });
  });
});
