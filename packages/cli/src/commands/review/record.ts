import { InputError, mayWork, nextItemId, queueState, type ReviewEventInput, undoTarget } from '@gamut/core';
import { appendChecked, eventFrom, newEventId, nowIso, personOf, pickQueue, withReviewRun } from './review-run.js';

export interface DecisionOptions {
  token: string;
  item: string;
  verdict: string;
  note?: string;
  queue?: string;
  store?: string;
}

/** `gamut review label|adjudicate`: one checked event, then where the person stands. */
export async function recordDecision(kind: 'label' | 'adjudicate', dir: string, o: DecisionOptions): Promise<void> {
  await withReviewRun(dir, o.store, async (r) => {
    const who = await personOf(r, o.token);
    const queue = pickQueue(await r.store.listReviewQueues(r.ownerId), r, o.queue, o.item);
    const input: ReviewEventInput = {
      id: newEventId(),
      owner_id: r.ownerId,
      queue_id: queue.id,
      item_id: o.item,
      who: who.name,
      role: who.role,
      round: kind === 'adjudicate' ? 2 : 1,
      at: nowIso(),
      reason: o.note ?? '',
      kind,
      value: o.verdict,
    };
    await appendChecked(r, eventFrom(input));
    const state = queueState(queue, await r.store.listReviewEvents(r.ownerId, { queueId: queue.id }));
    const next = nextItemId(queue, state, who, o.item);
    process.stdout.write(
      `${who.name} ${kind === 'label' ? 'labelled' : 'adjudicated'} ${queue.id}/${o.item} ${o.verdict}; ` +
        `${next === null ? 'nothing left for you in this queue' : `next: ${next}`}\n`,
    );
  });
}

export interface UndoOptions {
  token: string;
  queue?: string;
  store?: string;
}

/** `gamut review undo`: reverses the person's last standing event with a new one. */
export async function recordUndo(dir: string, o: UndoOptions): Promise<void> {
  await withReviewRun(dir, o.store, async (r) => {
    const who = await personOf(r, o.token);
    const mine = (await r.store.listReviewQueues(r.ownerId)).filter((q) => mayWork(q, who));
    const queue = pickQueue(mine, r, o.queue);
    const last = undoTarget(queue.id, who.name, await r.store.listReviewEvents(r.ownerId, { queueId: queue.id }));
    if (last === null)
      throw new InputError({ rule: 'nothing-to-undo', message: `${who.name} has nothing to undo in ${queue.id}` });
    await appendChecked(
      r,
      eventFrom({
        id: newEventId(),
        owner_id: r.ownerId,
        queue_id: queue.id,
        item_id: last.item_id,
        who: who.name,
        role: who.role,
        round: last.round,
        at: nowIso(),
        kind: 'undo',
        undoes: last.id,
      }),
    );
    process.stdout.write(`${who.name} undid ${last.kind} on ${queue.id}/${last.item_id}\n`);
  });
}
