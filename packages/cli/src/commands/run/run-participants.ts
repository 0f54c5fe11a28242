import type { EvaluationJudge, EvaluationParticipants, ModelUnderTest } from '@gamut/core';
import { withCallDefaults } from '@gamut/core';
import type { LoadedRunConfig } from '@gamut/node';
import type { CallSession } from '../../calls/call-session.js';
import { earlyStopFor, watchCalls } from '../../calls/early-stop.js';
import { BATCH_WINDOW, type BatchCalls } from '../../judges/batch-calls.js';
import { type CallSettings, closeJudgeConnections, resolveJudge, resolveModel } from '../../judges/resolve-judge.js';

/** The models under test and the judges of a run config, behind the call middleware with the store as cache. */
export async function resolveParticipants(
  loaded: LoadedRunConfig,
  session: CallSession,
  env: NodeJS.ProcessEnv,
  /** `--batch`: the judges' calls (not the answering models') go through the provider batch APIs. */
  batch?: BatchCalls,
): Promise<EvaluationParticipants> {
  const { config } = loaded;
  const calls: CallSettings = {
    cache: session.cache,
    concurrency: config.concurrency,
    rpm: config.rpm,
    tpm: config.tpm,
    timeoutMs: config.timeout_ms,
    retries: config.retries,
    env,
  };
  const models: ModelUnderTest[] = [];
  for (const m of config.models) {
    models.push({ name: m.name ?? m.spec, model: withCallDefaults(await resolveModel(m.spec, calls), m) });
  }
  const judges: EvaluationJudge[] = [];
  for (const j of config.judges) {
    // A judge's calls (not the answering models') feed its early stop, then the progress line.
    const watched = watchCalls(session.onCallEvent);
    // Offline and labels judges make no calls: --batch leaves them as they are.
    const batching = batch !== undefined && j.spec !== 'offline' && !j.spec.startsWith('labels:');
    const resolved = await resolveJudge(j.spec, {
      ...calls,
      ...(batching && { batch }),
      onCallEvent: watched.onCallEvent,
      batched: j.batched === true,
      baseDir: loaded.baseDir,
    });
    judges.push({
      spec: j.spec,
      judge: resolved.judge,
      batched: j.batched === true,
      ...earlyStopFor(resolved, watched.streak),
      ...(batching && { concurrency: BATCH_WINDOW }),
    });
  }
  return { models, judges };
}

/** Kept-alive sockets would hold the process open after its last write. */
export async function closeParticipants(config: LoadedRunConfig['config']): Promise<void> {
  for (const spec of new Set([...config.models.map((m) => m.spec), ...config.judges.map((j) => j.spec)])) {
    await closeJudgeConnections(spec);
  }
}
