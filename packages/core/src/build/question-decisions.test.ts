import { describe, expect, it } from 'vitest';
import { type QuestionDecision, resolveCandidate } from './question-decisions.js';

const d = (
  author: string,
  decision: QuestionDecision['decision'],
  extra: Partial<QuestionDecision> = {},
): QuestionDecision => ({
  candidate: 'x.r1.c1',
  author,
  role: 'annotator',
  decision,
  reason: `${author} says ${decision}`,
  at: '2026-12-01T10:00:00Z',
  ...extra,
});

describe('resolveCandidate', () => {
  it('waits for two annotators, naming who has decided', () => {
    expect(resolveCandidate([])).toEqual({ status: 'waiting', for: 'annotators', have: [], need: 2 });
    expect(resolveCandidate([d('a', 'accept')])).toEqual({
      status: 'waiting',
      for: 'annotators',
      have: ['a'],
      need: 1,
    });
  });

  it('two agreeing annotators decide; the reasons of both are kept', () => {
    expect(resolveCandidate([d('a', 'discard'), d('b', 'discard')])).toEqual({
      status: 'discarded',
      agreed: true,
      reasons: ['a says discard', 'b says discard'],
    });
    expect(resolveCandidate([d('a', 'revise', { text: 'Q?' }), d('b', 'revise', { text: 'Q?' })])).toMatchObject({
      status: 'revised',
      text: 'Q?',
      agreed: true,
    });
  });

  it('a disagreement, or two different revisions, waits for the adjudicator, whose decision is final', () => {
    const split = [d('a', 'accept'), d('b', 'discard')];
    expect(resolveCandidate(split)).toEqual({ status: 'waiting', for: 'adjudicator', annotators: ['a', 'b'] });
    expect(resolveCandidate([d('a', 'revise', { text: 'One?' }), d('b', 'revise', { text: 'Two?' })]).status).toBe(
      'waiting',
    );
    const adjudicated = resolveCandidate([...split, d('c', 'revise', { role: 'adjudicator', text: 'Three?' })]);
    expect(adjudicated).toMatchObject({ status: 'revised', text: 'Three?', agreed: false });
  });

  it("an annotator's later decision replaces their earlier one; a third annotator does not count", () => {
    const changed = [
      d('a', 'discard'),
      d('b', 'accept'),
      d('a', 'accept', { at: '2026-12-01T11:00:00Z' }),
      d('z', 'discard'),
    ];
    expect(resolveCandidate(changed)).toMatchObject({ status: 'accepted', agreed: true });
  });
});
