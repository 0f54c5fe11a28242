import { Tier } from '../schema/ids.js';
import type { ReviewEvent, ReviewQueue } from '../schema/review.js';

/** What each rubric edit needs besides its reason: the check it edits, the new text, the new tier. */
export const EDIT_NEEDS = {
  reword: ['check', 'text'],
  retier: ['check', 'tier'],
  delete: ['check'],
  add: ['text', 'tier'],
} as const satisfies Record<string, ReadonlyArray<'check' | 'text' | 'tier'>>;
export type EditOp = keyof typeof EDIT_NEEDS;
export const EDIT_OPS = Object.keys(EDIT_NEEDS) as EditOp[];

type Problem = { rule: string; message: string } | null;

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;

/**
 * What a build's queue asks of an event beyond the workspace's rules: a question decision and a
 * rubric edit carry a reason, a revision its new question in `change.text`, an edit a valid
 * operation on a check in `change`.
 */
export function buildEventProblem(queue: ReviewQueue, e: ReviewEvent): Problem {
  if (queue.kind === 'question_review') return questionProblem(e);
  if (queue.kind === 'rubric_revision' && e.kind === 'edit') return editProblem(e.change, e.reason);
  return null;
}

function questionProblem(e: ReviewEvent): Problem {
  const revises = e.kind === 'revise' || (e.kind === 'adjudicate' && e.value === 'revise');
  if (!revises && e.kind !== 'accept' && e.kind !== 'discard' && e.kind !== 'adjudicate') return null;
  if (!nonEmpty(e.reason)) return { rule: 'reason-required', message: `a ${e.kind} of a candidate needs a reason` };
  const change = e.kind === 'revise' || e.kind === 'adjudicate' ? e.change : undefined;
  if (revises && !nonEmpty(change?.text)) {
    const what = e.kind === 'adjudicate' ? 'an adjudicated revision' : 'a revision';
    return { rule: 'revision-text', message: `${what} needs the new question in change.text` };
  }
  if (!revises && change?.text !== undefined) {
    return { rule: 'revision-text', message: 'only a revision has a change.text' };
  }
  return null;
}

function editProblem(change: Record<string, unknown>, reason: string): Problem {
  const shape = '(an edit is {op: reword|retier|add|delete, check, text, tier, was})';
  if (!nonEmpty(reason)) return { rule: 'reason-required', message: 'a rubric edit needs a reason' };
  const op = change.op;
  if (typeof op !== 'string' || !(op in EDIT_NEEDS)) {
    return { rule: 'rubric-edit', message: `change.op must be one of ${EDIT_OPS.join(', ')} ${shape}` };
  }
  for (const field of EDIT_NEEDS[op as EditOp]) {
    if (!nonEmpty(change[field])) return { rule: 'rubric-edit', message: `change.${field}: ${op} needs it ${shape}` };
  }
  if (change.tier !== undefined && !Tier.safeParse(change.tier).success) {
    return { rule: 'rubric-edit', message: `change.tier must be one of ${Tier.options.join(', ')}` };
  }
  const known = new Set(['op', 'check', 'text', 'tier', 'was']);
  const extra = Object.keys(change).find((k) => !known.has(k));
  if (extra !== undefined) return { rule: 'rubric-edit', message: `change.${extra} is not part of an edit ${shape}` };
  return null;
}
