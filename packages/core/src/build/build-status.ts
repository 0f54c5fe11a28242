import { type TextBlock, table } from '../report/analysis-text/text-blocks.js';
import type { BuildConfig } from './build-inputs.js';
import type { BuildState } from './build-state.js';
import type { ImageQuestions } from './question-rounds.js';
import { refineKey, rubricKey } from './step-keys.js';
import { stepCosts } from './step-records.js';

/** One line of `gamut build status`: who or what a number of items wait for, at which step. */
export interface Waiting {
  step: 'candidates' | 'question-review' | 'adjudication' | 'filter' | 'rubric' | 'refine' | 'rubric-review';
  /** `model`, an annotator's name, `annotator` (anyone), or `adjudicator`. */
  who: string;
  items: number;
  /** What to run or do about it. */
  action: string;
}

/** What the question steps wait for: the model (generate or filter), each annotator, the adjudicator. */
export function questionWaiting(
  images: readonly ImageQuestions[],
  config: Pick<BuildConfig, 'annotators' | 'adjudicator'>,
): Waiting[] {
  const out: Waiting[] = [];
  const count = (step: Waiting['step'], who: string, action: string) => {
    const w = out.find((x) => x.step === step && x.who === who);
    if (w) w.items++;
    else out.push({ step, who, items: 1, action });
  };
  for (const img of images) {
    const next = img.next;
    if (next.kind === 'generate') count('candidates', 'model', 'gamut build questions');
    else if (next.kind === 'filter') count('filter', 'model', 'gamut build questions');
    else if (next.kind === 'review') {
      for (const { outcome } of next.waiting) {
        if (outcome.for === 'adjudicator') {
          count(
            'adjudication',
            config.adjudicator ?? 'adjudicator',
            'adjudicate in gamut view, or gamut review import',
          );
          continue;
        }
        const named = config.annotators.filter((a) => !outcome.have.includes(a));
        if (config.annotators.length === 0 || named.length < outcome.need) {
          count('question-review', 'annotator', 'review in gamut view, or gamut review import');
        } else for (const a of named) count('question-review', a, 'review in gamut view, or gamut review import');
      }
    }
  }
  return out;
}

/** One image's row of `gamut build status`. */
export interface ImageStatus {
  id: string;
  entity: string;
  round: number;
  state: ImageQuestions['next']['kind'];
  question: string | null;
  detail: string;
}

/** What `gamut build status` shows (and prints with `--json`). */
export interface BuildStatus {
  build_id: string;
  images: ImageStatus[];
  waiting: Waiting[];
  rejections: Array<{ image: string; candidate: string; by: string; failed: string[]; reason: string }>;
  calls: ReturnType<typeof stepCosts>;
}

export function buildStatus(build: BuildState, states: readonly ImageQuestions[]): BuildStatus {
  return {
    build_id: build.manifest.build_id,
    images: states.map(imageStatus),
    waiting: [...questionWaiting(states, build.config), ...rubricWaiting(build, states)],
    rejections: states.flatMap((s) => s.rejections.map((r) => ({ image: s.image.id, ...r }))),
    calls: stepCosts([...build.records.values()]),
  };
}

/** What the rubric steps wait for: drafts and refinements (the model), rubric revision (reviewers). */
function rubricWaiting(build: BuildState, states: readonly ImageQuestions[]): Waiting[] {
  const counts = new Map<string, Waiting>();
  const count = (step: Waiting['step'], who: string, action: string) => {
    const w = counts.get(step) ?? { step, who, items: 0, action };
    w.items++;
    counts.set(step, w);
  };
  for (const s of states) {
    if (s.next.kind !== 'selected') continue;
    const id = `q-${s.image.id}`;
    const draft = build.records.get(rubricKey(id));
    const first = build.records.get(refineKey(id, 1));
    const edited = build.edits.some((e) => e.question_id === id);
    if (draft === undefined) count('rubric', 'model', 'gamut build rubrics');
    else if (draft.status === 'ok' && first === undefined) count('refine', 'model', 'gamut build refine');
    else if (first?.status === 'ok' && !edited)
      count('rubric-review', 'reviewer', 'edit checks in gamut view (or gamut review import), or release');
    else if (first?.status === 'ok' && edited && !build.records.has(refineKey(id, 2)))
      count('refine', 'model', 'gamut build refine (second pass)');
  }
  return [...counts.values()];
}

function imageStatus(s: ImageQuestions): ImageStatus {
  const n = s.next;
  const base = { id: s.image.id, entity: s.image.entity, round: s.round, state: n.kind };
  if (n.kind === 'selected')
    return {
      ...base,
      question: n.candidate.question,
      detail: n.boilerplate ? 'boilerplate pick (rounds ran out)' : n.reason,
    };
  if (n.kind === 'review') return { ...base, question: null, detail: `${n.waiting.length} candidate(s) under review` };
  if (n.kind === 'dropped') return { ...base, question: null, detail: n.reason };
  if (n.kind === 'failed') return { ...base, question: null, detail: `${n.key}: ${n.failure}` };
  return { ...base, question: null, detail: `waits for the model (${n.key})` };
}

/** `gamut build status` as text: the images, what waits for whom, and the model calls so far. */
export function buildStatusText(status: BuildStatus): TextBlock[] {
  const images = status.images.map((i) => [i.id, i.entity, String(i.round), i.state, i.question ?? i.detail]);
  const out: TextBlock[] = [
    `build ${status.build_id}`,
    table(['image', 'entity', 'round', 'state', 'question / detail'], images, [2]),
    '',
  ];
  if (status.waiting.length) {
    const waiting = status.waiting.map((w) => [w.step, w.who, String(w.items), w.action]);
    out.push(table(['step', 'waits for', 'items', 'to do'], waiting, [2]));
  } else out.push('nothing waits for anyone');
  const c = status.calls;
  const unpriced = c.unpricedCalls ? `, ${c.unpricedCalls} unpriced` : '';
  out.push(
    '',
    `model calls: ${c.calls} (${c.inputTokens + c.outputTokens} tokens, $${c.costUsd.toFixed(4)}${unpriced})`,
  );
  return out;
}
