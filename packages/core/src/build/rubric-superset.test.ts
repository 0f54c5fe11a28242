import { describe, expect, it } from 'vitest';
import { MetaRubric } from '../schema/meta-rubric.js';
import { supersetProblems } from './rubric-superset.js';

const meta = (items: unknown[]) =>
  MetaRubric.parse({
    question_id: 'q',
    question: 'Q?',
    snippets: [
      { id: 'S1', text: 'a' },
      { id: 'S2', text: 'b' },
    ],
    items,
  });
const list = (members: Array<{ text: string; snippets?: string[] }>) => ({
  id: 'I1',
  type: 'strict_list',
  tier: 'answer_critical',
  text: 'Ingredients',
  members,
});
const draft = meta([
  list([
    { text: 'beef', snippets: ['S1'] },
    { text: 'red wine', snippets: ['S2'] },
  ]),
]);

describe('supersetProblems', () => {
  it('accepts a rebuild that keeps every member (in any case) and adds more', () => {
    const refined = meta([list([{ text: 'Beef' }, { text: 'red wine' }, { text: 'onions' }])]);
    expect(supersetProblems(draft, refined, [], [])).toEqual([]);
  });

  it('names a lost member, a lost item and a changed type', () => {
    const lostMember = meta([list([{ text: 'beef' }])]);
    expect(supersetProblems(draft, lostMember, [], [])).toEqual([
      'I1.m2 ("red wine") of the draft is missing; keep it, or list it in "dropped" with the audit\'s reason',
    ]);
    const retyped = meta([{ id: 'I1', type: 'fact', tier: 'valuable', text: 'beef and red wine', snippets: ['S1'] }]);
    expect(supersetProblems(draft, retyped, [], [])).toEqual([
      'item I1 was a strict_list and is now a fact; keep its type',
    ]);
    const renamed = meta([{ ...list([{ text: 'beef' }, { text: 'red wine' }]), id: 'I9' }]);
    expect(supersetProblems(draft, renamed, [], [])).toEqual([
      'item I1 of the draft is missing; keep it, or list it in "dropped" with the audit\'s reason',
    ]);
  });

  it('lets a part go only when the audit refuted all its evidence and the drop says why', () => {
    const lostMember = meta([list([{ text: 'beef' }])]);
    const dropped = [{ ref: 'I1.m2', reason: 'its source no longer says so' }];
    const vanished = [{ snippet: 'S2', status: 'vanished' as const, reason: 'the text is no longer there' }];
    expect(supersetProblems(draft, lostMember, dropped, vanished)).toEqual([]);
    const intact = [{ snippet: 'S2', status: 'intact' as const, same_document: true }];
    expect(supersetProblems(draft, lostMember, dropped, intact)).toEqual([
      'I1.m2 ("red wine") is dropped, but the audit did not refute its evidence; keep it',
    ]);
  });
});
