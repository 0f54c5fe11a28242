import {
  decisionEvents,
  editEvents,
  InputError,
  type Located,
  parseValidRecords,
  QuestionDecision,
  type ReviewQueue,
  type ReviewRole,
  RubricEdit,
  type SourceRecord,
} from '@gamut/core';
import { readRecords } from '@gamut/node';
import { addPerson } from '../review/add-annotator.js';
import { appendEventRecords } from '../review/import.js';
import { withReviewRun } from '../review/review-run.js';

/** The people the bundled build data's decisions and edits name, with their roles. */
export const SCRIPTED_REVIEWERS: ReadonlyArray<readonly [string, ReviewRole]> = [
  ['ann-a', 'annotator'],
  ['ann-b', 'annotator'],
  ['adj', 'adjudicator'],
  ['rev-a', 'reviewer'],
  ['rev-b', 'reviewer'],
];

/** Adds the scripted people to the build's review workspace (their tokens are never shown: no one logs in). */
export async function addScriptedPeople(dir: string): Promise<void> {
  await withReviewRun(dir, undefined, async (r) => {
    for (const [name, role] of SCRIPTED_REVIEWERS) await addPerson(r, name, role);
  });
}

/** The lines of a decisions-as-files file: question-review decisions and rubric edits (told apart by `op`), validated. */
export function parseReviewFile(records: readonly SourceRecord[]): {
  decisions: Array<Located<QuestionDecision>>;
  edits: Array<Located<RubricEdit>>;
} {
  const isEdit = (v: unknown) => typeof v === 'object' && v !== null && 'op' in v;
  const decisions = parseValidRecords(
    records.filter((r) => !isEdit(r.value)),
    QuestionDecision,
  );
  const edits = parseValidRecords(
    records.filter((r) => isEdit(r.value)),
    RubricEdit,
  );
  return { decisions, edits };
}

/**
 * A file of scripted decisions or rubric edits (the `gamut build review-import` format) appended as
 * review events on the build's latest queue of their kind, through `gamut review import`'s checks:
 * a bad line, an unknown person or item, and nothing is stored. Returns how many were appended.
 */
export async function importScriptedReviews(dir: string, file: string): Promise<number> {
  const { decisions, edits } = parseReviewFile(await readRecords(file));
  return withReviewRun(dir, undefined, async (r) => {
    const [queues, events] = await Promise.all([
      r.store.listReviewQueues(r.ownerId),
      r.store.listReviewEvents(r.ownerId),
    ]);
    const latest = (kind: ReviewQueue['kind']): ReviewQueue => {
      const q = queues.filter((x) => x.kind === kind).at(-1);
      if (q !== undefined) return q;
      throw new InputError({
        rule: 'unknown-queue',
        file,
        message: `${r.label} has no ${kind.replace('_', ' ')} queue for ${file}; run the build step that queues it first`,
      });
    };
    const after = (q: ReviewQueue) => events.filter((e) => e.queue_id === q.id).length + 1;
    const lines = <T>(located: ReadonlyArray<{ line?: number }>, made: T[]) =>
      made.map((value, i) => ({ value, ...(located[i]?.line !== undefined && { line: located[i]?.line }) }));
    const made = [];
    if (decisions.length) {
      const q = latest('question_review');
      const values = decisions.map((d) => d.value);
      made.push(...lines(decisions, decisionEvents(r.ownerId, q.id, values, after(q))));
    }
    if (edits.length) {
      const q = latest('rubric_revision');
      const values = edits.map((d) => d.value);
      made.push(...lines(edits, editEvents(r.ownerId, q, values, after(q))));
    }
    return (await appendEventRecords(r, made, file)).imported;
  });
}
