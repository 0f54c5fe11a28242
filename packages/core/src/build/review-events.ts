import type { ReviewEventInput, ReviewQueue } from '../schema/review.js';
import type { QuestionDecision } from './question-decisions.js';
import type { RubricEdit } from './rubric-overlay.js';

/**
 * Decisions and edits written as files ("decisions as files", `gamut build review-import`) as the
 * review events the review workspace keeps: what a script or the demo's scripted reviewers append
 * through `gamut review import`'s checks. Event ids are `<queue>-<n>`, n counting from `first`.
 */
export function decisionEvents(
  ownerId: string,
  queueId: string,
  decisions: readonly QuestionDecision[],
  first = 1,
): ReviewEventInput[] {
  return decisions.map((d, i) => {
    const base = {
      id: `${queueId}-${first + i}`,
      owner_id: ownerId,
      queue_id: queueId,
      item_id: d.candidate,
      who: d.author,
      at: d.at,
      reason: d.reason,
    };
    if (d.role === 'adjudicator') {
      const change = d.text !== undefined ? { change: { text: d.text } } : {};
      return { ...base, role: 'adjudicator', kind: 'adjudicate', value: d.decision, round: 2, ...change };
    }
    if (d.decision === 'revise')
      return { ...base, role: 'annotator', kind: 'revise', change: { text: d.text ?? '' }, round: 1 };
    return { ...base, role: 'annotator', kind: d.decision, round: 1 };
  });
}

/**
 * Rubric edits as `edit` events on the items of a rubric revision queue, each on its question's
 * item (an edit naming a question the queue lacks keeps the question id, which the import refuses).
 */
export function editEvents(
  ownerId: string,
  queue: Pick<ReviewQueue, 'id'> & { items: ReadonlyArray<Pick<ReviewQueue['items'][number], 'id' | 'payload'>> },
  edits: readonly RubricEdit[],
  first = 1,
): ReviewEventInput[] {
  const itemOf = new Map(queue.items.map((it) => [String(it.payload.question_id), it.id]));
  return edits.map(({ question_id, author, reason, at, ...change }, i) => ({
    id: `${queue.id}-${first + i}`,
    owner_id: ownerId,
    queue_id: queue.id,
    item_id: itemOf.get(question_id) ?? question_id,
    who: author,
    role: 'reviewer',
    at,
    reason,
    kind: 'edit',
    change,
  }));
}
