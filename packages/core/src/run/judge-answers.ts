import { InputError } from '../issues/errors.js';
import type { Issue } from '../issues/issue.js';
import type { CheckJudge, CheckJudgeInput, CheckOutcome } from '../judge/check-judge.js';
import { failureKindOf } from '../judge/failure-kind.js';
import type { AnswerJudgeInput } from '../judge/llm-check-judge.js';
import type { RunStore } from '../ports/store.js';
import type { Check } from '../schema/compiled-rubric.js';
import type { JudgeFailureKind, Language, Setting } from '../schema/ids.js';
import { CallStop } from './call-stop.js';
import type { RunEventListener } from './events.js';
import { type EarlyStop, earlyStopLimit, FailureStreak } from './failure-streak.js';
import { runPool } from './pool.js';
import { WriteQueue } from './write-queue.js';

/** What the judge needs of one question besides the answer. */
export interface JudgeTarget {
  questionId: string;
  /** The question as asked in the multimodal setting. */
  question: string;
  /** The question as asked in the text-only setting; defaults to `question`. */
  textOnlyQuestion?: string;
  /** The entity the question is about (meta-rubric `entity`). */
  entity?: string;
  /** Image for the multimodal setting, already resolved by the caller (path, URL or data URL). */
  image?: string;
  language: Language;
  checks: readonly Check[];
}

export interface AnswerToJudge {
  questionId: string;
  model: string;
  setting: Setting;
  response: string;
}

/** A judge that can also grade all checks of one answer together (the LLM judge's batched mode). */
export type RunCheckJudge = CheckJudge & {
  judgeAnswer?(input: AnswerJudgeInput, signal?: AbortSignal): Promise<CheckOutcome[]>;
};

export interface JudgeAnswersOptions {
  runId: string;
  /** Looked up once per answer; may read from disk (the CLI's index keeps only line offsets). */
  targets: ReadonlyMap<string, JudgeTarget>;
  /** Iterated three times (validate, plan, judge), one answer at a time: a lazy iterable keeps memory flat. */
  answers: Iterable<AnswerToJudge>;
  judge: RunCheckJudge;
  store: RunStore;
  /** Checks (or, batched, answers) in flight at once. */
  concurrency: number;
  /** Grade each answer's open checks in one `judgeAnswer` call. */
  batched?: boolean;
  sample?: number;
  signal?: AbortSignal;
  onEvent?: RunEventListener;
  /**
   * Stop when the first this-many checks judged all fail (default 8, at most
   * the checks left to judge, never fewer than 3; 0 never stops). See `FailureStreak`.
   */
  stopAfterFailures?: number;
  /**
   * A streak the caller feeds with every model call (attempts and retries,
   * which it sees and we do not): it stops the run instead of the checks'
   * outcomes, so a dead endpoint stops after 8 calls, not 8 checks × their retries.
   */
  callStreak?: FailureStreak;
}

export interface JudgeSummary {
  planned: number;
  /** Already in the store before this call: not judged again. */
  skipped: number;
  judged: number;
  failed: number;
  aborted: boolean;
  /** Set when the run stopped early because its first checks all failed; what finished is stored. */
  stopped?: EarlyStop;
}

/**
 * Judges every (answer, check) the store does not have yet and writes each
 * verdict or judge failure as it finishes. Re-running with the same store
 * resumes: finished checks are skipped, failed ones are tried again.
 */
export async function judgeAnswers(options: JudgeAnswersOptions): Promise<JudgeSummary> {
  assertKnownQuestions(options.answers, options.targets);
  const finished = await finishedChecksOf(options);
  const openChecks = async (a: AnswerToJudge) => {
    const done = await finished(a);
    return options.targets.get(a.questionId)!.checks.filter((c) => !done.has(c.id));
  };
  const { planned, skipped } = await planChecks(options, finished);
  options.onEvent?.({ type: 'checks-planned', total: planned, done: skipped });
  const summary: JudgeSummary = { planned, skipped, judged: 0, failed: 0, aborted: false };
  // The caller's call-level streak when it gives one; else one over the checks' outcomes.
  const streak = options.callStreak ?? new FailureStreak(earlyStopLimit(planned - skipped, options.stopAfterFailures));
  const checkStreak = options.callStreak ? undefined : streak;
  const stop = new CallStop(options.signal);
  streak.onStop = (stopped) => {
    if (stop.signal.aborted) return;
    summary.stopped = stopped;
    stop.halt(new Error('stopped early'));
  };
  const writes = new WriteQueue();
  const record = (a: AnswerToJudge, check: Check, outcome: CheckOutcome) =>
    writes.add(() => recordOutcome({ ...options, summary, checkStreak }, a, check, outcome));

  try {
    await judgeOpenChecks(options, { openChecks, stop, record });
  } catch (e) {
    if (stop.fatal) throw stop.fatal.error;
    if (!stop.signal.aborted) throw e;
  } finally {
    stop.release();
    streak.onStop = undefined;
    await writes.drain();
  }
  writes.throwIfFailed();
  summary.aborted = stop.abortedByCaller;
  if (summary.aborted) delete summary.stopped;
  return summary;
}

function assertKnownQuestions(answers: Iterable<AnswerToJudge>, targets: ReadonlyMap<string, JudgeTarget>): void {
  const unknown: Issue[] = [];
  for (const a of answers) {
    if (!targets.has(a.questionId)) {
      unknown.push({
        rule: 'unknown-question',
        message: `answer for question "${a.questionId}" has no rubric`,
        question: a.questionId,
        model: a.model,
      });
    }
  }
  if (unknown.length) throw new InputError(unknown);
}

