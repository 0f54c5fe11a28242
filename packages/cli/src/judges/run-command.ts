import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  FailureAllowance,
  JudgeModel,
  Manifest,
  ModelUnderTest,
  QuestionToAsk,
  RunRecord,
  RunStore,
  Setting,
} from '@gamut/core';
import { InputError } from '@gamut/core';
import { GateFailed, RunStopped } from '../io/exit-codes.js';
import { formatWarnings } from '../io/print-warnings.js';
import { createProgress, pickProgressMode } from '../render/progress.js';
import { VERSION } from '../version.js';
import { countingCache, emptyCallCounts } from './call-counter.js';
import { earlyStopFor, earlyStopMessage, watchCalls } from './early-stop.js';
import { exitQuietlyOnClosedStdout, interruptSignal } from './interrupt.js';
import { checkImages, loadAnswers, loadRubrics } from './load-judge-inputs.js';
import { loadRunConfig } from './load-run-config.js';
import { tuneMemoryForJudging } from './memory-tuning.js';
import { openProjectStore, storeFile } from './open-store.js';
import {
  type CallSettings,
  closeJudgeConnections,
  type ResolvedJudge,
  resolveJudge,
  resolveModel,
} from './resolve-judge.js';
import { type HeldLease, holdRunLease } from './run-lease.js';
import { printRunResult } from './run-output.js';
import { type StoredScores, scoreStoredRun } from './score-stored.js';
import { writeRunDirectory } from './write-run-dir.js';

