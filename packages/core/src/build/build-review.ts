import { standingEvents } from '../review/item-state.js';
import type { Check } from '../schema/compiled-rubric.js';
import type { MetaRubric } from '../schema/meta-rubric.js';
import type { ReviewEvent, ReviewQueue } from '../schema/review.js';
import type { Candidate } from './candidates.js';
import type { QuestionDecision } from './question-decisions.js';
import { RubricEdit } from './rubric-overlay.js';

/**
 * A build's human steps live in the review workspace: its queues and events are kept in the
 * build's store under the build id. Question review queues (`questions-<n>`) hold candidates, one
 * item per candidate id; rubric revision queues (`rubrics-<n>`) hold refined rubrics, one item per
 * `<question id>.p<refine pass>`. A new queue is made for whatever is under review and in none yet.
 */
export const QUESTION_LABELS = ['accept', 'revise', 'discard'] as const;
export const RUBRIC_LABELS = ['accept'] as const;

/** What a question review item shows: the candidate, never the entity. */
export interface QuestionItemPayload {
  candidate: string;
  image_id: string;
  round: number;
  question: string;
  text_only_question: string | null;
  [k: string]: string | number | null;
}

/** What a rubric revision item names: the question and the refinement its checks come from. */
export interface RubricItemPayload {
  question_id: string;
  pass: number;
  [k: string]: string | number;
}

/** The next free `<prefix>-<n>` among a build's queue ids. */
export function nextBuildQueueId(prefix: 'questions' | 'rubrics', taken: readonly string[]): string {
  for (let n = 1; ; n++) if (!taken.includes(`${prefix}-${n}`)) return `${prefix}-${n}`;
}

/** Item ids already in a queue of `kind`. */
export function queuedItemIds(queues: readonly ReviewQueue[], kind: ReviewQueue['kind']): Set<string> {
  return new Set(queues.filter((q) => q.kind === kind).flatMap((q) => q.items.map((it) => it.id)));
}

/** A queue of a build's items (the next free `<prefix>-<n>`), for the build's people to work. */
function buildQueue(
  ownerId: string,
  queues: readonly ReviewQueue[],
  shape: Pick<ReviewQueue, 'kind' | 'title' | 'per_item' | 'labels' | 'items'>,
  now: string,
): ReviewQueue {
  const prefix = shape.kind === 'question_review' ? 'questions' : 'rubrics';
  const id = nextBuildQueueId(
    prefix,
    queues.map((q) => q.id),
  );
  return { owner_id: ownerId, id, ...shape, sampling: {}, strata: [], created_by: null, created_at: now };
}

/** A question review queue over candidates under review that no queue holds yet; null when there are none. */
export function questionQueue(
  ownerId: string,
  queues: readonly ReviewQueue[],
  candidates: readonly Candidate[],
  now: string,
): ReviewQueue | null {
  const queued = queuedItemIds(queues, 'question_review');
  const fresh = candidates.filter((c) => !queued.has(c.id));
  if (fresh.length === 0) return null;
  const rounds = [...new Set(fresh.map((c) => c.round))].sort((a, b) => a - b);
  const payload = (c: Candidate): QuestionItemPayload => ({
    candidate: c.id,
    image_id: c.imageId,
    round: c.round,
    question: c.question,
    text_only_question: c.textOnlyQuestion,
  });
  const shape = {
    kind: 'question_review' as const,
    title: `Candidate questions, round ${rounds.join(', ')}: accept, revise (with the new text) or discard, with a reason`,
    per_item: 2,
    labels: [...QUESTION_LABELS],
    items: fresh.map((c) => ({ id: c.id, payload: payload(c), stratum: null })),
  };
  return buildQueue(ownerId, queues, shape, now);
}

