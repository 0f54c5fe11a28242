import { type AgentOutput, DEFAULT_RETRIES, type GoldenSet, type PageIndex } from '@gamut/core';
import { judgeRagRunSaved, type RagJudgments, toJsonl, writeFileAtomic } from '@gamut/node';
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
  const progress = await startJudgeProgress(!opts.json && process.stderr.isTTY === true);
  try {
    const judgments = await judgeRagRunSaved({
      ...run,
      judge: resolved.judge,
      concurrency: opts.concurrency,
      ...(opts.judgmentsOut !== undefined && { judgmentsOut: opts.judgmentsOut }),
      onProgress: (done, total) => progress.update(done, total),
    });
    return { judgments, judgeId: resolved.judge.id, lines: new Map() };
  } finally {
    progress.stop();
    await closeStore();
  }
}