export interface RunCommandOptions {
  config: string;
  resume?: boolean;
  /** Start the run over, keeping the earlier one aside under another id. */
  restart?: boolean;
  store?: string;
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

/**
 * `gamut run`: models answer, judges grade, scores, run directory. The run is
 * named by the config; running it again resumes it, unless what decides its
 * results changed, which is refused naming the parts that changed.
 */
export async function runRunCommand(o: RunCommandOptions): Promise<void> {
  exitQuietlyOnClosedStdout();
  tuneMemoryForJudging();
  const loaded = await loadRunConfig(o.config);
  const { config, runName } = loaded;
  const rubrics = await loadRubrics(loaded.datasetFile);
  if (!o.json) err(formatWarnings(rubrics.warnings));
  if (!rubrics.metas) {
    throw new InputError({
      rule: 'dataset-not-meta-rubrics',
      message:
        'the dataset must hold meta-rubrics (see `gamut schema meta-rubric`): the models under test need each question',
      file: loaded.datasetFile,
    });
  }
  const metas = rubrics.metas;
  await checkImages(rubrics.targets.values());
  const fileAnswers = loaded.answersFile ? await loadAnswers(loaded.answersFile, rubrics.targets) : [];
  const core = await import('@gamut/core');
  const params = core.resolveScoreParams({ lambda: config.lambda, mu: config.mu, weights: config.weights });

  const imageFiles = new Map<string, string>();
  for (const [id, t] of rubrics.targets) if (t.image !== undefined) imageFiles.set(id, t.image);
  const questions: QuestionToAsk[] = metas.map((meta) => {
    const image = imageFiles.get(meta.question_id);
    return {
      questionId: meta.question_id,
      question: meta.question,
      ...(meta.text_only_question !== undefined && { textOnlyQuestion: meta.text_only_question }),
      ...(image !== undefined && { image: { data: image } }),
    };
  });
  // Checked before the run is stored, so a dataset that cannot be asked reserves nothing.
  const plan =
    config.models.length > 0 ? core.planQuestionSettings(questions, config.settings) : new Map<string, Setting[]>();
  const templates: Record<string, string> = {};
  for (const t of core.PROMPT_TEMPLATES) templates[`${t.name}@${t.version}`] = t.sha256;
  const { configHash, configParts } = core.hashConfigParts({
    dataset: metas,
    rubrics: rubrics.compiled.map((r) => [r.question_id, r.rubric_hash]),
    models: config.models,
    answers: fileAnswers,
    judges: config.judges,
    settings: config.settings ?? null,
    system_prompt: config.system_prompt ?? null,
    templates,
  });

  const store = await openProjectStore(o.cwd, o.store);
  let lease: HeldLease | undefined;
  try {
    // Another process on this run and store: wait for it rather than pay twice.
    lease = await holdRunLease({ store, runId: runName, file: storeFile(o.cwd, o.store), say: err });
    const existing = await store.getRun(runName);
    if (o.resume && !existing) {
      throw new InputError({
        rule: 'no-run-to-resume',
        message: `there is no run "${runName}" in ${storeFile(o.cwd, o.store)} to resume`,
        file: o.config,
      });
    }
    if (existing && !o.restart && existing.configHash !== configHash) {
      const changed = core.changedConfigParts(existing.configParts, configParts);
      throw new InputError({
        rule: 'config-changed',
        message:
          `run "${runName}" was started with a different configuration (changed: ${changed.join(', ')}); ` +
          'it cannot be resumed. Start it over with `--restart` (the earlier run is kept aside), ' +
          'or give the run a new `name` in the config to start a separate run.',
        file: o.config,
      });
    }

    const counts = emptyCallCounts();
    const calls: CallSettings = {
      cache: countingCache(store, counts),
      concurrency: config.concurrency,
      rpm: config.rpm,
      tpm: config.tpm,
      timeoutMs: config.timeout_ms,
      retries: config.retries,
      env: o.env,
    };
    // Every spec is resolved before the run is stored: a config that cannot run reserves nothing.
    const models: ModelUnderTest[] = [];
    for (const m of config.models) {
      const model: JudgeModel = await resolveModel(m.spec, calls);
      models.push({ name: m.name ?? m.spec, model: withCallDefaults(model, m) });
    }
    const judges: ResolvedJudge[] = [];
    // A judge's calls (not the answering models') feed its early stop, then the progress line.
    const watchers = config.judges.map(() => watchCalls((e) => calls.onCallEvent?.(e)));
    for (const [i, j] of config.judges.entries()) {
      const watched = watchers[i] as ReturnType<typeof watchCalls>;
      judges.push(
        await resolveJudge(j.spec, {
          ...calls,
          onCallEvent: watched.onCallEvent,
          batched: j.batched === true,
          baseDir: loaded.baseDir,
        }),
      );
    }

    const restarted = existing && o.restart ? await setRunAside(store, runName, existing, loaded.outputDir) : null;
    const resumed = restarted ? undefined : existing;
    const startedAt = resumed?.startedAt ?? new Date().toISOString();
    const manifest: Manifest = {
      run_id: runName,
      toolkit_version: VERSION,
      config_hash: configHash,
      dataset_hash: core.hashCanonical(metas),
      rubric_hashes: Object.fromEntries(rubrics.compiled.map((r) => [r.question_id, r.rubric_hash])),
      models: [...config.models.map((m) => m.name ?? m.spec), ...new Set(fileAnswers.map((a) => a.model))],
      settings: [...new Set([...[...plan.values()].flat(), ...fileAnswers.map((a) => a.setting)])].sort(),
      judges: config.judges.map((j) => ({ spec: j.spec, parameters: { batched: j.batched === true } })),
      prompt_templates: templates,
      lambda: params.lambda,
      mu: params.mu,
      weights: { ...params.weights },
      seed: config.seed,
      started_at: startedAt,
      ended_at: null,
    };
    await store.putRun({
      runId: runName,
      configHash,
      configParts,
      manifest,
      status: 'running',
      startedAt,
      endedAt: null,
    });
    if (restarted && !o.json) {
      err(
        `gamut: restarting run "${runName}"; the earlier run is kept as "${restarted.runId}"` +
          `${restarted.dir ? ` (run directory ${restarted.dir})` : ''}\n`,
      );
    } else if (resumed && !o.quiet && !o.json) err(`gamut: resuming run "${runName}" (${resumed.status})\n`);
    const progress = createProgress({
      mode: pickProgressMode({ quiet: o.quiet, json: o.json, isTTY: process.stderr.isTTY === true }),
      counts,
    });
    calls.onCallEvent = progress.onCallEvent;
    const interrupt = interruptSignal(() =>
      err('\ngamut: stopping: aborting calls in flight (Ctrl-C again to quit at once)\n'),
    );
    let aborted = false;
    let checksPlanned = 0;
    let answerFailures: { questionId: string; model: string; setting: string; error: string }[] = [];
    try {
      for (const a of fileAnswers) await store.putAnswer({ runId: runName, ...a, callKey: null });
      if (models.length > 0) {
        const answered = await core.answerQuestions({
          runId: runName,
          questions,
          models,
          ...(config.settings !== undefined && { settings: config.settings }),
          store,
          concurrency: config.concurrency,
          ...(config.system_prompt !== undefined && { system: config.system_prompt }),
          seed: config.seed,
          signal: interrupt.signal,
          onEvent: progress.onEvent,
        });
        answerFailures = answered.failed;
        aborted = answered.aborted;
      }
      if (!aborted) {
        const answers = (await store.getAnswers(runName)).map((a) => ({
          questionId: a.questionId,
          model: a.model,
          setting: a.setting,
          response: a.response,
        }));
        for (const [i, j] of config.judges.entries()) {
          const resolved = judges[i] as ResolvedJudge;
          const watched = watchers[i] as ReturnType<typeof watchCalls>;
          const summary = await core.judgeAnswers({
            runId: runName,
            targets: rubrics.targets,
            answers,
            judge: resolved.judge,
            store,
            concurrency: config.concurrency,
            batched: j.batched === true,
            signal: interrupt.signal,
            onEvent: progress.onEvent,
            ...earlyStopFor(resolved, watched.streak),
          });
          if (summary.aborted) {
            aborted = true;
            break;
          }
          if (summary.stopped) {
            throw new RunStopped(earlyStopMessage(summary.stopped, j.spec, storeFile(o.cwd, o.store)));
          }
          checksPlanned += summary.planned;
        }
      }
    } catch (e) {
      await store.setRunStatus(runName, 'failed', new Date().toISOString());
      throw e;
    } finally {
      progress.stop();
      interrupt.dispose();
      // Kept-alive sockets would hold the process open after its last write (as in `gamut judge`).
      for (const spec of new Set([...config.models.map((m) => m.spec), ...config.judges.map((j) => j.spec)])) {
        await closeJudgeConnections(spec);
      }
    }

    if (aborted) {
      await store.setRunStatus(runName, 'interrupted', new Date().toISOString());
      await store.flush();
      err(
        `gamut: interrupted; everything finished so far is stored in ${storeFile(o.cwd, o.store)}.\n` +
          `  Resume with: gamut run ${o.config}${o.store ? ` --store ${o.store}` : ''}\n`,
      );
      process.exitCode = 130;
      return;
    }

    const failures = await store.getJudgeFailures(runName);
    const scored: StoredScores[] = [];
    for (const j of judges) {
      scored.push(
        await scoreStoredRun({
          store,
          runId: runName,
          rubrics: rubrics.compiled,
          judge: j.judge.id,
          params,
          seed: config.seed,
          failures,
        }),
      );
    }
    const endedAt = new Date().toISOString();
    const finalManifest = { ...manifest, ended_at: endedAt };
    await writeRunDirectory({
      dir: loaded.outputDir,
      store,
      runId: runName,
      rerun: `gamut run ${o.config}${o.store ? ` --store ${o.store}` : ''}`,
      manifest: finalManifest,
      metas,
      imageFiles,
      compiled: rubrics.compiled,
      scores: scored.map((s) => s.report),
    });
    await store.putRun({
      runId: runName,
      configHash,
      configParts,
      manifest: finalManifest,
      status: 'finished',
      startedAt,
      endedAt,
    });

    const gate = judges.flatMap((j, i) =>
      core.scoreGate(scored[i]?.report ?? null, o.failUnder).map((m) => `${j.judge.id}: ${m}`),
    );
    const failureGate = core.judgeFailureGate({
      failures: failures.length,
      checks: checksPlanned,
      allowance: o.failOnJudgeFailures ? { count: 0 } : o.maxJudgeFailures,
      listedIn: `${loaded.outputDir}/verdicts.jsonl (lines with "verdict": null) and judge-failures.jsonl`,
    });
    if (failureGate) gate.push(failureGate);
    printRunResult({
      json: o.json === true,
      quiet: o.quiet === true,
      runId: runName,
      runDir: loaded.outputDir,
      store: storeFile(o.cwd, o.store),
      counts,
      judges: judges.map((j, i) => ({
        id: j.judge.id,
        spec: j.spec,
        scores: scored[i] ?? { report: null },
      })),
      answerFailures,
      failures,
      gate,
    });
    if (gate.length) throw new GateFailed(gate.join('; '));
  } finally {
    await lease?.release();
    await store.close();
  }
}

/**
 * Moves an earlier run out of the way of a restart: its store rows to
 * `<name>.<start time>` and its run directory, if any, beside itself with the
 * same suffix. Nothing is deleted.
 */
async function setRunAside(
  store: RunStore,
  runName: string,
  existing: RunRecord,
  outputDir: string,
): Promise<{ runId: string; dir: string | null }> {
  const stamp = existing.startedAt.replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
  let runId = `${runName}.${stamp}`;
  for (
    let n = 2;
    (await store.getRun(runId)) !== undefined || existsSync(`${outputDir}.${runId.slice(runName.length + 1)}`);
    n++
  ) {
    runId = `${runName}.${stamp}-${n}`;
  }
  await store.renameRun(runName, runId);
  const dir = `${outputDir}.${runId.slice(runName.length + 1)}`;
  if (!existsSync(outputDir)) return { runId, dir: null };
  await rename(outputDir, dir);
  // The directory's manifest names the run it now belongs to, as the store does.
  const manifestFile = join(dir, 'manifest.json');
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, unknown>;
    await writeFile(manifestFile, `${JSON.stringify({ ...manifest, run_id: runId }, null, 2)}\n`);
  }
  return { runId, dir };
}

/** Per-model temperature and output limit from the config, applied to every call of that model. */
function withCallDefaults(model: JudgeModel, m: { temperature?: number; max_output_tokens?: number }): JudgeModel {
  if (m.temperature === undefined && m.max_output_tokens === undefined) return model;
  return {
    specificationVersion: model.specificationVersion,
    provider: model.provider,
    modelId: model.modelId,
    endpoint: model.endpoint,
    doGenerate: (options) =>
      model.doGenerate({
        ...options,
        ...(m.temperature !== undefined && { temperature: m.temperature }),
        ...(m.max_output_tokens !== undefined && { maxOutputTokens: m.max_output_tokens }),
      }),
  };
}
