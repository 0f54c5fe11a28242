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
  await recordOne(dir, o, kind === 'label' ? 'labelled' : 'adjudicated', o.verdict, {
    round: kind === 'adjudicate' ? 2 : 1,
    reason: o.note ?? '',
    kind,
    value: o.verdict,
  });
}

/** What a command decides on one item; the person, queue, id and time are added by `recordOne`. */
type Decided = ReviewEventInput extends infer E
  ? E extends ReviewEventInput
    ? Omit<E, 'id' | 'owner_id' | 'queue_id' | 'item_id' | 'who' | 'role' | 'at'>
    : never
  : never;

/** Appends one person's checked decision on `o.item` and says what is next for them. */
async function recordOne(
  dir: string,
  o: { token: string; item: string; queue?: string; store?: string },
  did: string,
  what: string,
  decided: Decided,
): Promise<void> {
  await withReviewRun(dir, o.store, async (r) => {
    const who = await personOf(r, o.token);
    const queue = pickQueue(await r.store.listReviewQueues(r.ownerId), r, o.queue, o.item);
    const input = {
      ...decided,
      id: newEventId(),
      owner_id: r.ownerId,
      queue_id: queue.id,
      item_id: o.item,
      who: who.name,
      role: who.role,
      at: nowIso(),
    } as ReviewEventInput;
    await appendChecked(r, eventFrom(input));
    const state = queueState(queue, await r.store.listReviewEvents(r.ownerId, { queueId: queue.id }));
    const next = nextItemId(queue, state, who, o.item);
    process.stdout.write(
      `${who.name} ${did} ${queue.id}/${o.item}${what ? ` ${what}` : ''}; ` +
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

export interface FlagDecisionOptions {
  token: string;
  item: string;
  reason: string;
  queue?: string;
  store?: string;
}

/** `gamut review confirm|reject`: a reviewer's checked decision on one wiki-QA flag. */
export async function recordFlagDecision(
  kind: 'confirm' | 'reject',
  dir: string,
  o: FlagDecisionOptions,
): Promise<void> {
  await recordOne(dir, o, kind === 'confirm' ? 'confirmed' : 'rejected', '', { kind, reason: o.reason });
}
