import type {
  Annotator,
  ReviewEvent,
  ReviewEventKind,
  ReviewQueue,
  ReviewQueueKind,
  ReviewRole,
} from '../schema/review.js';
import { buildEventProblem } from './build-event-rules.js';
import { queueState, undoTarget } from './item-state.js';
import { wikiFlagEventProblem } from './wiki-flag-rules.js';

type Acts = Partial<Record<ReviewRole, readonly ReviewEventKind[]>>;
const NOTES: readonly ReviewEventKind[] = ['comment', 'undo'];

/** Who may do what on each kind of queue: one role decides, the adjudicator resolves their disagreements. */
export const QUEUE_ACTIONS: Record<ReviewQueueKind, Acts> = {
  verdict_label: { annotator: ['label', ...NOTES], adjudicator: ['adjudicate', ...NOTES] },
  wiki_flag: { reviewer: ['confirm', 'reject', ...NOTES], adjudicator: ['adjudicate', ...NOTES] },
  // Two annotators, blind to each other, decide every candidate question of a build.
  question_review: {
    annotator: ['accept', 'revise', 'discard', ...NOTES],
    adjudicator: ['adjudicate', ...NOTES],
  },
  rubric_revision: {
    reviewer: ['accept', 'revise', 'discard', 'edit', ...NOTES],
    adjudicator: ['adjudicate', ...NOTES],
  },
};

/** The roles that work a kind of queue: a token of another role does not see it. */
export function queueRoles(kind: ReviewQueueKind): ReviewRole[] {
  return Object.keys(QUEUE_ACTIONS[kind]) as ReviewRole[];
}

export interface EventProblem {
  rule: string;
  message: string;
}

export interface EventContext {
  queues: readonly ReviewQueue[];
  annotators: readonly Annotator[];
  /** The owner's events already stored (or accepted before this one). */
  events: readonly ReviewEvent[];
}

/**
 * Whether an event may be appended after `context.events`: its queue, item and person exist,
 * the person acts in their own role and may do this on this kind of queue, a value is one of
 * the queue's labels, an item is decided by at most `per_item` people, only a disagreement is
 * adjudicated, an undo reverses the person's own last standing event, and no id repeats.
 */
export function checkReviewEvent(event: ReviewEvent, context: EventContext): EventProblem | null {
  const queue = context.queues.find((q) => q.id === event.queue_id && q.owner_id === event.owner_id);
  if (!queue) return { rule: 'unknown-queue', message: `no review queue "${event.queue_id}" in ${event.owner_id}` };
  if (!queue.items.some((it) => it.id === event.item_id)) {
    return { rule: 'unknown-item', message: `queue "${queue.id}" has no item "${event.item_id}"` };
  }
  const person = context.annotators.find((a) => a.name === event.who && a.owner_id === event.owner_id);
  if (!person) {
    return {
      rule: 'unknown-annotator',
      message: `"${event.who}" is not an annotator of ${event.owner_id} (add them with gamut review add-annotator)`,
    };
  }
  if (person.role !== event.role) {
    return { rule: 'wrong-role', message: `"${event.who}" is ${person.role}, not ${event.role}` };
  }
  const allowed = QUEUE_ACTIONS[queue.kind][person.role] ?? [];
  if (!allowed.includes(event.kind)) {
    return {
      rule: 'not-allowed',
      message: `a ${person.role} cannot ${event.kind} on a ${queue.kind} queue${allowed.length ? ` (may: ${allowed.join(', ')})` : ''}`,
    };
  }
  if (context.events.some((e) => e.id === event.id && e.owner_id === event.owner_id)) {
    return { rule: 'duplicate-event', message: `event id "${event.id}" is taken` };
  }
  if (event.kind === 'undo') return checkUndo(event, context.events);
  const shaped = buildEventProblem(queue, event) ?? wikiFlagEventProblem(queue, event);
  if (shaped) return shaped;
  const value = event.kind === 'label' || event.kind === 'adjudicate' ? event.value : event.kind;
  const decides = event.kind !== 'comment' && event.kind !== 'edit';
  if (decides && !queue.labels.includes(value)) {
    return { rule: 'unknown-label', message: `"${value}" is not a label of this queue (${queue.labels.join(', ')})` };
  }
  const state = queueState(queue, context.events).byId.get(event.item_id);
  if (event.kind === 'adjudicate') {
    if (state?.status !== 'disagreement' && state?.status !== 'adjudicated') {
      return {
        rule: 'nothing-to-adjudicate',
        message: `item "${event.item_id}" is ${state?.status ?? 'waiting'}: only a disagreement is adjudicated`,
      };
    }
    return null;
  }
  if (decides && state) {
    const others = state.decisions.filter((d) => d.who !== event.who);
    if (others.length >= queue.per_item) {
      return {
        rule: 'item-full',
        message: `item "${event.item_id}" already has ${others.length} decisions (the queue asks for ${queue.per_item})`,
      };
    }
  }
  return null;
}

function checkUndo(event: ReviewEvent & { kind: 'undo' }, events: readonly ReviewEvent[]): EventProblem | null {
  const last = undoTarget(event.queue_id, event.who, events);
  if (last === null) return { rule: 'nothing-to-undo', message: `"${event.who}" has nothing left to undo` };
  if (last.id !== event.undoes) {
    return {
      rule: 'undo-not-last',
      message: `an undo reverses "${event.who}"'s last standing event, "${last.id}", not "${event.undoes}"`,
    };
  }
  if (last.item_id !== event.item_id) {
    return { rule: 'undo-other-item', message: `event "${last.id}" is on item "${last.item_id}"` };
  }
  return null;
}