type FinishedChecks = (a: AnswerToJudge) => Promise<ReadonlySet<string>>;

/** A fresh run asks the store nothing per answer; a resumed one asks once per answer and pass. */
async function finishedChecksOf(options: JudgeAnswersOptions): Promise<FinishedChecks> {
  const { runId, store, judge } = options;
  const sample = options.sample ?? 0;
  if ((await store.countVerdicts(runId)) === 0) return () => Promise.resolve(NONE);
  return (a) =>
    store.finishedChecks({
      runId,
      questionId: a.questionId,
      model: a.model,
      setting: a.setting,
      judge: judge.id,
      sample,
    });
}

async function planChecks(
  options: JudgeAnswersOptions,
  finished: FinishedChecks,
): Promise<{ planned: number; skipped: number }> {
  let planned = 0;
  let skipped = 0;
  for (const a of options.answers) {
    const checks = options.targets.get(a.questionId)!.checks;
    planned += checks.length;
    const done = await finished(a);
    for (const c of checks) if (done.has(c.id)) skipped++;
  }
  return { planned, skipped };
}

/** Sends the open checks through the pool, all of an answer's checks in one call when batched. */
async function judgeOpenChecks(
  options: JudgeAnswersOptions,
  run: {
    openChecks: (a: AnswerToJudge) => Promise<readonly Check[]>;
    stop: CallStop;
    record: (a: AnswerToJudge, check: Check, outcome: CheckOutcome) => void;
  },
): Promise<void> {
  const { judge, targets } = options;
  const { openChecks, stop, record } = run;
  const inputOf = (a: AnswerToJudge) => checkInput(targets.get(a.questionId)!, a);
  if (options.batched && judge.judgeAnswer) {
    const judgeAnswer = judge.judgeAnswer.bind(judge);
    await runPool({
      items: options.answers,
      concurrency: options.concurrency,
      signal: stop.signal,
      worker: async (a) => {
        const checks = await openChecks(a);
        if (checks.length === 0) return;
        const outcomes = await stop.call((own) => judgeAnswer({ ...inputOf(a), checks }, own));
        for (const [i, c] of checks.entries()) record(a, c, outcomes[i]!);
      },
    });
    return;
  }
  await runPool({
    items: pairs(options.answers, openChecks, inputOf),
    concurrency: options.concurrency,
    signal: stop.signal,
    worker: async ({ answer, shared, check }) => {
      const outcome = await stop.call((own) => judge.judge({ ...shared, check }, own));
      record(answer, check, outcome);
    },
  });
}

/** What the judge is told of one answer besides the check, in the answer's setting. */
export function checkInput(t: JudgeTarget, a: AnswerToJudge): Omit<CheckJudgeInput, 'check'> {
  const multimodal = a.setting === 'multimodal';
  return {
    questionId: a.questionId,
    question: a.setting === 'text_only' ? (t.textOnlyQuestion ?? t.question) : t.question,
    originalQuestion: t.question,
    ...(t.entity !== undefined && { subject: t.entity }),
    ...(multimodal && t.image !== undefined && { image: t.image }),
    answer: a.response,
    language: t.language,
    model: a.model,
    setting: a.setting,
  };
}

/** Stores one outcome, counts it, feeds the check streak and tells the listener. */
async function recordOutcome(
  ctx: JudgeAnswersOptions & { summary: JudgeSummary; checkStreak: FailureStreak | undefined },
  a: AnswerToJudge,
  check: Check,
  outcome: CheckOutcome,
): Promise<void> {
  const k = {
    runId: ctx.runId,
    questionId: a.questionId,
    model: a.model,
    setting: a.setting,
    checkId: check.id,
    judge: ctx.judge.id,
    sample: ctx.sample ?? 0,
  };
  if (outcome.status === 'ok') {
    ctx.checkStreak?.ok();
    await ctx.store.putVerdict({ ...k, verdict: outcome.verdict, rationale: outcome.rationale, quote: outcome.quote });
    ctx.summary.judged++;
    ctx.onEvent?.({ type: 'check-done', ...eventKey(k), verdict: outcome.verdict });
  } else {
    const kind = kindOf(outcome);
    ctx.checkStreak?.failed(kind, outcome.error);
    await ctx.store.putJudgeFailure({ ...k, error: outcome.error, raw: outcome.raw, kind });
    ctx.summary.failed++;
    ctx.onEvent?.({ type: 'check-failed', ...eventKey(k), error: outcome.error, kind });
  }
}

/** The failure's kind as the judge named it, else as its message says (judges that name no kind). */
function kindOf(outcome: Extract<CheckOutcome, { status: 'failed' }>): JudgeFailureKind {
  return outcome.kind ?? failureKindOf(outcome.error, outcome.raw);
}

const NONE: ReadonlySet<string> = new Set();

/** (answer, check) pairs made as the pool asks for them; what an answer's checks share is built once. */
async function* pairs(
  answers: Iterable<AnswerToJudge>,
  openChecks: (a: AnswerToJudge) => Promise<readonly Check[]>,
  inputOf: (a: AnswerToJudge) => Omit<CheckJudgeInput, 'check'>,
): AsyncGenerator<{ answer: AnswerToJudge; shared: Omit<CheckJudgeInput, 'check'>; check: Check }> {
  for (const answer of answers) {
    const checks = await openChecks(answer);
    if (checks.length === 0) continue;
    const shared = inputOf(answer);
    for (const check of checks) yield { answer, shared, check };
  }
}

function eventKey(k: { questionId: string; model: string; setting: Setting; checkId: string; judge: string }) {
  return { questionId: k.questionId, model: k.model, setting: k.setting, checkId: k.checkId, judge: k.judge };
}
