import { describe, expect, it } from 'vitest';
import { checkReviewEvent } from '../review/check-event.js';
import { queueState } from '../review/item-state.js';
import { ev, people } from '../review/review-fixtures.test-helpers.js';
import type { ReviewEvent, ReviewQueue } from '../schema/review.js';
import { questionDecisionsOf, questionQueue, rubricEditsOf, rubricQueue } from './build-review.js';
import type { Candidate } from './candidates.js';
import { resolveCandidate } from './question-decisions.js';

const AT = '2026-12-01T10:00:00.000Z';
const candidate = (id: string, round = 1): Candidate => ({
  id,
  imageId: id.split('.')[0] as string,
  round,
  origin: 'generated',
  question: `question ${id}`,
  textOnlyQuestion: null,
  parent: null,
});
const onQueue = (queue: string, e: ReviewEvent): ReviewEvent => ({ ...e, queue_id: queue });

describe('the build’s review queues', () => {
  const first = questionQueue('run-1', [], [candidate('a.r1.c1'), candidate('a.r1.c2')], AT) as ReviewQueue;

  it('queues only candidates no queue holds yet, under the next free id', () => {
    expect(first).toMatchObject({ id: 'questions-1', kind: 'question_review', per_item: 2 });
    expect(first.items.map((it) => it.id)).toEqual(['a.r1.c1', 'a.r1.c2']);
    expect(first.items[0]?.payload).toEqual({
      candidate: 'a.r1.c1',
      image_id: 'a',
      round: 1,
      question: 'question a.r1.c1',
      text_only_question: null,
    });
    expect(questionQueue('run-1', [first], [candidate('a.r1.c2')], AT)).toBeNull();
    const next = questionQueue('run-1', [first], [candidate('a.r1.c2'), candidate('a.r2.v1', 2)], AT);
    expect(next?.id).toBe('questions-2');
    expect(next?.items.map((it) => it.id)).toEqual(['a.r2.v1']);
    const rubrics = rubricQueue('run-1', [first], [{ question_id: 'q-a', pass: 1 }], AT);
    expect(rubrics).toMatchObject({ id: 'rubrics-1', per_item: 1, items: [{ id: 'q-a.p1' }] });
  });

  it('two revisions with different texts disagree and go to the adjudicator, whose text stands', () => {
    const q = (e: ReviewEvent) => onQueue('questions-1', e);
    const annotators = [
      q(ev('ann', 'a.r1.c1', { kind: 'revise', change: { text: 'Shorter?' }, reason: 'long' })),
      q(ev('bo', 'a.r1.c1', { kind: 'revise', change: { text: 'Other?' }, reason: 'vague' })),
    ];
    expect(queueState(first, annotators).byId.get('a.r1.c1')?.status).toBe('disagreement');
    const adjudication = q(
      ev('민지', 'a.r1.c1', { kind: 'adjudicate', value: 'revise', change: { text: 'Final?' }, reason: 'both' }),
    );
    const context = { queues: [first], annotators: people, events: annotators };
    expect(checkReviewEvent(adjudication, context)).toBeNull();
    const decisions = questionDecisionsOf([first], [...annotators, adjudication]);
    expect(resolveCandidate(decisions)).toEqual({
      status: 'revised',
      text: 'Final?',
      agreed: false,
      reasons: ['long', 'vague', 'both'],
    });
  });

  it('an undone decision no longer counts', () => {
    const accept = onQueue('questions-1', ev('ann', 'a.r1.c2', { kind: 'accept', reason: 'fine' }));
    const undo = onQueue('questions-1', ev('ann', 'a.r1.c2', { kind: 'undo', undoes: accept.id }));
    expect(questionDecisionsOf([first], [accept])).toHaveLength(1);
    expect(questionDecisionsOf([first], [accept, undo])).toEqual([]);
  });

  it('refuses a decision without a reason, a revision without its text, and a malformed edit', () => {
    const context = { queues: [first], annotators: people, events: [] };
    const check = (e: ReviewEvent) => checkReviewEvent(onQueue('questions-1', e), context)?.rule ?? null;
    expect(check(ev('ann', 'a.r1.c1', { kind: 'accept' }))).toBe('reason-required');
    expect(check(ev('ann', 'a.r1.c1', { kind: 'revise', change: { txt: 'x' }, reason: 'r' }))).toBe('revision-text');
    expect(check(ev('ann', 'a.r1.c1', { kind: 'discard', reason: 'dull' }))).toBeNull();
    // Question review is the annotators' work: a reviewer may not decide there.
    expect(check(ev('rev', 'a.r1.c1', { kind: 'accept', reason: 'ok' }))).toBe('not-allowed');

    const rubrics = rubricQueue('run-1', [], [{ question_id: 'q-a', pass: 1 }], AT) as ReviewQueue;
    const edit = (change: Record<string, string>, reason = 'why') =>
      onQueue('rubrics-1', ev('rev', 'q-a.p1', { kind: 'edit', change, reason }));
    const rctx = { queues: [rubrics], annotators: people, events: [] };
    expect(checkReviewEvent(edit({ op: 'retier', check: 'I1.fact' }), rctx)?.rule).toBe('rubric-edit');
    expect(checkReviewEvent(edit({ op: 'delete', check: 'I1.fact' }, ''), rctx)?.rule).toBe('reason-required');
    const ok = edit({ op: 'retier', check: 'I1.fact', tier: 'valuable' });
    expect(checkReviewEvent(ok, rctx)).toBeNull();
    expect(rubricEditsOf([rubrics], [ok])).toEqual([
      {
        question_id: 'q-a',
        op: 'retier',
        check: 'I1.fact',
        tier: 'valuable',
        reason: 'why',
        author: 'rev',
        at: ok.at,
      },
    ]);
  });
});
