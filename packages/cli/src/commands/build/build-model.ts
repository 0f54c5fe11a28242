import type { BuildModel, RunStore } from '@gamut/core';
import { createReplayModel, isReplaySpec } from '@gamut/node';
import type { CallEvent } from '@gamut/providers';

/**
 * The model of a build's LLM steps behind the judge middleware (the build's store as call cache,
 * retries, timeouts, prices). Steps call it one at a time, so the last call event is the call's.
 */
export async function openBuildModel(spec: string, store: RunStore, baseDir: string): Promise<BuildModel> {
  const { createJudgeModel, withMiddleware } = await import('@gamut/providers');
  const inner = isReplaySpec(spec)
    ? await createReplayModel(spec, baseDir)
    : await createJudgeModel(spec, { env: process.env, wording: { role: 'model' } });
  let last: CallEvent | undefined;
  const model = withMiddleware(inner, { cache: store, concurrency: 1, retries: 2, onEvent: (e) => (last = e) });
  return {
    model,
    spec,
    account: () => {
      const cached = last?.type === 'cached';
      const costUsd = last?.type === 'finished' ? last.costUsd : cached ? 0 : null;
      return { cached, costUsd };
    },
  };
}
