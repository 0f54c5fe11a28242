import {
  type AgentOutput,
  DEFAULT_RETRIES,
  type GoldenSet,
  judgeRagRun,
  type PageIndex,
  ProviderError,
  type RagJudge,
  type RagJudgment,
  ragJudgeFailureMessage,
} from '@gamut/core';
import { toJsonl, writeFileAtomic } from '@gamut/node';
import { resolveRagJudge } from '../../judges/resolve-judge.js';
import { startJudgeProgress } from './judge-progress.js';

export interface RagJudgmentOptions {
  judge: string;
  concurrency: number;
  store?: string;
  ragchecker?: boolean;
  json?: boolean;
  judgmentsOut?: string;
}

/** The judgments to grade with, and where they came from (a `labels:` file keeps each question's line). */
export interface RagJudgments {
  judgments: RagJudgment[];
  judgeId: string;
  file?: string;
  lines: ReadonlyMap<string, number>;
}

/**
 * Reads the judgments of a `labels:` spec, or has the judge make them; either
 * way `--judgments-out` gets a copy.
 */
export async function ragJudgments(
  opts: RagJudgmentOptions,
  run: { golden: GoldenSet; outputs: readonly AgentOutput[]; index: PageIndex },
): Promise<RagJudgments> {
  let closeStore = async () => {};
  const resolved = await resolveRagJudge(opts.judge, {
    ragchecker: opts.ragchecker === true,
    // Model calls go through the project store's call cache, limits and retries, like `gamut judge`.
    calls: async () => {
      const { openProjectStore } = await import('../../store/open-store.js');
      const store = await openProjectStore(process.cwd(), opts.store);
      closeStore = () => store.close();
      return {
        cache: store,
        concurrency: opts.concurrency,
        timeoutMs: 120_000,
        retries: DEFAULT_RETRIES,
        env: process.env,
      };
    },
  }).catch(async (e: unknown) => {
    await closeStore();
    throw e;
  });
  if (resolved.kind === 'labels') {
    const { judgments, file, lines, id } = resolved;
    if (opts.judgmentsOut) await writeFileAtomic(opts.judgmentsOut, toJsonl(judgments));
    return { judgments, judgeId: id, file, lines };
  }
  try {
    return { judgments: await judgeAll(resolved.judge, opts, run), judgeId: resolved.judge.id, lines: new Map() };
  } finally {
    await closeStore();
  }
}

/** Has the judge grade every output; what finished is saved before a failure is reported. */
async function judgeAll(
  judge: RagJudge,
  opts: RagJudgmentOptions,
  run: { golden: GoldenSet; outputs: readonly AgentOutput[]; index: PageIndex },
): Promise<RagJudgment[]> {
  const progress = await startJudgeProgress(!opts.json && process.stderr.isTTY === true);
  let result: Awaited<ReturnType<typeof judgeRagRun>>;
  try {
    result = await judgeRagRun({
      ...run,
      judge,
      concurrency: opts.concurrency,
      onProgress: (done, total) => progress.update(done, total),
    });
  } finally {
    progress.stop();
  }
  if (opts.judgmentsOut) await writeFileAtomic(opts.judgmentsOut, toJsonl(result.judgments));
  // Finished judgments are already saved; a failed judge is never graded as a fail.
  if (result.failures.length) throw new ProviderError(ragJudgeFailureMessage(result.failures, opts.judgmentsOut));
  return result.judgments;
}
