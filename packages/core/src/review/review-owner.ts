import { InputError } from '../issues/errors.js';
import type { Issue } from '../issues/issue.js';
import { fromZodError } from '../issues/zod-issues.js';
import type { RunStore } from '../ports/store.js';
import type { ReportInput } from '../report/build-report.js';
import { canonicalJson } from '../schema/canonical.js';
import { Annotator, ReviewEvent, type ReviewEventInput, type ReviewQueue, type ReviewRole } from '../schema/review.js';
import { checkReviewEvent } from './check-event.js';
import { annotatorForToken, tokenHash } from './queue-page.js';

/** A run or build directory opened for review: the owner id its events are kept under, and its store. */
export interface ReviewOwner {
  dir: string;
  ownerId: string;
  /** A run directory or a build directory. */
  kind: 'run' | 'build';
  /** How messages name the owner: `run <id>` or `build <id>`. */
  label: string;
  run: ReportInput;
  store: RunStore;
}

/** An event from what a command was given; a value the schema refuses is an input error. */
export function eventFrom(input: ReviewEventInput): ReviewEvent {
  const parsed = ReviewEvent.safeParse(input);
  if (!parsed.success) throw new InputError(fromZodError(parsed.error, input, {}));
  return parsed.data;
}

/** The person a token names, or an input error saying how to get one. */
export async function personOf(r: ReviewOwner, token: string): Promise<Annotator> {
  const who = annotatorForToken(await r.store.listAnnotators(r.ownerId), token);
  if (!who) {
    throw new InputError({
      rule: 'unknown-token',
      message: `no annotator of ${r.label} has this token; \`gamut review add-annotator ${r.dir} --name N --role R\` gives one`,
    });
  }
  return who;
}

/** The queue named by `--queue`, or the only one that has `itemId` (any queue when no item is given). */
export function pickQueue(
  queues: readonly ReviewQueue[],
  r: Pick<ReviewOwner, 'kind' | 'dir' | 'label'>,
  id?: string,
  itemId?: string,
): ReviewQueue {
  if (id !== undefined) {
    const q = queues.find((x) => x.id === id);
    if (q) return q;
    throw new InputError({
      rule: 'unknown-queue',
      message: `${r.label} has no review queue "${id}"${queues.length ? `; queues: ${queues.map((x) => x.id).join(', ')}` : ''}`,
    });
  }
  const having = itemId === undefined ? queues : queues.filter((q) => q.items.some((it) => it.id === itemId));
  if (having.length === 1) return having[0] as ReviewQueue;
  throw new InputError({
    rule: having.length === 0 ? 'unknown-item' : 'ambiguous-queue',
    message:
      having.length === 0
        ? queues.length === 0
          ? `${r.label} has no review queue yet; ${makeQueue(r)}`
          : `no queue of ${r.label} has item "${itemId}"`
        : `several queues have ${itemId === undefined ? 'items' : `item "${itemId}"`}: name one with --queue (${having.map((q) => q.id).join(', ')})`,
  });
}

/** What makes a first queue: `gamut review queue` for a run, the build's own steps for a build. */
export const makeQueue = (r: Pick<ReviewOwner, 'kind' | 'dir'>): string =>
  r.kind === 'build'
    ? `\`gamut build questions ${r.dir}\` queues its candidates`
    : `\`gamut review queue ${r.dir} --sample N\` creates one`;

/** Appends one event after checking it against what is stored; a refused event is an input error (exit 2). */
export async function appendChecked(r: ReviewOwner, event: ReviewEvent): Promise<void> {
  const [queues, annotators, events] = await Promise.all([
    r.store.listReviewQueues(r.ownerId),
    r.store.listAnnotators(r.ownerId),
    r.store.listReviewEvents(r.ownerId),
  ]);
  const problem = checkReviewEvent(event, { queues, annotators, events });
  if (problem) throw new InputError({ rule: problem.rule, message: problem.message, item: event.item_id });
  await r.store.appendReviewEvents([event]);
}

/**
 * Appends the events of a file (or made by a script) after checking every line against the store
 * and the lines before it: one bad line and nothing is stored. Events already stored as they are
 * are skipped, so importing an export again changes nothing.
 */
export async function appendEventRecords(
  r: ReviewOwner,
  records: ReadonlyArray<{ value: unknown; line?: number }>,
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

/**
 * Stores a person of `r` under a new token (the caller makes it: core has no randomness) at
 * `now`; the store keeps only the token's hash. `what` names the name in messages.
 */
export async function addPerson(
  r: ReviewOwner,
  person: { name: string; role: ReviewRole; token: string; now: string },
  what = 'name',
): Promise<void> {
  const { name, role, token, now } = person;
  if ((await r.store.listAnnotators(r.ownerId)).some((a) => a.name === name)) {
    throw new InputError({
      rule: 'annotator-exists',
      message: `${r.label} already has an annotator "${name}"; choose another ${what} (a lost token cannot be shown again)`,
    });
  }
  const parsed = Annotator.safeParse({
    owner_id: r.ownerId,
    name,
    role,
    token_hash: tokenHash(token),
    created_at: now,
  });
  if (!parsed.success) {
    throw new InputError({ rule: 'usage', message: `${what}: ${parsed.error.issues[0]?.message ?? 'invalid'}` });
  }
  await r.store.appendAnnotator(parsed.data);
}
