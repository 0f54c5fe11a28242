import type { AgentOutput } from '../../schema/agent-output.js';
import type { GoldenSet } from '../../schema/golden-set.js';
import type { JudgeFailureKind } from '../../schema/ids.js';
import type { RagJudgment } from '../../schema/rag-judgment.js';
import type { PageIndex } from '../page-index.js';
import type { RagJudge } from './rag-judge.js';

export interface RagJudgeFailure {
  readonly question_id: string;
  readonly judge: string;
  readonly kind: JudgeFailureKind;
  readonly error: string;
  readonly raw: string | null;
}

/**
 * Judge every question that has an agent output, `concurrency` at a time.
 * Failures are returned beside the judgments, never turned into judgments.
 */
export async function judgeRagRun(opts: {
  golden: GoldenSet;
  outputs: readonly AgentOutput[];
  index: PageIndex;
  judge: RagJudge;
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}): Promise<{ judgments: RagJudgment[]; failures: RagJudgeFailure[] }> {
  const byId = new Map(opts.outputs.map((o) => [o.question_id as string, o]));
  const work = opts.golden.questions.flatMap((q) => {
    const output = byId.get(q.question_id);
    return output ? [{ question: q, output }] : [];
  });
  const results: ({ judgment: RagJudgment } | { failure: RagJudgeFailure })[] = new Array(work.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (let i = next++; i < work.length; i = next++) {
      const w = work[i];
      if (!w) continue;
      const r = await opts.judge.judge({ question: w.question, output: w.output, index: opts.index }, opts.signal);
      results[i] =
        r.status === 'ok'
          ? { judgment: r.judgment }
          : {
              failure: {
                question_id: w.question.question_id,
                judge: opts.judge.id,
                kind: r.kind,
                error: r.error,
                raw: r.raw,
              },
            };
      opts.onProgress?.(++done, work.length);
    }
  };
  const n = Math.max(1, Math.min(opts.concurrency ?? 4, work.length));
  await Promise.all(Array.from({ length: n }, worker));
  return {
    judgments: results.flatMap((r) => ('judgment' in r ? [r.judgment] : [])),
    failures: results.flatMap((r) => ('failure' in r ? [r.failure] : [])),
  };
}

/**
 * Why a judged run is not graded: the questions the judge failed on, and where
 * the finished judgments were kept. A failed judge is never graded as a fail.
 */
export function ragJudgeFailureMessage(failures: readonly RagJudgeFailure[], judgmentsOut?: string): string {
  const list = failures.map((f) => `${f.question_id} (${f.error})`).join('; ');
  return `the judge failed on ${failures.length} question(s): ${list}${judgmentsOut ? `; the other judgments are in ${judgmentsOut}` : ''}`;
}
