import {
  canonicalJson,
  checkReviewEvent,
  counted,
  fromZodError,
  InputError,
  type Issue,
  ReviewEvent,
} from '@gamut/core';
import { readRecords } from '@gamut/node';
import { type ReviewRun, withReviewRun } from './review-run.js';

export interface ImportOptions {
  store?: string;
}

/** Records as `readRecords` gives them: a value and the line it came from. */
export type EventRecords = ReadonlyArray<{ value: unknown; line?: number }>;

/**
 * Appends the events of a file after checking every line against the store and the lines
 * before it: one bad line and nothing is stored. Events already stored as they are are skipped,
 * so importing an export again changes nothing.
 */
export async function importEvents(dir: string, file: string, o: ImportOptions): Promise<void> {
  const records = await readRecords(file);
  await withReviewRun(dir, o.store, async (r) => {
    const { imported, skipped } = await appendEventRecords(r, records, file);
    process.stdout.write(
      `Imported ${counted(imported, 'review event')} from ${file}${skipped ? ` (${skipped} already stored)` : ''}\n`,
    );
  });
}

/** The checks and the append of `gamut review import`, for events from a file or made by a script. */
export async function appendEventRecords(
  r: ReviewRun,
  records: EventRecords,
  file: string,
): Promise<{ imported: number; skipped: number }> {
  const [queues, annotators, stored] = await Promise.all([
    r.store.listReviewQueues(r.ownerId),
    r.store.listAnnotators(r.ownerId),
    r.store.listReviewEvents(r.ownerId),
  ]);
  const byId = new Map(stored.map((e) => [e.id, e]));
  const accepted: ReviewEvent[] = [];
  const issues: Issue[] = [];
  let skipped = 0;
  for (const rec of records) {
    const at = { file, ...(rec.line !== undefined && { line: rec.line }) };
    const parsed = ReviewEvent.safeParse(rec.value);
    if (!parsed.success) {
      issues.push(...fromZodError(parsed.error, rec.value, at));
      continue;
    }
    const e = parsed.data;
    const fail = (rule: string, message: string) => issues.push({ ...at, rule, message, item: e.item_id });
    if (e.owner_id !== r.ownerId) {
      fail('other-run', `event "${e.id}" belongs to ${e.owner_id}, not to ${r.label}`);
      continue;
    }
    const same = byId.get(e.id);
    if (same !== undefined && canonicalJson(same) === canonicalJson(e)) {
      skipped++;
      continue;
    }
    const problem = checkReviewEvent(e, { queues, annotators, events: [...stored, ...accepted] });
    if (problem) fail(problem.rule, problem.message);
    else {
      accepted.push(e);
      byId.set(e.id, e);
    }
  }
  if (issues.length) throw new InputError(issues);
  await r.store.appendReviewEvents(accepted);
  return { imported: accepted.length, skipped };
}
