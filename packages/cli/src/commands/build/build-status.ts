import { type ImageQuestions, questionWaiting, stepCosts, type Waiting } from '@gamut/core';
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
    waiting: questionWaiting(states, build.config),
    rejections: states.flatMap((s) => s.rejections.map((r) => ({ image: s.image.id, ...r }))),
    calls: stepCosts([...build.records.values()]),
  };
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
  } else lines.push('', 'nothing waits for anyone in the question steps');
  const c = status.calls;
  lines.push('', `model calls: ${c.calls} (${c.inputTokens + c.outputTokens} tokens, $${c.costUsd.toFixed(4)})`);
  return `${lines.join('\n')}\n`;
}
