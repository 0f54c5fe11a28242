import type { EvaluationOutcome, FailureAllowance, RunConfigPlan, RunStore } from '@gamut/core';
import { earlyStopMessage, InputError, planRunConfig, runEvaluation } from '@gamut/core';
import {
  checkImages,
  gradeCompiledInstead,
  holdRunLease,
  type LoadedRubrics,
  type LoadedRunConfig,
  loadAnswers,
  loadRubrics,
  loadRunConfig,
  writeRunDirectory,
} from '@gamut/node';
import { redactUrl } from '@gamut/store/url';
import { callSession } from '../../calls/call-session.js';
import { GateFailed, RunStopped } from '../../io/exit-codes.js';
import { formatWarnings } from '../../io/print-warnings.js';
import { batchCalls, closeBatchCalls, refuseUnbatchable } from '../../judges/batch-calls.js';
import { exitQuietlyOnClosedStdout } from '../../process/interrupt.js';
import { tuneMemoryForJudging } from '../../process/memory-tuning.js';
import { openProjectStore, RUN_COMMIT_MS, storeFile } from '../../store/open-store.js';
import { VERSION } from '../../version.js';
import { queueJudging } from '../worker/queue-judging.js';
import { requireServerStore } from '../worker/queue-server.js';
import { runDirectoryAside } from './run-aside.js';
import { printRunResult } from './run-output.js';
import { closeParticipants, resolveParticipants } from './run-participants.js';

