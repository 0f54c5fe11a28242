import type { CallCache, JudgeModel, ModelCallOptions, ModelCallResult, ModelUsage } from '@gamut/core';
import pLimit from 'p-limit';
import { callCacheKey } from './cache-key.js';
import { type MiddlewareClock, systemClock } from './clock.js';
import { type CallEvent, type CallTotals, emptyTotals } from './events.js';
import { callCostUsd, DEFAULT_PRICES, lookupPrice, type PriceTable } from './prices.js';
import { RateLimiter, type RateTicket } from './rate-limiter.js';
import { DEFAULT_RETRY, gaveUp, isRetryable, type RetryPolicy, retryDelayMs } from './retry.js';
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
  /** Retries after the first attempt on 429, 5xx, timeouts, network errors and garbled bodies. Default 4. */
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
 * identical calls in flight shared), the concurrency limit, and per
 * attempt the RPM/TPM limits, the timeout and retries with backoff.
 * Accounting and events observe every step.
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
  // A 429 says the whole account is over its limit, not just that call: every
  // call waits out the provider's wait before its next attempt.
  let pausedUntil = 0;

  async function attempts(call: ModelCallOptions, callId: number): Promise<{ result: ModelCallResult; n: number }> {
    const estimate = limiter === undefined ? 0 : estimateTokens(call);
    for (let attempt = 1; ; attempt++) {
      let ticket: RateTicket | undefined;
      try {
        const paused = pausedUntil - clock.now();
        if (paused > 0) await clock.sleep(paused, call.abortSignal);
        if (limiter !== undefined) ticket = await limiter.acquire(estimate, call.abortSignal);
        emit({ type: 'started', callId, attempt, at: clock.now(), provider, modelId, estimatedTokens: estimate });
        const result = await callWithTimeout(model, call, timeoutMs);
        if (ticket !== undefined) limiter?.settle(ticket, usedTokens(result.usage, estimate));
        return { result, n: attempt };
      } catch (e) {
        if (call.abortSignal?.aborted || !isRetryable(e) || attempt > policy.retries) throw withAttempts(e, attempt);
        const delayMs = retryDelayMs(e, attempt, policy, { now: clock.now(), random });
        if (delayMs === undefined) throw withAttempts(e, attempt);
        totals.retries++;
        const status = (e as { details?: { status?: number } }).details?.status;
        if (status === 429) pausedUntil = Math.max(pausedUntil, clock.now() + delayMs);
        emit({
          type: 'retried',
          callId,
          attempt,
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
      const { result, n } = await limit(() => attempts(call, callId));
      const latencyMs = clock.now() - started;
      const costUsd = callCostUsd(result.usage, price);
      account(result.usage, costUsd);
      if (cache !== undefined && key !== undefined) {
        await cache.put(key, result, { provider, modelId, latencyMs, costUsd });
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
    inner: model,
    totals: () => ({ ...totals }),
    async doGenerate(call: ModelCallOptions): Promise<ModelCallResult> {
      const callId = nextCallId++;
      if (cache === undefined) return send(call, callId, undefined);
      const key = await callCacheKey(model, call);
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
