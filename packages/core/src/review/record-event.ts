import { InputError } from '../issues/errors.js';
import type { ReviewEventInput } from '../schema/review.js';
import { mayWork, nextItemId } from './blind.js';
import { queueState, undoTarget } from './item-state.js';
import { appendChecked, eventFrom, personOf, pickQueue, type ReviewOwner } from './review-owner.js';

/** What a command decides on one item; the person, queue, id and time are added by `recordDecision`. */
export type Decided = ReviewEventInput extends infer E
  ? E extends ReviewEventInput
    ? Omit<E, 'id' | 'owner_id' | 'queue_id' | 'item_id' | 'who' | 'role' | 'at'>
    : never
  : never;

/** A new event's id and time: the caller's (core has no randomness or clock). */
export interface EventStamp {
  id: string;
  now: string;
}

/**
 * Appends one person's checked decision on `o.item` and returns the line saying what they did
 * (`did`, `what`) and what is next for them in the queue.
 */
export async function recordDecision(
  r: ReviewOwner,
  o: { token: string; item: string; queue?: string },
  said: { did: string; what: string },
  decided: Decided,
  stamp: EventStamp,
): Promise<string> {
  const who = await personOf(r, o.token);
  const queue = pickQueue(await r.store.listReviewQueues(r.ownerId), r, o.queue, o.item);
  const input = {
    ...decided,
    id: stamp.id,
    owner_id: r.ownerId,
    queue_id: queue.id,
    item_id: o.item,
    who: who.name,
    role: who.role,
    at: stamp.now,
  } as ReviewEventInput;
  await appendChecked(r, eventFrom(input));
  const state = queueState(queue, await r.store.listReviewEvents(r.ownerId, { queueId: queue.id }));
  const next = nextItemId(queue, state, who, o.item);
  return (
    `${who.name} ${said.did} ${queue.id}/${o.item}${said.what ? ` ${said.what}` : ''}; ` +
    `${next === null ? 'nothing left for you in this queue' : `next: ${next}`}\n`
  );
}

/** Reverses the person's last standing event with a new one; returns the line saying so. */
export async function recordUndo(
  r: ReviewOwner,
  o: { token: string; queue?: string },
  stamp: EventStamp,
): Promise<string> {
  const who = await personOf(r, o.token);
  const mine = (await r.store.listReviewQueues(r.ownerId)).filter((q) => mayWork(q, who));
  const queue = pickQueue(mine, r, o.queue);
  const last = undoTarget(queue.id, who.name, await r.store.listReviewEvents(r.ownerId, { queueId: queue.id }));
  if (last === null)
    throw new InputError({ rule: 'nothing-to-undo', message: `${who.name} has nothing to undo in ${queue.id}` });
  await appendChecked(
    r,
    eventFrom({
      id: stamp.id,
      owner_id: r.ownerId,
      queue_id: queue.id,
      item_id: last.item_id,
      who: who.name,
      role: who.role,
      round: last.round,
      at: stamp.now,
      kind: 'undo',
      undoes: last.id,
    }),
  );
  return `${who.name} undid ${last.kind} on ${queue.id}/${last.item_id}\n`;
}
