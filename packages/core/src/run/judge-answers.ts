import { InputError } from '../issues/errors.js';
import type { Issue } from '../issues/issue.js';
import type { CheckJudge, CheckJudgeInput, CheckOutcome } from '../judge/check-judge.js';
import { failureKindOf } from '../judge/failure-kind.js';
import type { AnswerJudgeInput } from '../judge/llm-check-judge.js';
import type { RunStore } from '../ports/store.js';
import type { Check } from '../schema/compiled-rubric.js';
import type { JudgeFailureKind, Language, Setting } from '../schema/ids.js';
import type { RunEventListener } from './events.js';
import { type EarlyStop, earlyStopLimit, FailureStreak } from './failure-streak.js';
import { runPool } from './pool.js';

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
  const { runId, judge, store, targets } = options;
  const sample = options.sample ?? 0;
  const unknown: Issue[] = [];
  for (const a of options.answers) {
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

  // A fresh run asks the store nothing per answer; a resumed one asks once per answer and pass.
  const resuming = (await store.countVerdicts(runId)) > 0;
  const finished = (a: AnswerToJudge): Promise<ReadonlySet<string>> =>
    resuming
      ? store.finishedChecks({
          runId,
          questionId: a.questionId,
          model: a.model,
          setting: a.setting,
          judge: judge.id,
          sample,
        })
      : Promise.resolve(NONE);
  let planned = 0;
  let skipped = 0;
  for (const a of options.answers) {
    const checks = targets.get(a.questionId)!.checks;
    planned += checks.length;
    if (!resuming) continue;
    const done = await finished(a);
    for (const c of checks) if (done.has(c.id)) skipped++;
  }
  options.onEvent?.({ type: 'checks-planned', total: planned, done: skipped });
  const summary: JudgeSummary = { planned, skipped, judged: 0, failed: 0, aborted: false };
  // The caller's call-level streak when it gives one; else one over the checks' outcomes.
  const streak = options.callStreak ?? new FailureStreak(earlyStopLimit(planned - skipped, options.stopAfterFailures));
  const checkStreak = options.callStreak ? undefined : streak;
  // Stopping (the caller's signal, an early stop, a judge that throws) aborts every call in flight.
  // Each call has a signal of its own: hundreds of calls listening on one would look like a leak.
  const stop = new AbortController();
  const signal = stop.signal;
  const inFlight = new Set<AbortController>();
  const halt = (reason: unknown) => {
    if (signal.aborted) return;
    stop.abort(reason);
    for (const c of inFlight) c.abort(reason);
  };
  streak.onStop = (stopped) => {
    if (signal.aborted) return;
    summary.stopped = stopped;
    halt(new Error('stopped early'));
  };
  const outer = options.signal;
  const onOuterAbort = () => halt(outer?.reason);
  if (outer?.aborted) halt(outer.reason);
  else outer?.addEventListener('abort', onOuterAbort, { once: true });

  const record = async (a: AnswerToJudge, check: Check, outcome: CheckOutcome) => {
    const k = {
      runId,
      questionId: a.questionId,
      model: a.model,
      setting: a.setting,
      checkId: check.id,
      judge: judge.id,
      sample,
    };
    if (outcome.status === 'ok') {
      checkStreak?.ok();
      await store.putVerdict({ ...k, verdict: outcome.verdict, rationale: outcome.rationale, quote: outcome.quote });
      summary.judged++;
      options.onEvent?.({ type: 'check-done', ...eventKey(k), verdict: outcome.verdict });
    } else {
      const kind = kindOf(outcome);
      checkStreak?.failed(kind, outcome.error);
      await store.putJudgeFailure({ ...k, error: outcome.error, raw: outcome.raw, kind });
      summary.failed++;
      options.onEvent?.({ type: 'check-failed', ...eventKey(k), error: outcome.error, kind });
    }
  };

  // A lane sends its next call as soon as its verdict is queued: the store commits
  // the queue within the same event-loop turn, so a crash still loses only what
  // was in flight, and no lane waits out a commit. A failed write stops the run.
  const writes = new Set<Promise<void>>();
  let writeFailure: { error: unknown } | undefined;
  const recordSoon = (a: AnswerToJudge, check: Check, outcome: CheckOutcome) => {
    if (writeFailure) throw writeFailure.error;
    const w = record(a, check, outcome).then(
      () => {
        writes.delete(w);
      },
      (error: unknown) => {
        writes.delete(w);
        writeFailure ??= { error };
      },
    );
    writes.add(w);
  };

  const inputOf = (a: AnswerToJudge): Omit<CheckJudgeInput, 'check'> => {
    const t = targets.get(a.questionId)!;
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
  };
  const openChecks = async (a: AnswerToJudge) => {
    const done = await finished(a);
    return targets.get(a.questionId)!.checks.filter((c) => !done.has(c.id));
  };

  // A judge that throws (a bad key, an unknown model, a spent quota) stops the run at once:
  // the calls in flight are aborted rather than left to wait out their retries.
  let fatal: { error: unknown } | undefined;
  const call = async <T>(send: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    const own = new AbortController();
    if (signal.aborted) own.abort(signal.reason);
    inFlight.add(own);
    try {
      return await send(own.signal);
    } catch (error) {
      if (!signal.aborted) {
        fatal = { error };
        halt(error);
      }
      throw error;
    } finally {
      inFlight.delete(own);
    }
  };

  try {
    if (options.batched && judge.judgeAnswer) {
      const judgeAnswer = judge.judgeAnswer.bind(judge);
      await runPool({
        items: options.answers,
        concurrency: options.concurrency,
        signal,
        worker: async (a) => {
          const checks = await openChecks(a);
          if (checks.length === 0) return;
          const outcomes = await call((own) => judgeAnswer({ ...inputOf(a), checks }, own));
          for (const [i, c] of checks.entries()) recordSoon(a, c, outcomes[i]!);
        },
      });
    } else {
      await runPool({
        items: pairs(options.answers, openChecks, inputOf),
        concurrency: options.concurrency,
        signal,
        worker: async ({ answer, shared, check }) => {
          const outcome = await call((own) => judge.judge({ ...shared, check }, own));
          recordSoon(answer, check, outcome);
        },
      });
    }
  } catch (e) {
    if (fatal) throw fatal.error;
    if (!signal.aborted) throw e;
  } finally {
    outer?.removeEventListener('abort', onOuterAbort);
    streak.onStop = undefined;
    while (writes.size > 0) await Promise.all(writes);
  }
  if (writeFailure) throw writeFailure.error;
  summary.aborted = outer?.aborted === true;
  if (summary.aborted) delete summary.stopped;
  return summary;
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
