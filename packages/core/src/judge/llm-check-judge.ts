import { ProviderError } from '../issues/errors.js';
import type { Check } from '../schema/compiled-rubric.js';
import type { JudgeFailureKind } from '../schema/ids.js';
import type { CheckJudge, CheckJudgeInput, CheckOutcome } from './check-judge.js';
import { isCutOff, type JudgeModel, type ModelCallOptions, type ModelCallResult } from './judge-model.js';
import { createJudgePromptBuilder, withRetryFeedback } from './judge-prompt-build.js';
import { parseBatchedJudgeReply, parseJudgeReply } from './judge-reply-parse.js';

export interface LlmCheckJudgeOptions {
  model: JudgeModel;
  /** Label written into verdict lines; default `<provider>:<modelId>`. */
  id?: string;
  /** Grade all checks of one answer in one call (`judgeAnswer`); checks the reply leaves out are graded one by one. */
  batched?: boolean;
  /** How many times an unusable reply is sent back with the reason before the check is a judge failure. Default 2. */
  maxRepairRetries?: number;
  /** Default 0. */
  temperature?: number;
  /** Default 600 per check (batched: 300 per check + 200). */
  maxOutputTokens?: number;
  seed?: number;
  /** Repeat index for repeatability studies; part of the call cache key. */
  sample?: number;
}

/** Everything one answer's checks share, plus the checks. */
export type AnswerJudgeInput = Omit<CheckJudgeInput, 'check'> & { checks: readonly Check[] };

export interface LlmCheckJudge extends CheckJudge {
  readonly batched: boolean;
  /** Outcomes in the order of `input.checks`. */
  judgeAnswer(input: AnswerJudgeInput, signal?: AbortSignal): Promise<CheckOutcome[]>;
}

type Attempt<T> = { ok: true; value: T } | { ok: false; outcome: Extract<CheckOutcome, { status: 'failed' }> };

/**
 * The LLM judge of SPEC §5: a reply is parsed, repaired or retried with the
 * error fed back; failing that the check is a judge failure carrying the raw
 * reply, never `missing`. The answering model's name never reaches the prompt.
 */
