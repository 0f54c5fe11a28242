import type { Clock } from '../ports/random.js';
import type { RunRecord, RunStore, StoredJudgeFailure } from '../ports/store.js';
import type { CompiledRubric } from '../schema/compiled-rubric.js';
import type { Setting } from '../schema/ids.js';
import type { Manifest } from '../schema/manifest.js';
import type { ScoreParamsInput } from '../score/params.js';
import type { ScoreReport } from '../score/score-report.js';
import { type AnswerSummary, answerQuestions, type ModelUnderTest, type QuestionToAsk } from './answer-questions.js';
import type { RunEventListener } from './events.js';
import type { EarlyStop, FailureStreak } from './failure-streak.js';
import { answerFailureGate, type FailureAllowance, judgeFailureGate, scoreGate } from './gates.js';
import {
  type AnswerToJudge,
  type JudgeSummary,
  type JudgeTarget,
  judgeAnswers,
  type RunCheckJudge,
} from './judge-answers.js';
import { type RunAside, type RunStart, startRun } from './run-start.js';
import { scoreStoredRun } from './score-stored.js';

/** One judge of an evaluation, resolved by the caller. */
export interface EvaluationJudge {
  /** The spec as the user wrote it (for messages). */
  spec: string;
  judge: RunCheckJudge;
  batched: boolean;
  /** Fed by the caller with this judge's model calls: stops the run when the first calls all fail. */
  callStreak?: FailureStreak;
  /** Stop when the first this-many checks all fail (0: never); used without `callStreak`. */
  stopAfterFailures?: number;
  /** Checks in flight at once for this judge (default the run's `concurrency`): a queue keeps many ahead. */
  concurrency?: number;
}

export interface EvaluationParticipants {
  models: readonly ModelUnderTest[];
  judges: readonly EvaluationJudge[];
}

/** The quality gates: what makes a finished run fail (exit 1 at the edge). */
export interface EvaluationGates {
  /** A model whose mean Gamut score is below this fails the run. */
  failUnder?: number;
  /** Judge failures let through; default none. */
  maxJudgeFailures?: FailureAllowance;
  /** Where the judge failures are listed, for the gate's reason. */
  judgeFailuresListedIn: string;
  /** Where the failed answers are listed, for the gate's reason. */
  answerFailuresListedIn?: string;
  /** Prefix each `failUnder` reason with its judge's id (runs that name a list of judges). */
  nameJudges?: boolean;
}

/** The manifest less what the run decides itself: its id, config hash and times. */
export type ManifestBase = Omit<Manifest, 'run_id' | 'config_hash' | 'started_at' | 'ended_at'>;

export interface RunEvaluationOptions {
  store: RunStore;
  clock: Clock;
  /** The run's id, or how it follows from the config hash (runs named by what they judge). */
  runId: string | ((configHash: string) => string);
  /** Hash of each part that decides the results (`hashConfigParts`): a resume compares them. */
  configParts: Readonly<Record<string, string>>;
  manifest: ManifestBase;
  /** `continue` (default) resumes or starts; `resume` refuses to start; `restart` keeps the earlier run aside. */
  mode?: 'continue' | 'resume' | 'restart';
  /** For messages: the store's file and the config that names the run. */
  where: { store: string; config?: string };
  /** Waits for, then holds, the run's lease, so two processes on one store never pay twice. */
  holdLease?: (runId: string) => Promise<{ release(): Promise<void> }>;
  /** Models and judges; a function is called once the run is known resumable and before it is stored. */
  participants: EvaluationParticipants | (() => Promise<EvaluationParticipants>);
  /** Where a restart moves the earlier run's files. */
  aside?: RunAside;
  /** What the models under test are asked. */
  questions?: readonly QuestionToAsk[];
  settings?: readonly Setting[];
  system?: string;
  seed?: number;
  concurrency: number;
  /** Answers given with the run (an answers file): stored before the models answer. */
  givenAnswers?: readonly AnswerToJudge[];
  /** What is judged: these answers, read as they are and not stored; by default every answer the run has stored. */
  answers?: Iterable<AnswerToJudge>;
  targets: ReadonlyMap<string, JudgeTarget>;
  /** For scoring; a function when they are only read if scores are wanted. */
  rubrics: readonly CompiledRubric[] | (() => readonly CompiledRubric[]);
  params?: ScoreParamsInput;
  /** Score each judge's verdicts (default true); without scores `failUnder` cannot pass. */
  score?: boolean;
  gates: EvaluationGates;
  signal?: AbortSignal;
  onEvent?: RunEventListener;
  /** The run is stored as running: say so, start progress, listen for Ctrl-C. */
  onStarted?: (start: RunStart) => void;
  /** After the last model call, whether it went well or not (close connections, stop progress). */
  afterCalls?: () => Promise<void>;
  /** Writes the run's files (a run directory) before the run is marked finished. */
  writeOutputs?: (run: FinishedRun) => Promise<void>;
}

