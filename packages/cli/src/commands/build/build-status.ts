import { type ImageQuestions, questionWaiting, refineKey, rubricKey, stepCosts, type Waiting } from '@gamut/core';
import { newTable, renderCompact } from '../../render/table.js';
import type { OpenBuild } from './build-dir.js';

export interface ImageStatus {
  id: string;
  entity: string;
  round: number;
  state: ImageQuestions['next']['kind'];
  question: string | null;
  detail: string;
}

export interface BuildStatus {
  build_id: string;
  images: ImageStatus[];
  waiting: Waiting[];
  rejections: Array<{ image: string; candidate: string; by: string; failed: string[]; reason: string }>;
  calls: ReturnType<typeof stepCosts>;
}

export function buildStatus(build: OpenBuild, states: readonly ImageQuestions[]): BuildStatus {
  return {
    build_id: build.manifest.build_id,
    images: states.map(imageStatus),
    waiting: [...questionWaiting(states, build.config), ...rubricWaiting(build, states)],
    rejections: states.flatMap((s) => s.rejections.map((r) => ({ image: s.image.id, ...r }))),
    calls: stepCosts([...build.records.values()]),
  };
}

/** What the rubric steps wait for: drafts and refinements (the model), rubric revision (reviewers). */
function rubricWaiting(build: OpenBuild, states: readonly ImageQuestions[]): Waiting[] {
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

export function renderStatus(status: BuildStatus): string {
  const images = newTable(
    ['image', 'entity', 'round', 'state', 'question / detail'],
    ['left', 'left', 'right', 'left', 'left'],
  );
  for (const i of status.images) images.push([i.id, i.entity, String(i.round), i.state, i.question ?? i.detail]);
  const lines = [`build ${status.build_id}`, renderCompact(images)];
  if (status.waiting.length) {
    const waiting = newTable(['step', 'waits for', 'items', 'to do'], ['left', 'left', 'right', 'left']);
    for (const w of status.waiting) waiting.push([w.step, w.who, String(w.items), w.action]);
    lines.push('', renderCompact(waiting));
  } else lines.push('', 'nothing waits for anyone');
  const c = status.calls;
  const unpriced = c.unpricedCalls ? `, ${c.unpricedCalls} unpriced` : '';
  lines.push(
    '',
    `model calls: ${c.calls} (${c.inputTokens + c.outputTokens} tokens, $${c.costUsd.toFixed(4)}${unpriced})`,
  );
  return `${lines.join('\n')}\n`;
}