export function createLlmCheckJudge(options: LlmCheckJudgeOptions): LlmCheckJudge {
  const { model } = options;
  const id = options.id ?? `${model.provider}:${model.modelId}`;
  const maxRetries = Math.max(0, options.maxRepairRetries ?? 2);
  const builder = createJudgePromptBuilder();

  function params(call: ModelCallOptions, maxOutputTokens: number, signal?: AbortSignal): ModelCallOptions {
    return {
      ...call,
      temperature: options.temperature ?? 0,
      maxOutputTokens: options.maxOutputTokens ?? maxOutputTokens,
      seed: options.seed,
      sample: options.sample,
      abortSignal: signal,
    };
  }

  async function attempt<T>(
    base: ModelCallOptions,
    parse: (raw: string) => { ok: true; value: T } | { ok: false; error: string },
  ): Promise<Attempt<T>> {
    // The cache asks whether a reply gave a verdict before it keeps it for reuse; the
    // parse it ran is remembered so the reply is not parsed twice.
    let parsedLast: { text: string; parsed: ReturnType<typeof parse> } | undefined;
    const accept = (result: ModelCallResult) => {
      parsedLast = { text: result.text, parsed: parse(result.text) };
      return parsedLast.parsed.ok;
    };
    let call: ModelCallOptions = { ...base, accept };
    let last: { raw: string; error: string; cutOff: boolean } = { raw: '', error: 'no reply', cutOff: false };
    let repairs = 0;
    let refused = false;
    for (;;) {
      let result: ModelCallResult;
      try {
        result = await model.doGenerate(call);
      } catch (e) {
        if (isFatal(e, base.abortSignal)) throw e;
        const raw = ProviderError.isProviderError(e) ? (e.details.raw ?? null) : null;
        return { ok: false, outcome: { status: 'failed', kind: failureKind(e), error: errorMessage(e), raw } };
      }
      if (result.refusal !== undefined) {
        // Asked again once, as a new call (never a cache hit): refusals and safety blocks are
        // sometimes a matter of sampling.
        if (!refused) {
          refused = true;
          call = { ...call, fresh: true };
          continue;
        }
        return { ok: false, outcome: { status: 'failed', kind: 'refusal', error: result.refusal, raw: result.text } };
      }
      const text = result.text;
      const parsed = parsedLast?.text === text ? parsedLast.parsed : parse(text);
      parsedLast = undefined;
      if (parsed.ok) return { ok: true, value: parsed.value };
      const cutOff = isCutOff(result);
      last = {
        raw: text,
        error: cutOff ? `${parsed.error} (the reply was cut off at the output token limit)` : parsed.error,
        cutOff,
      };
      if (repairs >= maxRetries) break;
      repairs++;
      // A repair is a new call, never a cache hit.
      call = { ...withRetryFeedback(base, text, parsed.error), accept, fresh: true };
    }
    const error = `invalid judge reply after ${repairs + 1} attempt(s): ${last.error}`;
    const kind = last.cutOff ? 'cut_off' : 'invalid_reply';
    return { ok: false, outcome: { status: 'failed', kind, error, raw: last.raw } };
  }

  async function judge(input: CheckJudgeInput, signal?: AbortSignal): Promise<CheckOutcome> {
    const call = params(builder.checkCall(input), 600, signal);
    const result = await attempt(call, parseJudgeReply);
    if (!result.ok) return result.outcome;
    const { verdict, rationale, quote } = result.value;
    return { status: 'ok', verdict, rationale, quote };
  }

  async function judgeBatch(input: AnswerJudgeInput, signal?: AbortSignal): Promise<CheckOutcome[]> {
    const call = params(builder.batchCall(input, input.checks), 300 * input.checks.length + 200, signal);
    const result = await attempt(call, parseBatchedJudgeReply);
    if (!result.ok && result.outcome.raw === null) {
      // The service failed (not the reply): grading each check alone would only multiply the failing calls.
      return input.checks.map(() => result.outcome);
    }
    const byId = new Map<string, CheckOutcome | null>();
    if (result.ok) {
      for (const v of result.value.verdicts) {
        // An id graded twice is ambiguous: neither grade is used, the check is graded alone.
        const outcome: CheckOutcome = { status: 'ok', verdict: v.verdict, rationale: v.rationale, quote: v.quote };
        byId.set(v.check_id, byId.has(v.check_id) ? null : outcome);
      }
    }
    return Promise.all(
      input.checks.map((check) => byId.get(check.id) ?? judge({ ...input, check } as CheckJudgeInput, signal)),
    );
  }

  return {
    id,
    batched: options.batched === true,
    judge,
    judgeAnswer(input, signal) {
      if (options.batched === true && input.checks.length > 1) return judgeBatch(input, signal);
      return Promise.all(input.checks.map((check) => judge({ ...input, check } as CheckJudgeInput, signal)));
    },
  };
}

/**
 * Errors that no retry or per-check record can fix stop the run instead of
 * failing every check: the caller aborted, bad input (an unreadable image),
 * a missing key, the service refusing us (401, 403, 404), an error the
 * provider marked as one waiting cannot fix (quota, billing), or a bug.
 */
function isFatal(e: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted === true) return true;
  if (!ProviderError.isProviderError(e)) return true;
  return isFatalProviderError(e);
}

/**
 * A provider error no retry can fix and no per-call record should hide: a
 * missing key, the service refusing us (401, 403, 404), or one the provider
 * marked as fatal (quota, billing). Judges and models under test stop on it.
 */
export function isFatalProviderError(e: unknown): boolean {
  if (!ProviderError.isProviderError(e)) return false;
  const { retryable, status, fatal } = e.details;
  if (fatal !== undefined) return true;
  return retryable === false && (status === undefined || status === 401 || status === 403 || status === 404);
}

function failureKind(e: unknown): JudgeFailureKind {
  return ProviderError.isProviderError(e) && e.details.timedOut === true ? 'timeout' : 'provider_error';
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
