import type { Manifest, ScoreReport } from '@gamut/core';
import type { CallEvent } from '@gamut/providers';
import { GateFailed, RunStopped } from '../io/exit-codes.js';
import { formatWarnings } from '../io/print-warnings.js';
import { createProgress, pickProgressMode } from '../render/progress.js';
import { VERSION } from '../version.js';
import { countingCache, emptyCallCounts } from './call-counter.js';
import { earlyStopFor, earlyStopMessage, watchCalls } from './early-stop.js';
import { type JunitAnswer, junitXml, type VerdictFormat, verdictText, writeStreamAtomic } from './export-verdicts.js';
import { AnswerIndex, RubricIndex } from './indexed-inputs.js';
import { exitQuietlyOnClosedStdout, interruptSignal } from './interrupt.js';
import { type FailureAllowance, judgeFailureGate } from './judge-failure-gate.js';
import { checkImages } from './load-judge-inputs.js';
import { tuneMemoryForJudging } from './memory-tuning.js';
import { openProjectStore, storeFile } from './open-store.js';
import { closeJudgeConnections, resolveJudge, warmUpJudge } from './resolve-judge.js';
import { type HeldLease, holdRunLease } from './run-lease.js';
import { failureJson } from './run-output.js';
import { scoreStoredRun } from './score-stored.js';
import { hashFile } from './stream-records.js';
import { failureList, leaderboardTable, unscoredSummary } from './summary.js';

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
  // Provider code loads while the inputs are read, so the first calls go out at once.
  const warm = warmUpJudge(o.judge);
  // Inputs are validated in full up front but kept as line offsets: memory stays flat however large they are.
  const rubrics = await RubricIndex.open(o.rubrics);
  if (!o.json) process.stderr.write(formatWarnings(rubrics.warnings));
  let answers: AnswerIndex | undefined;
  try {
    answers = await AnswerIndex.open(o.answers, rubrics);
    await checkImages(rubrics.images);
    await judgeIndexed(o, rubrics, answers, warm);
  } finally {
    rubrics.close();
    answers?.close();
  }
}

