import { describe, expect, it } from 'vitest';
import type { BuildImage } from './build-inputs.js';
import type { QuestionDecision } from './question-decisions.js';
import type { ImageQuestions } from './question-rounds.js';
import { changelog, roundAgreement } from './release.js';

const image = { id: 'x' } as BuildImage;
const cand = (id: string, round: number) => ({
  id,
  imageId: 'x',
  round,
  origin: 'generated' as const,
  question: id,
  textOnlyQuestion: null,
  parent: null,
});
const d = (
  candidate: string,
  author: string,
  decision: QuestionDecision['decision'],
  role: QuestionDecision['role'] = 'annotator',
): QuestionDecision => ({
  candidate,
  author,
  role,
  decision,
  reason: 'r',
  at: 't',
  ...(decision === 'revise' && { text: 'T?' }),
});

describe('roundAgreement', () => {
  it("gives each round's share of agreeing pairs and Cohen's kappa (hand-computed)", () => {
    // Round 1, four candidates: a = accept, accept, discard, accept; b = accept, discard, discard, revise.
    // p_o = 2/4; p_e = (3/4)(1/4) + (1/4)(2/4) = 5/16; kappa = (8/16 − 5/16) / (11/16) = 3/11.
    const ids = ['c1', 'c2', 'c3', 'c4'];
    const a = ['accept', 'accept', 'discard', 'accept'] as const;
    const b = ['accept', 'discard', 'discard', 'revise'] as const;
    const decisions = new Map<string, QuestionDecision[]>();
    for (const [i, id] of ids.entries()) decisions.set(id, [d(id, 'a', a[i] as never), d(id, 'b', b[i] as never)]);
    decisions.get('c2')?.push(d('c2', 'adj', 'accept', 'adjudicator'));
    const states = [
      { image, candidates: [...ids.map((id) => cand(id, 1)), cand('c5', 2)] } as unknown as ImageQuestions,
    ];
    expect(roundAgreement(states, decisions)).toEqual([
      { round: 1, candidates: 4, paired: 4, agreement: 0.5, kappa: 3 / 11, adjudicated: 1 },
      { round: 2, candidates: 1, paired: 0, agreement: null, kappa: null, adjudicated: 0 },
    ]);
  });
});

describe('changelog', () => {
  const q = (id: string, checks: string, n = 3) => ({
    question_id: id,
    question: `${id}?`,
    rubric_hash: 'h',
    checks_hash: checks,
    checks: n,
  });
  it('names added, removed and changed questions against the previous release', () => {
    expect(changelog(null, [q('a', 'x')])).toEqual(['first release: 1 question(s)']);
    expect(changelog([q('a', 'x'), q('b', 'y')], [q('a', 'x2', 4), q('c', 'z')])).toEqual([
      'changed the rubric of a: 3 → 4 checks',
      'added c: c?',
      'removed b',
    ]);
    expect(changelog([q('a', 'x')], [q('a', 'x')])).toEqual(['no changes']);
  });
});
