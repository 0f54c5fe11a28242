import {
  type AgentOutput,
  type GoldenSet,
  judgeRagRun,
  type PageIndex,
  ProviderError,
  type RagJudge,
  type RagJudgment,
  ragJudgeFailureMessage,
} from '@gamut/core';
import { toJsonl, writeFileAtomic } from '../files/atomic-write.js';

export interface SavedJudging {
  judge: RagJudge;
  golden: GoldenSet;
  outputs: readonly AgentOutput[];
  index: PageIndex;
  concurrency: number;
  judgmentsOut?: string;
  onProgress?: (done: number, total: number) => void;
}

/** Has the judge grade every output; what finished is saved to `judgmentsOut` before a failure is reported. */
export async function judgeRagRunSaved(o: SavedJudging): Promise<RagJudgment[]> {
  const result = await judgeRagRun({
    golden: o.golden,
    outputs: o.outputs,
    index: o.index,
    judge: o.judge,
    concurrency: o.concurrency,
    ...(o.onProgress && { onProgress: o.onProgress }),
  });
  if (o.judgmentsOut) await writeFileAtomic(o.judgmentsOut, toJsonl(result.judgments));
  // Finished judgments are already saved; a failed judge is never graded as a fail.
  if (result.failures.length) throw new ProviderError(ragJudgeFailureMessage(result.failures, o.judgmentsOut));
  return result.judgments;
}
