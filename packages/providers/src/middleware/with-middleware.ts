import type { CallCache, JudgeModel, ModelCallOptions, ModelCallResult, ModelUsage } from '@gamut/core';
import pLimit from 'p-limit';
import { ProviderCallError, parseRetryAfter } from '../provider-call-error.js';
import { AdaptivePacer } from './adaptive-pacer.js';
import { callCacheKey } from './cache-key.js';
import { type MiddlewareClock, systemClock } from './clock.js';
import { type CallEvent, type CallTotals, emptyTotals } from './events.js';
import { PaceQueue } from './pace-queue.js';
import { callCostUsd, DEFAULT_PRICES, lookupPrice, type PriceTable } from './prices.js';
import { parseRateLimitHeaders } from './rate-limit-headers.js';
import { RateLimiter, type RateTicket } from './rate-limiter.js';
import { DEFAULT_RETRY, gaveUp, isRateLimited, isRetryable, type RetryPolicy, retryDelayMs } from './retry.js';
import { callWithTimeout } from './timeout.js';

export interface MiddlewareOptions {
  /** Content-hash cache of finished calls (the store implements it). */
  cache?: CallCache;
  /** Calls in flight at once. Default 8. */
  concurrency?: number;
  /** Requests per minute. */
  rpm?: number;
  /** Tokens (input + output) per minute, estimated before a call and corrected after. */
  tpm?: number;
  /** Deadline of one attempt; a call past it is aborted and retried. Default 120 s; 0 turns it off. */
  timeoutMs?: number;
  /**
   * Retries after the first attempt on 5xx, timeouts, network errors and garbled bodies. Default
   * DEFAULT_RETRIES (4). Each call waits its own jittered backoff (or the provider's retry-after).
   * A rate-limit 429 is waited out without using a retry (up to `retryPolicy.maxRateLimitWaitMs`
   * in all) and also slows every call through the learned pace.
   */
  retries?: number;
  retryPolicy?: Partial<Omit<RetryPolicy, 'retries'>>;
  /** Merged over DEFAULT_PRICES (USD per million tokens). */
  prices?: PriceTable;
  onEvent?: (event: CallEvent) => void;
  clock?: MiddlewareClock;
  /** Uniform [0, 1) for backoff jitter. */
  random?: () => number;
}

export interface MiddlewareJudgeModel extends JudgeModel {
  readonly inner: JudgeModel;
  /** A snapshot of tokens, cost, cache hits, retries and failures so far. */
  totals(): CallTotals;
}

const noop = () => {};

/**
 * Wraps a model with, outermost first: the content-hash cache (with
 * identical calls in flight shared), retries with per-call backoff, and
 * per attempt the concurrency limit, the pace learned from the provider's
 * 429s and rate-limit headers, the RPM/TPM limits and the timeout. A call
 * backing off holds no concurrency slot. Accounting and events observe
 * every step.
 */