/** A rubric revision queue over refined rubrics no queue holds yet; null when there are none. */
export function rubricQueue(
  ownerId: string,
  queues: readonly ReviewQueue[],
  refined: ReadonlyArray<{ question_id: string; pass: number }>,
  now: string,
): ReviewQueue | null {
  const queued = queuedItemIds(queues, 'rubric_revision');
  const fresh = refined.filter((r) => !queued.has(rubricItemId(r.question_id, r.pass)));
  if (fresh.length === 0) return null;
  const passes = [...new Set(fresh.map((r) => r.pass))].join(', ');
  const shape = {
    kind: 'rubric_revision' as const,
    title: `Refined rubrics (pass ${passes}): reword, re-tier, add or delete checks, each with a reason`,
    per_item: 1,
    labels: [...RUBRIC_LABELS],
    items: fresh.map((r) => {
      const payload: RubricItemPayload = { question_id: r.question_id, pass: r.pass };
      return { id: rubricItemId(r.question_id, r.pass), payload, stratum: null };
    }),
  };
  return buildQueue(ownerId, queues, shape, now);
}

export const rubricItemId = (questionId: string, pass: number): string => `${questionId}.p${pass}`;

const textOf = (change: Record<string, unknown> | undefined): string | undefined =>
  typeof change?.text === 'string' ? change.text : undefined;

/** The question-review decisions that still stand in the build's events (undone ones left out), in order. */
export function questionDecisionsOf(
  queues: readonly ReviewQueue[],
  events: readonly ReviewEvent[],
): QuestionDecision[] {
  const ids = new Set(queues.filter((q) => q.kind === 'question_review').map((q) => q.id));
  const out: QuestionDecision[] = [];
  for (const e of standingEvents(events.filter((x) => ids.has(x.queue_id)))) {
    const d = decisionOf(e);
    if (d !== null) out.push(d);
  }
  return out;
}

function decisionOf(e: ReviewEvent): QuestionDecision | null {
  const base = { candidate: e.item_id, author: e.who, reason: e.reason, at: e.at };
  if (e.kind === 'accept' || e.kind === 'discard') return { ...base, role: 'annotator', decision: e.kind };
  if (e.kind === 'revise') return { ...base, role: 'annotator', decision: 'revise', text: textOf(e.change) ?? '' };
  if (e.kind !== 'adjudicate') return null;
  const decision = e.value as QuestionDecision['decision'];
  const text = textOf(e.change);
  return { ...base, role: 'adjudicator', decision, ...(decision === 'revise' && text !== undefined && { text }) };
}

/** The rubric edits that still stand in the build's events, in order (what the overlay applies). */
export function rubricEditsOf(queues: readonly ReviewQueue[], events: readonly ReviewEvent[]): RubricEdit[] {
  const items = new Map<string, string>();
  for (const q of queues.filter((x) => x.kind === 'rubric_revision')) {
    for (const it of q.items) items.set(`${q.id}/${it.id}`, String(it.payload.question_id));
  }
  const out: RubricEdit[] = [];
  for (const e of standingEvents(events)) {
    const question = items.get(`${e.queue_id}/${e.item_id}`);
    if (e.kind !== 'edit' || question === undefined) continue;
    const edit = RubricEdit.safeParse(editOf(e, question));
    if (edit.success) out.push(edit.data);
  }
  return out;
}

const editOf = (e: ReviewEvent & { kind: 'edit' }, questionId: string) => ({
  ...e.change,
  question_id: questionId,
  reason: e.reason,
  author: e.who,
  at: e.at,
});

/**
 * What the viewer shows beside a build's queue item. A question: the candidate and its image,
 * never the entity. A rubric: the meta-rubric and its snippets beside the compiled checks with
 * the edits so far applied, and the edits that no longer apply with why.
 */
export type BuildItemContent =
  | {
      kind: 'question';
      question: string;
      text_only_question: string | null;
      round: number;
      language: string;
      /** The image as a data URL, or null when it is a URL or too large to send. */
      image: string | null;
      image_url: string | null;
    }
  | {
      kind: 'rubric';
      question_id: string;
      question: string;
      meta: MetaRubric;
      snippets: Array<{ id: string; url: string; title: string | null; text: string }>;
      checks: Check[];
      applied: RubricEdit[];
      stale: Array<{ edit: RubricEdit; reason: string }>;
    };