export interface RunCommandOptions {
  config: string;
  resume?: boolean;
  /** Start the run over, keeping the earlier one aside under another id. */
  restart?: boolean;
  store?: string;
  /** Redis URL: `gamut worker` processes judge the checks. */
  queue?: string;
  /** The judges' calls through the provider batch APIs. */
  batch?: boolean;
  batchPoll?: number;
  quiet?: boolean;
  json?: boolean;
  failUnder?: number;
  /** Kept for scripts that pass it: judge failures fail the run by default now. */
  failOnJudgeFailures?: boolean;
  maxJudgeFailures?: FailureAllowance;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

const err = (s: string) => process.stderr.write(s);

/** What `gamut run` reads before it opens the store: the config, its dataset and given answers, the plan. */
interface RunInputs {
  loaded: LoadedRunConfig;
  rubrics: LoadedRubrics & { metas: NonNullable<LoadedRubrics['metas']> };
  images: Map<string, string>;
  given: Awaited<ReturnType<typeof loadAnswers>>;
  plan: RunConfigPlan;
}

/**
 * `gamut run`: models answer, judges grade, scores, run directory. The run is
 * named by the config; running it again resumes it, unless what decides its
 * results changed, which is refused naming the parts that changed.
 */
export async function runRunCommand(o: RunCommandOptions): Promise<void> {
  exitQuietlyOnClosedStdout();
  tuneMemoryForJudging();
  if (o.queue !== undefined) requireServerStore(o.store, 'gamut run');
  if (o.batch === true) refuseUnbatchable({ queue: o.queue });
  const inputs = await readRunInputs(o);
  const store = await openProjectStore(o.cwd, o.store, RUN_COMMIT_MS);
  try {
    await evaluate(o, inputs, store);
  } finally {
    await store.close();
  }
}

async function readRunInputs(o: RunCommandOptions): Promise<RunInputs> {
  const loaded = await loadRunConfig(o.config);
  // A run's dataset is meta-rubrics: a broken first line is reported as such, not read as a compiled rubric.
  const rubrics = await loadRubrics(loaded.datasetFile, { dataset: true });
  if (!o.json) err(formatWarnings(rubrics.warnings));
  const metas = rubrics.metas;
  if (!metas) {
    throw new InputError({
      rule: 'dataset-not-meta-rubrics',
      message:
        'the dataset must hold meta-rubrics (see `gamut schema meta-rubric`): the models under test need each question',
      file: loaded.datasetFile,
    });
  }
  if (loaded.rubricsFile !== undefined) await gradeCompiledInstead(loaded.rubricsFile, rubrics);
  await checkImages(rubrics.targets.values());
  const given = loaded.answersFile ? await loadAnswers(loaded.answersFile, rubrics.targets) : [];
  const images = new Map<string, string>();
  for (const [id, t] of rubrics.targets) if (t.image !== undefined) images.set(id, t.image);
  // Checked before the run is stored, so a dataset that cannot be asked reserves nothing.
  const plan = planRunConfig({
    config: loaded.config,
    metas,
    rubrics: rubrics.compiled,
    images,
    givenAnswers: given,
    toolkitVersion: VERSION,
  });
  return { loaded, rubrics: { ...rubrics, metas }, images, given, plan };
}

async function evaluate(o: RunCommandOptions, inputs: RunInputs, store: RunStore): Promise<void> {
  const { loaded, rubrics, plan } = inputs;
  const { config, outputDir } = loaded;
  const file = storeFile(o.cwd, o.store);
  const rerun = `gamut run ${o.config}${o.store ? ` --store ${redactUrl(o.store)}` : ''}`;
  const session = callSession({ store, quiet: o.quiet, json: o.json });
  const batch =
    o.batch === true ? batchCalls({ store, pollMs: o.batchPoll ?? 30_000, quiet: o.quiet, json: o.json }) : undefined;
  const queue =
    o.queue === undefined
      ? undefined
      : await queueJudging({
          queue: o.queue,
          storeOption: o.store,
          verb: 'gamut run',
          store,
          rpm: config.rpm,
          targets: rubrics.targets,
          counts: session.counts,
        });
  // .finally: a run refused before its calls still lets go of the queue's connections.
  const outcome = await runEvaluation({
    store: queue?.store ?? store,
    clock: () => new Date(),
    runId: loaded.runName,
    configParts: plan.configParts,
    manifest: plan.manifest,
    mode: o.restart ? 'restart' : o.resume ? 'resume' : 'continue',
    where: { store: file, config: o.config },
    // Another process on this run and store: wait for it rather than pay twice.
    holdLease: (runId) => holdRunLease({ store, runId, file, say: err }),
    // Every spec is resolved before the run is stored: a config that cannot run reserves nothing.
    participants: async () => {
      const local = await resolveParticipants(loaded, session, o.env, batch);
      return queue ? queue.participants(local) : local;
    },
    aside: runDirectoryAside(outputDir),
    questions: plan.questions,
    ...(config.settings !== undefined && { settings: config.settings }),
    ...(config.system_prompt !== undefined && { system: config.system_prompt }),
    seed: config.seed,
    concurrency: config.concurrency,
    givenAnswers: inputs.given,
    targets: rubrics.targets,
    rubrics: rubrics.compiled,
    params: plan.params,
    gates: {
      failUnder: o.failUnder,
      maxJudgeFailures: o.failOnJudgeFailures ? { count: 0 } : o.maxJudgeFailures,
      judgeFailuresListedIn: `${outputDir}/verdicts.jsonl (lines with "verdict": null) and judge-failures.jsonl`,
      answerFailuresListedIn: `${outputDir}/answer-failures.jsonl`,
      nameJudges: true,
    },
    signal: session.signal,
    onEvent: session.onEvent,
    onStarted: (s) => {
      if (s.restarted && !o.json) {
        err(
          `gamut: restarting run "${s.runId}"; the earlier run is kept as "${s.restarted.runId}"` +
            `${s.restarted.dir ? ` (run directory ${s.restarted.dir})` : ''}\n`,
        );
      } else if (s.resumed && !o.quiet && !o.json) err(`gamut: resuming run "${s.runId}" (${s.resumed.status})\n`);
      queue?.started(s.runId);
      session.start();
    },
    afterCalls: async () => {
      session.stop();
      closeBatchCalls(batch);
      await queue?.close();
      await closeParticipants(config);
    },
    writeOutputs: (run) =>
      writeRunDirectory({
        dir: outputDir,
        store,
        runId: run.runId,
        rerun,
        manifest: run.manifest,
        metas: rubrics.metas,
        imageFiles: inputs.images,
        compiled: rubrics.compiled,
        scores: run.judges.map((j) => j.report),
        answerFailures: run.answerFailures,
      }),
  }).finally(() => {
    closeBatchCalls(batch);
    return queue?.close();
  });
  finishCommand(o, { outcome, file, rerun, outputDir, counts: session.counts });
}

function finishCommand(
  o: RunCommandOptions,
  r: {
    outcome: EvaluationOutcome;
    file: string;
    rerun: string;
    outputDir: string;
    counts: ReturnType<typeof callSession>['counts'];
  },
): void {
  const { outcome } = r;
  if (outcome.status === 'interrupted') {
    err(`gamut: interrupted; everything finished so far is stored in ${r.file}.\n  Resume with: ${r.rerun}\n`);
    process.exitCode = 130;
    return;
  }
  if (outcome.status === 'stopped') throw new RunStopped(earlyStopMessage(outcome.stop, outcome.judge.spec, r.file));
  printRunResult({
    json: o.json === true,
    quiet: o.quiet === true,
    runId: outcome.runId,
    runDir: r.outputDir,
    store: r.file,
    counts: r.counts,
    judges: outcome.judges.map((j) => ({ id: j.judge.judge.id, spec: j.judge.spec, report: j.report })),
    answerFailures: outcome.answerFailures,
    failures: outcome.failures,
    gate: outcome.gate,
  });
  if (outcome.gate.length) throw new GateFailed(outcome.gate.join('; '));
}
