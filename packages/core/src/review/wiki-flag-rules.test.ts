import { describe, expect, it } from 'vitest';
import { ReviewQueue } from '../schema/review.js';
import { checkReviewEvent } from './check-event.js';
import { ev, people } from './review-fixtures.test-helpers.js';
import { WIKI_FLAG_LABELS, wikiFlagDecisions } from './wiki-flags.js';

const golden = { name: 'g', version: '1.0.0', hash: 'a'.repeat(64) };
const QUESTION = 'Can employees bring their dogs to the office?';
const draft = {
  op: 'make_answerable',
  question_id: 'Q-U',
  type: 'single_page',
  required_facts: [{ id: 'F1', fact: QUESTION, page_ids: ['HR-203'], values: [] }],
  gold_answer: '',
  placeholder: true,
};
const { placeholder: _, ...unmarked } = draft;
const written = {
  ...unmarked,
  required_facts: [
    { id: 'F1', fact: 'Dogs are not allowed in the office', page_ids: ['HR-203', 'HR-210'], values: [] },
  ],
};

// f001 proposes a placeholder fact; f002 a plain page to add.
const queue = ReviewQueue.parse({
  owner_id: 'run-1',
  id: 'q',
  kind: 'wiki_flag',
  per_item: 1,
  labels: WIKI_FLAG_LABELS,
  items: [
    { id: 'f001', payload: { flag: { question_id: 'Q-U', kind: 'looks_answerable' }, change: draft, golden } },
    {
      id: 'f002',
      payload: {
        flag: { question_id: 'Q-1', kind: 'other_page_supports' },
        change: { op: 'add_fact_page', question_id: 'Q-1', fact_id: 'F1', page_id: 'P-2' },
        golden,
      },
    },
  ],
  created_at: '2026-01-01T00:00:00.000Z',
});
const problem = (e: ReturnType<typeof ev>) => checkReviewEvent(e, { queues: [queue], annotators: people, events: [] });
const confirm = (item: string, change?: Record<string, unknown>) =>
  ev('rev', item, { kind: 'confirm', reason: 'HR-203 says so', ...(change && { change }) });

describe('confirming a wiki flag whose change is a placeholder', () => {
  it('is refused as it stands, with what to do instead', () => {
    const p = problem(confirm('f001'));
    expect(p?.rule).toBe('placeholder-change');
    expect(p?.message).toContain('fact F1 is still the question’s own words');
    expect(p?.message).toContain('gamut view');
    expect(p?.message).toContain('or reject the flag');
  });

  it('is refused when the edit keeps the placeholder mark or the question as the fact (spaces and case aside)', () => {
    expect(problem(confirm('f001', { ...written, placeholder: true }))?.rule).toBe('placeholder-change');
    const same = {
      ...written,
      required_facts: [{ id: 'F1', fact: `  ${QUESTION.toUpperCase()} `, page_ids: ['HR-9'] }],
    };
    expect(problem(confirm('f001', same))?.rule).toBe('placeholder-change');
  });

  it('is accepted edited, and the decision carries the edit, not the placeholder', () => {
    const e = confirm('f001', written);
    expect(problem(e)).toBeNull();
    const [d] = wikiFlagDecisions(queue, [e]);
    expect(d?.change).toEqual(written);
    expect(d?.change && 'required_facts' in d.change ? d.change.required_facts[0]?.page_ids : null).toEqual([
      'HR-203',
      'HR-210',
    ]);
  });

  it('an adjudicator confirming it is held to the same rule', () => {
    const two = ReviewQueue.parse({ ...queue, per_item: 2 });
    const rae = { ...(people.find((p) => p.name === 'rev') as (typeof people)[number]), name: 'rae' };
    const split = [confirm('f001', written), { ...ev('rev', 'f001', { kind: 'reject', reason: 'no' }), who: 'rae' }];
    const context = { queues: [two], annotators: [...people, rae], events: split };
    const adj = (change?: Record<string, unknown>) =>
      ev('민지', 'f001', { kind: 'adjudicate', value: 'confirm', round: 2, ...(change && { change }) });
    expect(checkReviewEvent(adj(), context)?.rule).toBe('placeholder-change');
    expect(checkReviewEvent(adj(written), context)).toBeNull();
    const rejected = ev('민지', 'f001', { kind: 'adjudicate', value: 'reject', round: 2, change: written });
    expect(checkReviewEvent(rejected, context)?.message).toBe('only a confirmation carries a change');
  });
});

describe('a change on a wiki-flag event', () => {
  it('must be a golden-set change on the flag’s question', () => {
    expect(problem(confirm('f002'))).toBeNull();
    expect(problem(confirm('f002', { op: 'add_fact_page', question_id: 'Q-1' }))?.message).toContain(
      'the edited change is not a golden-set change: fact_id',
    );
    expect(problem(confirm('f001', { ...written, question_id: 'Q-9' }))?.message).toContain(
      'change.question_id is Q-9, but the flag is on Q-U',
    );
  });
});