export interface JudgedBy {
  judge: EvaluationJudge;
  summary: JudgeSummary;
  /** Null when nothing of this judge's was stored, or scores were not asked for. */
  report: ScoreReport | null;
}

export interface FinishedRun {
  runId: string;
  manifest: Manifest;
  judges: JudgedBy[];
  answerFailures: AnswerSummary['failed'];
  failures: StoredJudgeFailure[];
}

export type EvaluationOutcome =
  /** Stopped by the signal; `checks`: the judge that was judging, if one was. */
  | { status: 'interrupted'; runId: string; checks: JudgeSummary | null }
  /** A judge's first calls all failed: the run is `failed`, what finished is stored. */
  | { status: 'stopped'; runId: string; stop: EarlyStop; judge: EvaluationJudge }
  /** `gate`: why the run fails its quality gates; empty when it passes. */
  | ({ status: 'finished'; gate: string[] } & FinishedRun);

interface Phase {
  answered: AnswerSummary | null;
  judged: JudgedBy[];
  interrupted: JudgeSummary | null | undefined;
  stopped?: { stop: EarlyStop; judge: EvaluationJudge };
}

/**
 * The one run lifecycle of `gamut run`, `gamut judge` and `gamut demo`:
 * resume or refuse (naming the changed parts), the run stored as running,
 * models answer, judges grade (what the store has is skipped), a failed
 * check is recorded and leaves its answer unscored, status set from the
 * clock (`failed` on a fatal error, `interrupted`, `finished` after the
 * outputs), then the quality gates. Fatal errors are rethrown once the run
 * is marked failed.
 */
export async function runEvaluation(o: RunEvaluationOptions): Promise<EvaluationOutcome> {
  const started = await startRun(o);
  try {
    const phase = await callModels(o, started.runId, started.participants);
    if (phase.interrupted !== undefined) {
      await o.store.setRunStatus(started.runId, 'interrupted', o.clock().toISOString());
      await o.store.flush();
      return { status: 'interrupted', runId: started.runId, checks: phase.interrupted };
    }
    if (phase.stopped) {
      await o.store.setRunStatus(started.runId, 'failed', o.clock().toISOString());
      await o.store.flush();
      return { status: 'stopped', runId: started.runId, ...phase.stopped };
    }
    return await finishRun(o, started.runId, started.record, phase);
  } finally {
    await started.lease?.release();
  }
}

