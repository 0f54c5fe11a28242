import type { Annotator, ReviewQueue, ReviewQueueKind } from '../schema/review.js';
import { QUEUE_ACTIONS } from './check-event.js';
import type { ItemDecision, ItemState, QueueState } from './item-state.js';

/** Payload fields nobody reviewing may see: the model's name (its reputation must not sway the label). */
const HIDDEN_PAYLOAD: Record<ReviewQueueKind, readonly string[]> = {
  verdict_label: ['model'],
  wiki_flag: [],
  question_review: [],
  rubric_revision: [],
};

type Shown = Pick<ItemDecision, 'who' | 'value' | 'reason' | 'at' | 'change'>;

/** One item as a given person may see it. */
export interface BlindItem {
  queue_id: string;
  item_id: string;
  /** 1-based place in the queue, and its length. */
  position: number;
  total: number;
  /** The item's payload without what is hidden (for verdict_label: no `model`); never the stratum. */
  payload: Record<string, unknown>;
  /** The values a decision may take. */
  labels: string[];
  /** The viewer's own standing decision. */
  mine: Shown | null;
  /** Everyone's decisions with their notes: only for an adjudicator, else null. */
  decisions: Shown[] | null;
  /** The adjudication, for an adjudicator; null otherwise. */
  adjudication: Shown | null;
  /** Comments and edits: an adjudicator sees all, anyone else only their own. */
  notes: ItemState['notes'];
}

const shown = (d: ItemDecision): Shown => ({
  who: d.who,
  value: d.value,
  reason: d.reason,
  at: d.at,
  // A revision is shown with what it changes (a build question's new text).
  ...(d.change !== undefined && { change: d.change }),
});

/** Whether `viewer`'s role works this kind of queue at all. */
export function mayWork(queue: ReviewQueue, viewer: Pick<Annotator, 'role'>): boolean {
  return QUEUE_ACTIONS[queue.kind][viewer.role] !== undefined;
}

/**
 * What `viewer` may see of one item: blind double annotation means not the other person's
 * decision, not the judge's verdict (never in a payload; the stratum is left out) and not the
 * model's name. An adjudicator sees every decision and note, still without judge or model.
 */
export function blindItem(queue: ReviewQueue, state: QueueState, itemId: string, viewer: Annotator): BlindItem | null {
  const index = queue.items.findIndex((it) => it.id === itemId);
  const item = queue.items[index];
  const s = state.byId.get(itemId);
  if (!item || !s || !mayWork(queue, viewer)) return null;
  const hidden = new Set(HIDDEN_PAYLOAD[queue.kind]);
  const payload = Object.fromEntries(Object.entries(item.payload).filter(([k]) => !hidden.has(k)));
  const adjudicator = viewer.role === 'adjudicator';
  const own = s.decisions.find((d) => d.who === viewer.name);
  const mine = adjudicator ? s.adjudication : own;
  return {
    queue_id: queue.id,
    item_id: item.id,
    position: index + 1,
    total: queue.items.length,
    payload,
    labels: [...queue.labels],
    mine: mine ? shown(mine) : null,
    decisions: adjudicator ? s.decisions.map(shown) : null,
    adjudication: adjudicator && s.adjudication ? shown(s.adjudication) : null,
    notes: adjudicator ? s.notes : s.notes.filter((n) => n.who === viewer.name),
  };
}

/** Whether an item is `viewer`'s to decide now: adjudicators take disagreements, the rest items still open to them. */
export function isOpenFor(queue: ReviewQueue, s: ItemState, viewer: Annotator): boolean {
  if (viewer.role === 'adjudicator') return s.status === 'disagreement';
  if (s.status === 'adjudicated' || s.decisions.some((d) => d.who === viewer.name)) return false;
  return s.decisions.length < queue.per_item;
}

/**
 * The item `viewer` should work next, after `after` when given (wrapping round): the first
 * open to them in queue order. Null when nothing is left; the position survives a reload
 * because it is derived from the events.
 */
export function nextItemId(queue: ReviewQueue, state: QueueState, viewer: Annotator, after?: string): string | null {
  if (!mayWork(queue, viewer)) return null;
  const start = after === undefined ? 0 : queue.items.findIndex((it) => it.id === after) + 1;
  const n = state.items.length;
  for (let k = 0; k < n; k++) {
    const s = state.items[(start + k) % n] as ItemState;
    if (isOpenFor(queue, s, viewer)) return s.item_id;
  }
  return null;
}
