import { describe, expect, it } from 'vitest';
import { ReviewEvent, type ReviewQueue } from '../schema/review.js';
import { questionDecisionsOf, questionQueue, rubricEditsOf, rubricQueue } from './build-review.js';
import type { QuestionDecision } from './question-decisions.js';
import { decisionEvents, editEvents } from './review-events.js';
import type { RubricEdit } from './rubric-overlay.js';

const AT = '2026-12-01T10:00:00.000Z';
const candidate = (id: string) => ({
  id,
  imageId: 'a',
  round: 1,
  origin: 'generated' as const,
  question: `question ${id}`,
  textOnlyQuestion: null,
  parent: null,
});

describe('decisions and edits written as files, as review events', () => {
  const questions = questionQueue('b-1', [], [candidate('a.r1.c1'), candidate('a.r1.c2')], AT) as ReviewQueue;
  const rubrics = rubricQueue('b-1', [questions], [{ question_id: 'q-a', pass: 2 }], AT) as ReviewQueue;

  it('a decision is the event the pipeline reads back as that decision', () => {
    const decisions: QuestionDecision[] = [
      { candidate: 'a.r1.c1', author: 'x', role: 'annotator', decision: 'accept', reason: 'ok', at: AT },
      { candidate: 'a.r1.c1', author: 'y', role: 'annotator', decision: 'revise', text: 'new?', reason: 'r', at: AT },
      {
        candidate: 'a.r1.c1',
        author: 'z',
        role: 'adjudicator',
        decision: 'revise',
        text: 'newer?',
        reason: 'j',
        at: AT,
      },
      { candidate: 'a.r1.c2', author: 'x', role: 'annotator', decision: 'discard', reason: 'no', at: AT },
    ];
    const events = decisionEvents('b-1', 'questions-1', decisions, 5).map((e) => ReviewEvent.parse(e));
    expect(events.map((e) => [e.id, e.kind, e.role])).toEqual([
      ['questions-1-5', 'accept', 'annotator'],
      ['questions-1-6', 'revise', 'annotator'],
      ['questions-1-7', 'adjudicate', 'adjudicator'],
      ['questions-1-8', 'discard', 'annotator'],
    ]);
    expect(events[2]).toMatchObject({ value: 'revise', change: { text: 'newer?' } });
    expect(questionDecisionsOf([questions], events)).toEqual(decisions);
  });

  it('an edit lands on its question’s item of the rubric queue and reads back as the edit', () => {
    const edits: RubricEdit[] = [
      { question_id: 'q-a', op: 'reword', check: 'I1.fact', text: 'Says more.', reason: 'vague', author: 'r', at: AT },
      { question_id: 'q-a', op: 'retier', check: 'I2.fact', tier: 'valuable', reason: 'minor', author: 'r', at: AT },
    ];
    const events = editEvents('b-1', rubrics, edits).map((e) => ReviewEvent.parse(e));
    expect(events.map((e) => [e.id, e.queue_id, e.item_id, e.kind])).toEqual([
      ['rubrics-1-1', 'rubrics-1', 'q-a.p2', 'edit'],
      ['rubrics-1-2', 'rubrics-1', 'q-a.p2', 'edit'],
    ]);
    expect(rubricEditsOf([rubrics], events)).toEqual(edits);
  });

  it('an edit of a question the queue lacks keeps its question id, an item no queue has', () => {
    const edit: RubricEdit = { question_id: 'q-b', op: 'delete', check: 'I1.fact', reason: 'x', author: 'r', at: AT };
    expect(editEvents('b-1', rubrics, [edit])[0]).toMatchObject({ item_id: 'q-b' });
  });
});
