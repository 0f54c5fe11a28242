import { InputError } from '../issues/errors.js';
import type { Issue } from '../issues/issue.js';
import { type Located, parseValidRecords } from '../records/parse-records.js';
import type { SourceRecord } from '../records/source-record.js';
import type { ReviewEvent, ReviewEventInput, ReviewQueue, ReviewRole } from '../schema/review.js';
import type { BuildState } from './build-state.js';
import { QuestionDecision } from './question-decisions.js';
import type { ImageQuestions } from './question-rounds.js';
import { decisionEvents, editEvents } from './review-events.js';
import { RubricEdit } from './rubric-overlay.js';
import { rubricKey } from './step-keys.js';

/** The people the bundled build data's decisions and edits name, with their roles. */
export const SCRIPTED_REVIEWERS: ReadonlyArray<readonly [string, ReviewRole]> = [
  ['ann-a', 'annotator'],
  ['ann-b', 'annotator'],
  ['adj', 'adjudicator'],
  ['rev-a', 'reviewer'],
  ['rev-b', 'reviewer'],
];

export interface ReviewFile {
  decisions: Array<Located<QuestionDecision>>;
  edits: Array<Located<RubricEdit>>;
}

/** The lines of a decisions-as-files file: question-review decisions and rubric edits (told apart by `op`), validated. */
export function parseReviewFile(records: readonly SourceRecord[]): ReviewFile {
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
 * `gamut build review-import`'s checks, all problems at once: every decision names a candidate
 * under review, every edit a question with a drafted rubric. Throws an InputError sorted by line.
 */
export function checkReviewFile(
  build: BuildState,
  states: readonly ImageQuestions[],
  { decisions, edits }: ReviewFile,
  where: { file: string; dir: string },
): void {
  const { file, dir } = where;
  const candidates = new Set(states.flatMap((s) => s.candidates.map((c) => c.id)));
  const issues: Issue[] = [];
  const at = (line: number | undefined) => ({ file, ...(line !== undefined && { line }) });
  for (const { value, line } of decisions) {
    if (!candidates.has(value.candidate)) {
      issues.push({
        rule: 'unknown-candidate',
        path: 'candidate',
        ...at(line),
        message: `no candidate "${value.candidate}" is under review in ${dir}; \`gamut build status ${dir}\` lists them`,
      });
    }
  }
  for (const { value, line } of edits) {
    if (build.records.get(rubricKey(value.question_id))?.status !== 'ok') {
      issues.push({
        rule: 'unknown-question',
        path: 'question_id',
        ...at(line),
        message: `question "${value.question_id}" has no drafted rubric in ${dir} to edit`,
      });
    }
  }
  if (issues.length) throw new InputError(issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)));
}

/**
 * A review file's decisions and edits as review events on the build's latest queue of their
 * kind, each with the line it came from; no such queue is bad input naming the file.
 */
export function reviewFileEvents(
  review: ReviewFile,
  stored: { ownerId: string; label: string; queues: readonly ReviewQueue[]; events: readonly ReviewEvent[] },
  file: string,
): Array<Located<ReviewEventInput>> {
  const { ownerId, queues, events } = stored;
  const latest = (kind: ReviewQueue['kind']): ReviewQueue => {
    const q = queues.filter((x) => x.kind === kind).at(-1);
    if (q !== undefined) return q;
    throw new InputError({
      rule: 'unknown-queue',
      file,
      message: `${stored.label} has no ${kind.replace('_', ' ')} queue for ${file}; run the build step that queues it first`,
    });
  };
  const after = (q: ReviewQueue) => events.filter((e) => e.queue_id === q.id).length + 1;
  const lines = (located: ReadonlyArray<{ line?: number }>, made: ReviewEventInput[]) =>
    made.map((value, i) => ({ value, ...(located[i]?.line !== undefined && { line: located[i]?.line }) }));
  const made: Array<Located<ReviewEventInput>> = [];
  if (review.decisions.length) {
    const q = latest('question_review');
    const values = review.decisions.map((d) => d.value);
    made.push(...lines(review.decisions, decisionEvents(ownerId, q.id, values, after(q))));
  }
  if (review.edits.length) {
    const q = latest('rubric_revision');
    const values = review.edits.map((d) => d.value);
    made.push(...lines(review.edits, editEvents(ownerId, q, values, after(q))));
  }
  return made;
}
