import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { judgeArgs } from '@gamut/testkit';

// The workload both limits tests (the testkit's fake provider and the shared fault server) run:
// 50 questions of 12 facts, one answer each, judged at concurrency 64.
export const QUESTIONS = 50;
export const ITEMS = 12;
export const CHECKS = QUESTIONS * ITEMS;

export const metas = Array.from({ length: QUESTIONS }, (_, q) => ({
  question_id: `q-${String(q).padStart(3, '0')}`,
  question: `What does item set ${q} say?`,
  language: 'en',
  items: Array.from({ length: ITEMS }, (_, i) => ({
    id: `I${i + 1}`,
    type: 'fact',
    tier: 'valuable',
    text: `States fact ${i + 1} of set ${q}`,
  })),
}));
export const answers = metas.map((m) => ({
  question_id: m.question_id,
  model: 'm',
  setting: 'text_only',
  response: `An answer about ${m.question_id}.`,
}));

/** `gamut judge` of the workload against `baseURL` into `store`, its verdicts in `<store>.jsonl`. */
export const limitsJudgeArgs = (baseURL: string, store: string, extra: string[] = []): string[] => [
  ...judgeArgs(`openai-compatible:judge-x@${baseURL}`),
  '--concurrency',
  '64',
  '--store',
  store,
  '-o',
  `${store}.jsonl`,
  '--quiet',
  ...extra,
];

/** `question/check` → verdict (`'null'` for a judge failure) of a run `limitsJudgeArgs` wrote in `dir`. */
export function limitsVerdicts(dir: string, store: string): Map<string, string> {
  const lines = readFileSync(join(dir, `${store}.jsonl`), 'utf8')
    .trim()
    .split('\n');
  return new Map(
    lines.map((l) => {
      const v = JSON.parse(l) as { question_id: string; check_id: string; verdict: string | null };
      return [`${v.question_id}/${v.check_id}`, String(v.verdict)];
    }),
  );
}
