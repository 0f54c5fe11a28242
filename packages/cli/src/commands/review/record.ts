import { type Decided, recordDecision as record, recordUndo as undo } from '@gamut/core';
import { stamp, withReviewRun } from './review-run.js';

interface ItemOptions {
  token: string;
  item: string;
  queue?: string;
  store?: string;
}

/** Appends one person's checked decision on `o.item` and says what is next for them. */
async function recordOne(dir: string, o: ItemOptions, did: string, what: string, decided: Decided): Promise<void> {
  const line = await withReviewRun(dir, o.store, (r) => record(r, o, { did, what }, decided, stamp()));
  process.stdout.write(line);
}

/** `gamut review label|adjudicate`: one checked event, then where the person stands. */
export async function recordDecision(
  kind: 'label' | 'adjudicate',
  dir: string,
  o: ItemOptions & { verdict: string; note?: string },
): Promise<void> {
  await recordOne(dir, o, kind === 'label' ? 'labelled' : 'adjudicated', o.verdict, {
    round: kind === 'adjudicate' ? 2 : 1,
    reason: o.note ?? '',
    kind,
    value: o.verdict,
  });
}

/** `gamut review confirm|reject`: a reviewer's checked decision on one wiki-QA flag. */
export async function recordFlagDecision(
  kind: 'confirm' | 'reject',
  dir: string,
  o: ItemOptions & { reason: string },
): Promise<void> {
  await recordOne(dir, o, kind === 'confirm' ? 'confirmed' : 'rejected', '', { kind, reason: o.reason });
}

/** `gamut review undo`: reverses the person's last standing event with a new one. */
export async function recordUndo(dir: string, o: { token: string; queue?: string; store?: string }): Promise<void> {
  process.stdout.write(await withReviewRun(dir, o.store, (r) => undo(r, o, stamp())));
}