export function withMiddleware(model: JudgeModel, options: MiddlewareOptions = {}): MiddlewareJudgeModel {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const emit = options.onEvent ?? noop;
  const policy: RetryPolicy = {
    ...DEFAULT_RETRY,
    ...options.retryPolicy,
    retries: options.retries ?? DEFAULT_RETRY.retries,
  };
  const price = lookupPrice({ ...DEFAULT_PRICES, ...options.prices }, model.provider, model.modelId);
  const timeoutMs = options.timeoutMs ?? 120_000;
  const limiter =
    options.rpm !== undefined || options.tpm !== undefined
      ? new RateLimiter({ rpm: options.rpm, tpm: options.tpm, clock })
      : undefined;
  const limit = pLimit(Math.max(1, options.concurrency ?? 8));
  const cache = options.cache;
  const inFlight = new Map<string, Promise<ModelCallResult>>();
  const totals = emptyTotals();
  const { provider, modelId } = model;
  let nextCallId = 0;
  const pacer = new AdaptivePacer();
  const paceQueue = new PaceQueue(pacer, clock);
  let lastLimitEvent = Number.NEGATIVE_INFINITY;

  /** Tells listeners the pace changed or is holding calls back (at most once a second while it only holds). */
  function limited(callId: number, reason: 'replies' | 'headers' | 'rpm', changed: boolean): void {
    const at = clock.now();
    if (!changed && at - lastLimitEvent < 1000) return;
    lastLimitEvent = at;
    const ratePerSecond = reason === 'rpm' ? null : pacer.state().ratePerSecond;
    emit({ type: 'limited', callId, at, provider, modelId, reason, ratePerSecond });
  }

  /** One attempt inside the concurrency limit: its pacing slot, the RPM/TPM window, the call. */
  async function attempt(call: ModelCallOptions, callId: number, n: number, estimate: number) {
    const pace = await paceQueue.take(call.abortSignal, () =>
      limited(callId, pacer.state().reason ?? 'replies', false),
    );
    let ticket: RateTicket | undefined;
    if (limiter !== undefined) {
      const before = clock.now();
      ticket = await limiter.acquire(estimate, call.abortSignal);
      if (ticket.at > before) limited(callId, 'rpm', false);
    }
    emit({ type: 'started', callId, attempt: n, at: clock.now(), provider, modelId, estimatedTokens: estimate });
    try {
      const result = await callWithTimeout(model, call, timeoutMs);
      const used = usedTokens(result.usage, estimate);
      if (ticket !== undefined) limiter?.settle(ticket, used);
      pacer.succeeded(pace, used);
      observeHeaders(result.rateLimitHeaders, callId);
      return result;
    } catch (e) {
      const headers = e instanceof ProviderCallError ? e.responseHeaders : undefined;
      if (isRateLimited(e)) {
        const now = clock.now();
        if (pacer.rejected(pace, now, parseRetryAfter(headers, now))) limited(callId, 'replies', true);
      }
      observeHeaders(headers, callId);
      throw e;
    }
  }

  function observeHeaders(headers: Record<string, string> | undefined, callId: number): void {
    if (headers === undefined) return;
    const now = clock.now();
    const budgets = parseRateLimitHeaders(headers, now);
    if (budgets !== undefined && pacer.observe(budgets, now)) limited(callId, 'headers', true);
  }

  async function attempts(call: ModelCallOptions, callId: number): Promise<{ result: ModelCallResult; n: number }> {
    const estimate = limiter === undefined ? 0 : estimateTokens(call);
    // Failures use up retries; rate-limit turn-aways use up waiting time. Each numbers its own backoff.
    let failures = 0;
    let limits = 0;
    let limitedMs = 0;
    for (let n = 1; ; n++) {
      try {
        const result = await limit(() => attempt(call, callId, n, estimate));
        return { result, n };
      } catch (e) {
        if (call.abortSignal?.aborted || !isRetryable(e)) throw withAttempts(e, n);
        const rateLimited = isRateLimited(e);
        if (rateLimited) limits++;
        else if (++failures > policy.retries) throw withAttempts(e, n);
        // Each call backs off on its own (its own hint, its own jitter); the pacer slows the rest.
        const delayMs = retryDelayMs(e, rateLimited ? limits : failures, policy, { now: clock.now(), random });
        if (delayMs === undefined) throw withAttempts(e, n);
        if (rateLimited) {
          limitedMs += delayMs;
          if (limitedMs > policy.maxRateLimitWaitMs) throw withAttempts(e, n);
        }
        totals.retries++;
        const status = (e as { details?: { status?: number } }).details?.status;
        emit({
          type: 'retried',
          callId,
          attempt: n,
          at: clock.now(),
          provider,
          modelId,
          delayMs,
          error: message(e),
          status,
        });
        await clock.sleep(delayMs, call.abortSignal);
      }
    }
  }

  async function send(call: ModelCallOptions, callId: number, key: string | undefined): Promise<ModelCallResult> {
    const started = clock.now();
    try {
      const { result, n } = await attempts(call, callId);
      const latencyMs = clock.now() - started;
      const costUsd = callCostUsd(result.usage, price);
      account(result.usage, costUsd);
      if (cache !== undefined && key !== undefined) {
        // Kept either way for the record; only a usable reply is served to a rerun.
        const valid = result.refusal === undefined && (call.accept?.(result) ?? true);
        await cache.put(key, result, { provider, modelId, latencyMs, costUsd, valid });
      }
      emit({
        type: 'finished',
        callId,
        at: clock.now(),
        provider,
        modelId,
        attempts: n,
        latencyMs,
        usage: result.usage,
        costUsd,
      });
      return result;
    } catch (e) {
      totals.failures++;
      const status = (e as { details?: { status?: number } }).details?.status;
      const attemptsMade = (e as { attempts?: number }).attempts ?? 1;
      emit({
        type: 'failed',
        callId,
        at: clock.now(),
        provider,
        modelId,
        attempts: attemptsMade,
        latencyMs: clock.now() - started,
        error: message(e),
        status,
      });
      throw e;
    }
  }

  function account(usage: ModelUsage, costUsd: number | null): void {
    totals.calls++;
    totals.inputTokens += usage.inputTokens ?? 0;
    totals.cachedInputTokens += usage.cachedInputTokens ?? 0;
    totals.outputTokens += usage.outputTokens ?? 0;
    if (costUsd === null) totals.unpricedCalls++;
    else totals.costUsd += costUsd;
  }

  return {
    specificationVersion: 'gamut-v1',
    provider,
    modelId,
    endpoint: model.endpoint,
    inner: model,
    totals: () => ({ ...totals }),
    async doGenerate(call: ModelCallOptions): Promise<ModelCallResult> {
      const callId = nextCallId++;
      if (cache === undefined) return send(call, callId, undefined);
      const key = await callCacheKey(model, call);
      // A repair or retry asks anew: neither the stored reply nor one on its way is its answer.
      if (call.fresh === true) return send(call, callId, key);
      const hit = await cache.get(key);
      if (hit !== undefined) {
        totals.cacheHits++;
        emit({ type: 'cached', callId, at: clock.now(), provider, modelId, usage: hit.usage });
        return hit;
      }
      // The same call already on its way (e.g. two runs of one rubric): share its reply.
      const pending = inFlight.get(key);
      if (pending !== undefined) return pending;
      const p = send(call, callId, key);
      inFlight.set(key, p);
      try {
        return await p;
      } finally {
        inFlight.delete(key);
      }
    },
  };
}

/** Characters / 4 for text, a flat 1,000 per image, plus the output budget. */
export function estimateTokens(call: ModelCallOptions): number {
  let chars = call.system?.length ?? 0;
  let images = 0;
  for (const m of call.messages) {
    for (const p of m.content) {
      if (p.type === 'text') chars += p.text.length;
      else images++;
    }
  }
  return Math.ceil(chars / 4) + images * 1000 + (call.maxOutputTokens ?? 512);
}

function usedTokens(usage: ModelUsage, estimate: number): number {
  if (usage.inputTokens === null && usage.outputTokens === null) return estimate;
  return (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);
}

function withAttempts(e: unknown, attempts: number): unknown {
  const out = gaveUp(e, attempts);
  if (typeof out === 'object' && out !== null) (out as { attempts?: number }).attempts = attempts;
  return out;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
