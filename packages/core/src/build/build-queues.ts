import type { RunStore } from '../ports/store.js';
import { compileMetaRubric } from '../rubric/compile-meta-rubric.js';
import type { ReviewQueue } from '../schema/review.js';
import { type BuildItemContent, questionQueue, rubricQueue } from './build-review.js';
import type { BuildState } from './build-state.js';
import type { ImageQuestions } from './question-rounds.js';
import { applyOverlay } from './rubric-overlay.js';
import type { RubricProduced } from './rubric-refine.js';
import { refineKey } from './step-keys.js';

/**
 * Puts what waits for people into review queues of the build's store: candidates under review
 * that no queue holds yet become a `questions-<n>` queue, rubrics refined since the last rubric
 * queue a `rubrics-<n>` one. Returns the queues made.
 */
export async function queueForReview(
  store: Pick<RunStore, 'listReviewQueues' | 'appendReviewQueue'>,
  build: BuildState,
  states: readonly ImageQuestions[],
  now: string,
): Promise<ReviewQueue[]> {
  const owner = build.manifest.build_id;
  const waiting = states.flatMap((s) => {
    if (s.next.kind !== 'review') return [];
    const ids = new Set(s.next.waiting.map((w) => w.candidate));
    return s.candidates.filter((c) => ids.has(c.id));
  });
  const refined = states.flatMap((s) => {
    const id = `q-${s.image.id}`;
    return [1, 2]
      .filter((pass) => build.records.get(refineKey(id, pass))?.status === 'ok')
      .map((pass) => ({ question_id: id, pass }));
  });
  const made: ReviewQueue[] = [];
  const existing = await store.listReviewQueues(owner);
  for (const make of [
    () => questionQueue(owner, [...existing, ...made], waiting, now),
    () => rubricQueue(owner, [...existing, ...made], refined, now),
  ]) {
    const q = make();
    if (q === null) continue;
    await store.appendReviewQueue(q);
    made.push(q);
  }
  return made;
}

/**
 * What a question or rubric item of the build shows in `gamut view`; null for an item of another
 * kind or one the build no longer has. `dataUrl` inlines a local image (null: too large or unsafe).
 */
export async function buildItemContent(
  build: BuildState,
  queue: ReviewQueue,
  payload: Record<string, unknown>,
  o: { sha256Hex: (s: string) => string; dataUrl: (file: string) => Promise<string | null> },
): Promise<BuildItemContent | null> {
  if (queue.kind === 'question_review') {
    const image = build.images.find((i) => i.id === payload.image_id);
    const path = image?.image;
    const remote = path !== undefined && /^https?:/.test(path);
    return {
      kind: 'question',
      question: String(payload.question),
      text_only_question: typeof payload.text_only_question === 'string' ? payload.text_only_question : null,
      round: Number(payload.round),
      language: image?.language ?? 'en',
      image: path === undefined || remote ? null : await o.dataUrl(path),
      image_url: remote ? (path as string) : null,
    };
  }
  if (queue.kind !== 'rubric_revision') return null;
  const questionId = String(payload.question_id);
  const record = build.records.get(refineKey(questionId, Number(payload.pass)));
  if (record?.status !== 'ok') return null;
  const refined = record.produced as RubricProduced;
  const compiled = compileMetaRubric(refined.meta, { sha256Hex: o.sha256Hex });
  const { rubric, applied, stale } = applyOverlay(compiled, build.edits);
  return {
    kind: 'rubric',
    question_id: questionId,
    question: refined.meta.question,
    meta: refined.meta,
    snippets: refined.evidence.map((s) => ({ id: s.id, url: s.url, title: s.title, text: s.text })),
    checks: rubric.checks,
    applied,
    stale,
  };
}
