import { canonicalJson } from '../schema/canonical.js';
import type { ReviewEvent, ReviewQueue } from '../schema/review.js';

/** Event kinds that are a person's decision on an item; its value is `value` for a label, else the kind. */
const DECISIONS = new Set<ReviewEvent['kind']>(['label', 'accept', 'revise', 'discard', 'confirm', 'reject']);

/** One person's standing decision on an item: the latest of theirs not undone. */
export interface ItemDecision {
  who: string;
  value: string;
  reason: string;
  at: string;
  round: number;
  event_id: string;
  /** What a `revise` changes, or the edited change a wiki flag's confirmation carries. */
  change?: Record<string, unknown>;
}

/**
 * waiting: fewer people than the queue's `per_item` have decided; done: they all agree;
 * disagreement: they differ and no one has adjudicated; adjudicated: an adjudicator decided.
 */
export type ItemStatus = 'waiting' | 'done' | 'disagreement' | 'adjudicated';

export interface ItemState {
  item_id: string;
  status: ItemStatus;
  /** Decisions by person, in the order each first decided. */
  decisions: ItemDecision[];
  adjudication: ItemDecision | null;
  /** The item's value: the agreed one when done, the adjudicator's when adjudicated, else null. */
  final: string | null;
  /** Comments and edits not undone, in order. */
  notes: Array<{ who: string; kind: 'comment' | 'edit'; reason: string; at: string; change?: Record<string, unknown> }>;
}

export interface QueueState {
  queue_id: string;
  /** In the queue's item order. */
  items: ItemState[];
  byId: ReadonlyMap<string, ItemState>;
  counts: Record<ItemStatus, number>;
}

/** Ids of the events that an undo reverses (an undo itself is never reversed). */
export function undoneIds(events: readonly ReviewEvent[]): Set<string> {
  const out = new Set<string>();
  for (const e of events) if (e.kind === 'undo') out.add(e.undoes);
  return out;
}

/** The events that still stand: undone ones and the undos themselves left out, order kept. */
export function standingEvents(events: readonly ReviewEvent[]): ReviewEvent[] {
  const undone = undoneIds(events);
  return events.filter((e) => e.kind !== 'undo' && !undone.has(e.id));
}

function decisionOf(e: ReviewEvent): ItemDecision {
  return {
    who: e.who,
    value: e.kind === 'label' || e.kind === 'adjudicate' ? e.value : e.kind,
    reason: e.reason,
    at: e.at,
    round: e.round,
    event_id: e.id,
    ...((e.kind === 'revise' || ((e.kind === 'adjudicate' || e.kind === 'confirm') && e.change !== undefined)) && {
      change: e.change,
    }),
  };
}

function stateFromStanding(queue: ReviewQueue, itemId: string, standing: readonly ReviewEvent[]): ItemState {
  const byWho = new Map<string, ItemDecision>();
  let adjudication: ItemDecision | null = null;
  const notes: ItemState['notes'] = [];
  for (const e of standing) {
    if (e.kind === 'adjudicate') adjudication = decisionOf(e);
    else if (DECISIONS.has(e.kind)) byWho.set(e.who, decisionOf(e));
    else if (e.kind === 'comment') notes.push({ who: e.who, kind: 'comment', reason: e.reason, at: e.at });
    else if (e.kind === 'edit') notes.push({ who: e.who, kind: 'edit', reason: e.reason, at: e.at, change: e.change });
  }
  const decisions = [...byWho.values()];
  // Two revisions agree only when they change the same things the same way.
  const values = new Set(decisions.map((d) => (d.change ? `${d.value} ${canonicalJson(d.change)}` : d.value)));
  let status: ItemStatus;
  let final: string | null = null;
  if (adjudication !== null) {
    status = 'adjudicated';
    final = adjudication.value;
  } else if (decisions.length < queue.per_item) status = 'waiting';
  else if (values.size === 1) {
    status = 'done';
    final = decisions[0]?.value ?? null;
  } else status = 'disagreement';
  return { item_id: itemId, status, decisions, adjudication, final, notes };
}

/** Every item's state, derived from the events alone: the same events always give the same state. */
export function queueState(queue: ReviewQueue, events: readonly ReviewEvent[]): QueueState {
  const standing = standingEvents(events.filter((e) => e.queue_id === queue.id && e.owner_id === queue.owner_id));
  const perItem = new Map<string, ReviewEvent[]>();
  for (const e of standing) {
    const list = perItem.get(e.item_id) ?? [];
    list.push(e);
    perItem.set(e.item_id, list);
  }
  const items = queue.items.map((it) => stateFromStanding(queue, it.id, perItem.get(it.id) ?? []));
  const counts: Record<ItemStatus, number> = { waiting: 0, done: 0, disagreement: 0, adjudicated: 0 };
  for (const s of items) counts[s.status]++;
  return { queue_id: queue.id, items, byId: new Map(items.map((s) => [s.item_id, s])), counts };
}

/**
 * What `who`'s next undo reverses: their latest event in the queue that still stands, or null.
 * An undo reverses the person's last action, then the one before, and so on.
 */
export function undoTarget(queueId: string, who: string, events: readonly ReviewEvent[]): ReviewEvent | null {
  const standing = standingEvents(events.filter((e) => e.queue_id === queueId && e.who === who));
  return standing.at(-1) ?? null;
}