/** Answers then verdicts; a fatal error marks the run failed and is rethrown. */
async function callModels(o: RunEvaluationOptions, runId: string, who: EvaluationParticipants): Promise<Phase> {
  const phase: Phase = { answered: null, judged: [], interrupted: undefined };
  try {
    for (const a of o.givenAnswers ?? []) await o.store.putAnswer({ runId, ...a, callKey: null });
    if (who.models.length > 0) {
      phase.answered = await answerQuestions({
        runId,
        questions: o.questions ?? [],
        models: who.models,
        ...(o.settings !== undefined && { settings: o.settings }),
        store: o.store,
        concurrency: o.concurrency,
        ...(o.system !== undefined && { system: o.system }),
        ...(o.seed !== undefined && { seed: o.seed }),
        ...(o.signal !== undefined && { signal: o.signal }),
        ...(o.onEvent !== undefined && { onEvent: o.onEvent }),
      });
      if (phase.answered.aborted) return { ...phase, interrupted: null };
    }
    const answers = o.answers ?? (await storedAnswers(o.store, runId));
    for (const judge of who.judges) {
      const summary = await judgeAnswers({
        runId,
        targets: o.targets,
        answers,
        judge: judge.judge,
        store: o.store,
        concurrency: judge.concurrency ?? o.concurrency,
        batched: judge.batched,
        ...(o.signal !== undefined && { signal: o.signal }),
        ...(o.onEvent !== undefined && { onEvent: o.onEvent }),
        ...(judge.callStreak !== undefined && { callStreak: judge.callStreak }),
        ...(judge.stopAfterFailures !== undefined && { stopAfterFailures: judge.stopAfterFailures }),
      });
      if (summary.aborted) return { ...phase, interrupted: summary };
      if (summary.stopped) return { ...phase, stopped: { stop: summary.stopped, judge } };
      phase.judged.push({ judge, summary, report: null });
    }
    return phase;
  } catch (e) {
    await o.store.setRunStatus(runId, 'failed', o.clock().toISOString());
    throw e;
  } finally {
    await o.afterCalls?.();
  }
}

async function storedAnswers(store: RunStore, runId: string): Promise<AnswerToJudge[]> {
  return (await store.getAnswers(runId)).map((a) => ({
    questionId: a.questionId,
    model: a.model,
    setting: a.setting,
    response: a.response,
  }));
}

/** Scores, the caller's outputs, then `finished` with the end time; the gates last. */
async function finishRun(
  o: RunEvaluationOptions,
  runId: string,
  record: RunRecord,
  phase: Phase,
): Promise<EvaluationOutcome> {
  const failures = await o.store.getJudgeFailures(runId);
  if (o.score !== false) {
    const rubrics = typeof o.rubrics === 'function' ? o.rubrics() : o.rubrics;
    for (const j of phase.judged) {
      j.report = await scoreStoredRun({
        store: o.store,
        runId,
        rubrics,
        judge: j.judge.judge.id,
        ...(o.params !== undefined && { params: o.params }),
        ...(o.seed !== undefined && { seed: o.seed }),
        failures,
      });
    }
  }
  const endedAt = o.clock().toISOString();
  const manifest = { ...record.manifest, ended_at: endedAt };
  const run: FinishedRun = {
    runId,
    manifest,
    judges: phase.judged,
    answerFailures: phase.answered?.failed ?? [],
    failures,
  };
  await o.writeOutputs?.(run);
  await o.store.putRun({ ...record, manifest, status: 'finished', endedAt });
  return { status: 'finished', ...run, gate: gates(o.gates, run, phase.answered) };
}

function gates(g: EvaluationGates, run: FinishedRun, answered: AnswerSummary | null): string[] {
  const out = run.judges.flatMap((j) =>
    scoreGate(j.report, g.failUnder).map((m) => (g.nameJudges ? `${j.judge.judge.id}: ${m}` : m)),
  );
  const failed = judgeFailureGate({
    failures: run.failures.length,
    checks: run.judges.reduce((n, j) => n + j.summary.planned, 0),
    allowance: g.maxJudgeFailures,
    listedIn: g.judgeFailuresListedIn,
  });
  if (failed) out.push(failed);
  const unanswered = answerFailureGate({
    failures: run.answerFailures.length,
    planned: answered?.planned ?? 0,
    listedIn: g.answerFailuresListedIn ?? 'the answer failures above',
  });
  if (unanswered) out.push(unanswered);
  return out;
}
