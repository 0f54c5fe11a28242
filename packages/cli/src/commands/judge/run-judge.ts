import {
  counted,
  earlyStopMessage,
  type FailureAllowance,
  hashCanonical,
  type RunEvaluationOptions,
  type RunStore,
  resolveScoreParams,
  runEvaluation,
  type ScoreParams,
} from '@gamut/core';
import type { VerdictFormat } from '@gamut/node';
import { AnswerIndex, checkImages, hashFile, holdRunLease, RubricIndex } from '@gamut/node';
import { callSession } from '../../calls/call-session.js';
import { earlyStopFor, watchCalls } from '../../calls/early-stop.js';
import { RunStopped } from '../../io/exit-codes.js';
import { formatWarnings } from '../../io/print-warnings.js';
import { BATCH_WINDOW, batchCalls, closeBatchCalls, refuseUnbatchable } from '../../judges/batch-calls.js';
import { closeJudgeConnections, type ResolvedJudge, resolveJudge, warmUpJudge } from '../../judges/resolve-judge.js';
import { exitQuietlyOnClosedStdout } from '../../process/interrupt.js';
import { tuneMemoryForJudging } from '../../process/memory-tuning.js';
import { openProjectStore, RUN_COMMIT_MS, storeFile } from '../../store/open-store.js';
import { VERSION } from '../../version.js';
import { type QueueJudging, queueJudging } from '../worker/queue-judging.js';
import { requireServerStore } from '../worker/queue-server.js';
import { failuresListedIn, printJudgeResult } from './judge-output.js';

