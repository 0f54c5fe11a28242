import { VERDICT_DEFINITIONS } from '../judge/judge-prompt-verdicts.js';
import type { SettledAnswer } from '../schema/answer.js';
import { sha256Hex } from '../schema/canonical.js';
import type { CompiledRubric } from '../schema/compiled-rubric.js';
import type { MetaRubric, Snippet } from '../schema/meta-rubric.js';
import type { Annotator, ReviewEvent, ReviewQueue } from '../schema/review.js';
import { VerdictLabelPayload } from '../schema/review.js';
import { type BlindItem, blindItem, isOpenFor, mayWork, nextItemId } from './blind.js';
import { type ItemStatus, queueState } from './item-state.js';

/** The hash stored for a personal token: SHA-256 of its UTF-8 text, as lowercase hex. */
export function tokenHash(token: string): string {
  return sha256Hex(token);
}

/** The person a token belongs to among `annotators`, or undefined. */
export function annotatorForToken(annotators: readonly Annotator[], token: string): Annotator | undefined {
  const hash = tokenHash(token);
  return annotators.find((a) => a.token_hash === hash);
}

/** The four verdicts with their definitions (the judge prompt's words) and the key that gives each. */
export const VERDICT_GUIDE: ReadonlyArray<{ verdict: string; key: string; definition: string }> =
  VERDICT_DEFINITIONS.split('\n')
    .map((line) => /^- `([a-z_]+)`: (.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m, i) => ({ verdict: m[1] as string, key: String(i + 1), definition: m[2] as string }));

/** A queue as its list page shows it to one person: progress overall and theirs. */
export interface QueueSummary {
  id: string;
  kind: ReviewQueue['kind'];
  title: string;
  labels: string[];
  per_item: number;
  total: number;
  counts: Record<ItemStatus, number>;
  /** Items the viewer has decided (adjudicated, for an adjudicator), and items still open to them. */
  mine: { decided: number; open: number };
}

function summary(queue: ReviewQueue, events: readonly ReviewEvent[], viewer: Annotator): QueueSummary {
  const state = queueState(queue, events);
  const decided = state.items.filter((s) =>
    viewer.role === 'adjudicator'
      ? s.adjudication?.who === viewer.name
      : s.decisions.some((d) => d.who === viewer.name),
  ).length;
  const open = state.items.filter((s) => isOpenFor(queue, s, viewer)).length;
  return {
    id: queue.id,
    kind: queue.kind,
    title: queue.title,
    labels: [...queue.labels],
    per_item: queue.per_item,
    total: queue.items.length,
    counts: state.counts,
    mine: { decided, open },
  };
}

/** The queues `viewer`'s role works, with progress: what a token's home page lists. */
export function queueSummaries(
  queues: readonly ReviewQueue[],
  events: readonly ReviewEvent[],
  viewer: Annotator,
): QueueSummary[] {
  return queues.filter((q) => mayWork(q, viewer)).map((q) => summary(q, events, viewer));
}

export interface QueuePage {
  queue: QueueSummary;
  /** The item shown: `itemId` when given, else the next open to the viewer; null when none is left. */
  item: BlindItem | null;
  /** The item after it that is open to the viewer (for auto-advance), or null. */
  next_item_id: string | null;
}

/**
 * One queue page for one person: progress, the item to work (blinded) and the one after it.
 * Undefined when the viewer's role does not work this queue (the server answers 403/404).
 */
export function queuePage(
  queue: ReviewQueue,
  events: readonly ReviewEvent[],
  viewer: Annotator,
  itemId?: string,
): QueuePage | undefined {
  if (!mayWork(queue, viewer)) return undefined;
  const state = queueState(queue, events);
  const id = itemId ?? nextItemId(queue, state, viewer);
  const item = id === null ? null : blindItem(queue, state, id, viewer);
  const after = item === null ? null : nextItemId(queue, state, viewer, item.item_id);
  return {
    queue: summary(queue, events, viewer),
    item,
    next_item_id: after === item?.item_id ? null : after,
  };
}

/** What a verdict-label item shows beside the label buttons: never the model or the judge. */
export interface VerdictItemContent {
  question_id: string;
  setting: string;
  question: string | null;
  image: string | null;
  check: { id: string; text: string; kind: string; tier: string };
  snippets: Snippet[];
  answer: string | null;
}

/** The question, check, its snippets and the answer a verdict-label payload points at, from the run's files. */
export function verdictItemContent(
  run: {
    rubrics: readonly CompiledRubric[];
    metaRubrics: readonly MetaRubric[];
    answers: readonly Pick<SettledAnswer, 'question_id' | 'model' | 'setting' | 'response'>[];
  },
  payload: Record<string, unknown>,
): VerdictItemContent | null {
  const p = VerdictLabelPayload.safeParse(payload);
  if (!p.success) return null;
  const rubric = run.rubrics.find((r) => r.question_id === p.data.question_id);
  const check = rubric?.checks.find((c) => c.id === p.data.check_id);
  if (!rubric || !check) return null;
  const meta = run.metaRubrics.find((m) => m.question_id === p.data.question_id);
  const wanted = new Set<string>(check.snippets);
  const answer = run.answers.find(
    (a) => a.question_id === p.data.question_id && a.model === p.data.model && a.setting === p.data.setting,
  );
  const question = p.data.setting === 'text_only' ? (rubric.text_only_question ?? null) : (rubric.question ?? null);
  return {
    question_id: p.data.question_id,
    setting: p.data.setting,
    question,
    image: p.data.setting === 'multimodal' ? (rubric.image ?? null) : null,
    check: { id: check.id, text: check.text, kind: check.kind, tier: check.tier },
    snippets: (meta?.snippets ?? []).filter((s) => wanted.has(s.id)),
    answer: answer?.response ?? null,
  };
}