async function judgeIndexed(
  o: JudgeCommandOptions,
  rubrics: RubricIndex,
  answers: AnswerIndex,
  warm: Promise<void>,
): Promise<void> {
  const answersHash = await hashFile(o.answers);
  const { hashCanonical, resolveScoreParams, judgeAnswers } = await import('@gamut/core');
  const params = resolveScoreParams({ lambda: o.lambda, mu: o.mu });

  const store = await openProjectStore(o.cwd, o.store);
  let lease: HeldLease | undefined;
  try {
    await warm;
    const counts = emptyCallCounts();
    // The progress starts after the judge is resolved; call events reach it once it exists.
    let onCallEvent: (e: CallEvent) => void = () => {};
    // Every call also feeds the early stop: a dead endpoint stops after its first calls, not after every retry.
    const calls = watchCalls((e) => onCallEvent(e));
    const resolved = await resolveJudge(o.judge, {
      onCallEvent: calls.onCallEvent,
      cache: countingCache(store, counts),
      concurrency: o.concurrency,
      rpm: o.rpm,
      tpm: o.tpm,
      timeoutMs: o.timeout,
      retries: o.retries,
      env: o.env,
      batched: o.batched === true,
    });
    const rubricHashes = rubrics.rubricHashes;
    const configParts = {
      rubrics: hashCanonical(rubricHashes),
      answers: answersHash,
      judge: hashCanonical({ spec: o.judge, parameters: resolved.parameters }),
      templates: hashCanonical(resolved.promptTemplates),
    };
    const configHash = hashCanonical(configParts);
    const runId = `judge-${configHash.slice(0, 16)}`;
    // Another process judging this run on this store: wait for it rather than pay twice.
    lease = await holdRunLease({ store, runId, file: storeFile(o.cwd, o.store), say: err });
    const existing = await store.getRun(runId);
    const startedAt = existing?.startedAt ?? new Date().toISOString();
    const manifest: Manifest = {
      run_id: runId,
      toolkit_version: VERSION,
      config_hash: configHash,
      dataset_hash: answersHash,
      rubric_hashes: rubricHashes,
      models: [...answers.models].sort(),
      settings: [...answers.settings].sort(),
      judges: [{ spec: o.judge, parameters: resolved.parameters }],
      prompt_templates: resolved.promptTemplates,
      lambda: params.lambda,
      mu: params.mu,
      weights: { ...params.weights },
      seed: 0,
      started_at: startedAt,
      ended_at: null,
    };
    await store.putRun({ runId, configHash, configParts, manifest, status: 'running', startedAt, endedAt: null });

    const progress = createProgress({
      mode: pickProgressMode({ quiet: o.quiet, json: o.json, isTTY: process.stderr.isTTY === true }),
      counts,
    });
    onCallEvent = progress.onCallEvent;
    const interrupt = interruptSignal(() =>
      err('\ngamut: stopping: aborting calls in flight (Ctrl-C again to quit at once)\n'),
    );
    let summary: Awaited<ReturnType<typeof judgeAnswers>>;
    try {
      summary = await judgeAnswers({
        runId,
        targets: rubrics,
        answers,
        judge: resolved.judge,
        store,
        concurrency: o.concurrency,
        batched: o.batched === true,
        signal: interrupt.signal,
        onEvent: progress.onEvent,
        ...earlyStopFor(resolved, calls.streak),
      });
    } catch (e) {
      // A fatal provider error (a missing key, 401): what finished stays stored and the run says it failed.
      await store.setRunStatus(runId, 'failed', new Date().toISOString());
      throw e;
    } finally {
      progress.stop();
      interrupt.dispose();
      // Kept-alive sockets would hold the process open after its last write.
      await closeJudgeConnections(o.judge);
    }
    const endedAt = new Date().toISOString();
    if (summary.aborted) {
      await store.setRunStatus(runId, 'interrupted', endedAt);
      await store.flush();
      const done = summary.skipped + summary.judged;
      err(
        `gamut: interrupted; ${done} of ${summary.planned} checks are stored in ${storeFile(o.cwd, o.store)}.\n` +
          '  Run the same command again to resume: finished calls are not sent again.\n',
      );
      process.exitCode = 130;
      return;
    }
    if (summary.stopped) {
      await store.setRunStatus(runId, 'failed', endedAt);
      await store.flush();
      throw new RunStopped(earlyStopMessage(summary.stopped, o.judge, storeFile(o.cwd, o.store)));
    }
    await store.putRun({
      runId,
      configHash,
      configParts,
      manifest: { ...manifest, ended_at: endedAt },
      status: 'finished',
      startedAt,
      endedAt,
    });

    const failures = await store.getJudgeFailures(runId);
    const needScores = !o.quiet || o.json || o.failUnder !== undefined || o.format === 'junit';
    const scored = needScores
      ? await scoreStoredRun({ store, runId, rubrics: rubrics.compiled(), judge: resolved.judge.id, params, failures })
      : null;
    const report = scored?.report ?? null;

    if (o.format === 'junit') {
      const xml = junitXml(junitRows(report), o.failUnder);
      if (o.output) await writeStreamAtomic(o.output, [xml]);
      else if (!o.json) process.stdout.write(xml);
    } else if (o.output) {
      await writeStreamAtomic(o.output, verdictText(store.verdicts(runId), o.format, failures));
    } else if (!o.json) {
      for await (const chunk of verdictText(store.verdicts(runId), o.format, failures)) process.stdout.write(chunk);
    }

    const listedIn = o.output
      ? `${o.output}${o.format === 'junit' ? '' : ' (lines with "verdict": null)'}`
      : o.json
        ? '"judge_failures" of the JSON summary'
        : o.format === 'junit'
          ? 'the JUnit report on stdout'
          : 'the verdicts on stdout (lines with "verdict": null)';
    const gate = gateMessages(report, o);
    const failureGate = judgeFailureGate({
      failures: failures.length,
      checks: summary.planned,
      allowance: o.failOnJudgeFailures ? { count: 0 } : o.maxJudgeFailures,
      listedIn,
    });
    if (failureGate) gate.push(failureGate);
    if (o.json) {
      process.stdout.write(
        `${JSON.stringify({
          run_id: runId,
          store: storeFile(o.cwd, o.store),
          judge: resolved.judge.id,
          checks: {
            planned: summary.planned,
            skipped: summary.skipped,
            judged: summary.judged,
            failed: summary.failed,
          },
          calls: counts,
          models: report?.models ?? [],
          unscored: report?.unscored ?? [],
          judge_failures: failures.map(failureJson),
          gate: { passed: gate.length === 0, reasons: gate },
        })}\n`,
      );
    } else if (!o.quiet) {
      err(
        `judged ${summary.judged}, kept ${summary.skipped} from earlier, ${summary.failed} judge failure(s); ` +
          `${counts.calls} call(s) sent, ${counts.cacheHits} from cache\n`,
      );
      if (report) err(leaderboardTable(report));
      err(failureList(failures, 20, listedIn));
      if (report) err(unscoredSummary(report, listedIn));
    }
    if (gate.length) throw new GateFailed(gate.join('; '));
  } finally {
    await lease?.release();
    await store.close();
  }
}

function junitRows(report: ScoreReport | null): JunitAnswer[] {
  const rows: JunitAnswer[] = (report?.answers ?? []).map((a) => ({
    question_id: a.question_id,
    model: a.model,
    setting: a.setting,
    gamut: a.gamut,
    judgeFailures: [],
  }));
  for (const u of report?.unscored ?? []) {
    rows.push({
      question_id: u.question_id,
      model: u.model,
      setting: u.setting,
      gamut: null,
      judgeFailures: u.check_ids.map((c, i) => `${c}: ${u.kinds[i]}`),
    });
  }
  return rows;
}

/** Why the quality gate fails, if it does: a model below `--fail-under` (judge failures are gated apart). */
export function gateMessages(report: ScoreReport | null, o: { failUnder?: number }): string[] {
  const out: string[] = [];
  if (o.failUnder !== undefined) {
    const threshold = o.failUnder;
    for (const m of report?.models ?? []) {
      if (m.gamut !== null && m.gamut < threshold) {
        out.push(
          `${m.model} (${m.setting}) scored ${(m.gamut * 100).toFixed(1)}, below --fail-under ${(threshold * 100).toFixed(1)}`,
        );
      }
    }
    if (!report?.answers.length) out.push('no answer could be scored, so --fail-under cannot pass');
  }
  return out;
}