export interface JudgeCommandOptions {
  rubrics: string;
  answers: string;
  judge: string;
  concurrency: number;
  rpm?: number;
  tpm?: number;
  timeout: number;
  retries: number;
  batched?: boolean;
  store?: string;
  /** Redis URL: `gamut worker` processes judge the checks. */
  queue?: string;
  /** Judge calls through the provider's batch API. */
  batch?: boolean;
  batchPoll?: number;
  output?: string;
  format: VerdictFormat;
  failUnder?: number;
  /** Kept for scripts that pass it: judge failures fail the run by default now. */
  failOnJudgeFailures?: boolean;
  maxJudgeFailures?: FailureAllowance;
  lambda?: number;
  mu?: number;
  quiet?: boolean;
  json?: boolean;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

const err = (s: string) => process.stderr.write(s);

/** `gamut judge`: the same inputs and judge make the same run id, so rerunning resumes. */
export async function runJudgeCommand(o: JudgeCommandOptions): Promise<void> {
  exitQuietlyOnClosedStdout();
  tuneMemoryForJudging();
  if (o.queue !== undefined) requireServerStore(o.store, 'gamut judge');
  if (o.batch === true) refuseUnbatchable({ judge: o.judge, queue: o.queue });
  // Provider code loads while the inputs are read, so the first calls go out at once.
  const warm = warmUpJudge(o.judge);
  // Inputs are validated in full up front but kept as line offsets: memory stays flat however large they are.
  const rubrics = await RubricIndex.open(o.rubrics);
  if (!o.json) err(formatWarnings(rubrics.warnings));
  let answers: AnswerIndex | undefined;
  try {
    answers = await AnswerIndex.open(o.answers, rubrics);
    await checkImages(rubrics.images);
    const answersHash = await hashFile(o.answers);
    const store = await openProjectStore(o.cwd, o.store, RUN_COMMIT_MS);
    try {
      await warm;
      await judgeIndexed(o, { rubrics, answers, answersHash, store });
    } finally {
      await store.close();
    }
  } finally {
    rubrics.close();
    answers?.close();
  }
}

async function judgeIndexed(
  o: JudgeCommandOptions,
  i: { rubrics: RubricIndex; answers: AnswerIndex; answersHash: string; store: RunStore },
): Promise<void> {
  const params = resolveScoreParams({ lambda: o.lambda, mu: o.mu });
  const { store, rubrics, answers } = i;
  const file = storeFile(o.cwd, o.store);
  const session = callSession({ store, quiet: o.quiet, json: o.json });
  // Every call also feeds the early stop: a dead endpoint stops after its first calls, not after every retry.
  const calls = watchCalls(session.onCallEvent);
  const batch =
    o.batch === true ? batchCalls({ store, pollMs: o.batchPoll ?? 30_000, quiet: o.quiet, json: o.json }) : undefined;
  const resolved = await resolveJudge(o.judge, {
    ...(batch !== undefined && { batch }),
    onCallEvent: calls.onCallEvent,
    cache: session.cache,
    concurrency: o.concurrency,
    rpm: o.rpm,
    tpm: o.tpm,
    timeoutMs: o.timeout,
    retries: o.retries,
    env: o.env,
    batched: o.batched === true,
  });
  const listedIn = failuresListedIn(o);
  const local = {
    spec: o.judge,
    judge: resolved.judge,
    batched: o.batched === true,
    ...earlyStopFor(resolved, calls.streak),
    ...(batch !== undefined && { concurrency: BATCH_WINDOW }),
  };
  const queue: QueueJudging | undefined =
    o.queue === undefined
      ? undefined
      : await queueJudging({
          queue: o.queue,
          storeOption: o.store,
          verb: 'gamut judge',
          store,
          rpm: o.rpm,
          targets: rubrics,
          counts: session.counts,
        });
  // .finally: a run refused before its calls still lets go of the queue's connections.
  const outcome = await runEvaluation({
    store: queue?.store ?? store,
    clock: () => new Date(),
    runId: (configHash) => `judge-${configHash.slice(0, 16)}`,
    ...judgeRunIdentity(o, i, resolved, params),
    where: { store: file },
    // Another process judging this run on this store: wait for it rather than pay twice.
    holdLease: (runId) => holdRunLease({ store, runId, file, say: err }),
    participants: queue ? await queue.participants({ models: [], judges: [local] }) : { models: [], judges: [local] },
    concurrency: o.concurrency,
    // Workers read the answers from the store.
    ...(queue ? { givenAnswers: [...answers] } : { answers }),
    targets: rubrics,
    rubrics: () => rubrics.compiled(),
    params,
    score: !o.quiet || o.json === true || o.failUnder !== undefined || o.format === 'junit',
    gates: {
      failUnder: o.failUnder,
      maxJudgeFailures: o.failOnJudgeFailures ? { count: 0 } : o.maxJudgeFailures,
      judgeFailuresListedIn: listedIn,
    },
    signal: session.signal,
    onEvent: session.onEvent,
    onStarted: (s) => {
      queue?.started(s.runId);
      session.start();
    },
    afterCalls: async () => {
      session.stop();
      closeBatchCalls(batch);
      await queue?.close();
      // Kept-alive sockets would hold the process open after its last write.
      await closeJudgeConnections(o.judge);
    },
  }).finally(() => {
    closeBatchCalls(batch);
    return queue?.close();
  });
  if (outcome.status === 'interrupted') {
    const c = outcome.checks;
    err(
      `gamut: interrupted; ${(c?.skipped ?? 0) + (c?.judged ?? 0)} of ${counted(c?.planned ?? 0, 'check')} stored in ${file}.\n` +
        '  Run the same command again to resume: finished calls are not sent again.\n',
    );
    process.exitCode = 130;
    return;
  }
  if (outcome.status === 'stopped') throw new RunStopped(earlyStopMessage(outcome.stop, o.judge, file));
  await printJudgeResult(o, { store, file, outcome, counts: session.counts, listedIn });
}

/** What names a `gamut judge` run and what its manifest records: the inputs' hashes and the judge. */
function judgeRunIdentity(
  o: JudgeCommandOptions,
  i: { rubrics: RubricIndex; answers: AnswerIndex; answersHash: string },
  resolved: ResolvedJudge,
  params: ScoreParams,
): Pick<RunEvaluationOptions, 'configParts' | 'manifest'> {
  const { rubrics, answers } = i;
  return {
    configParts: {
      rubrics: hashCanonical(rubrics.rubricHashes),
      answers: i.answersHash,
      judge: hashCanonical({ spec: o.judge, parameters: resolved.parameters }),
      templates: hashCanonical(resolved.promptTemplates),
    },
    manifest: {
      toolkit_version: VERSION,
      dataset_hash: i.answersHash,
      rubric_hashes: rubrics.rubricHashes,
      models: [...answers.models].sort(),
      settings: [...answers.settings].sort(),
      judges: [{ spec: o.judge, parameters: resolved.parameters }],
      prompt_templates: resolved.promptTemplates,
      lambda: params.lambda,
      mu: params.mu,
      weights: { ...params.weights },
      seed: 0,
    },
  };
}
