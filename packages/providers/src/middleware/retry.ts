import { DEFAULT_RETRIES, ProviderError } from '@gamut/core';
import { ProviderCallError, parseRetryAfter } from '../provider-call-error.js';

export interface RetryPolicy {
  /**
   * Retries after failures that asking again may fix: 5xx, timeouts, network errors, garbled
   * bodies. Default DEFAULT_RETRIES (4). A rate-limit 429 does not use one up.
   */
  retries: number;
  /**
   * How long one call may wait out rate-limit 429s in all before it fails. They are not
   * counted as retries: under a real limit a call is turned away until its turn comes, and
   * each turn away says to wait, not that asking failed. Default 5 min.
   */
  maxRateLimitWaitMs: number;
  /** First backoff; doubles per retry. Default 1000 ms. */
  baseDelayMs: number;
  /** Cap of the exponential backoff. Default 60 s. */
  maxDelayMs: number;
  /** A provider asking for a longer wait than this fails the call instead. Default 5 min. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  retries: DEFAULT_RETRIES,
  maxRateLimitWaitMs: 300_000,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  maxRetryAfterMs: 300_000,
};

export function isRetryable(e: unknown): boolean {
  // A fatal error (bad key, quota, billing) is never retried, whatever its status says.
  return ProviderError.isProviderError(e) && e.details.retryable === true && e.details.fatal === undefined;
}

/** A retryable 429: the provider's rate limit turned the attempt away (quota and spend caps are fatal, not this). */
export function isRateLimited(e: unknown): boolean {
  return isRetryable(e) && (e as ProviderError).details.status === 429;
}

/**
 * How long to wait before retry number `retry` (1-based; rate-limit waits are numbered apart): the provider's
 * `retry-after-ms`/`retry-after` when it sent one (plus up to 10% jitter so
 * waiting callers do not return in lockstep), else exponential backoff with
 * equal jitter. `undefined`: the wait asked for is too long to honour.
 */
export function retryDelayMs(
  e: unknown,
  retry: number,
  policy: RetryPolicy,
  ctx: { now: number; random: () => number },
): number | undefined {
  const hinted = e instanceof ProviderCallError ? parseRetryAfter(e.responseHeaders, ctx.now) : undefined;
  if (hinted !== undefined) {
    if (hinted > policy.maxRetryAfterMs) return undefined;
    return Math.ceil(hinted + Math.min(1000, hinted * 0.1) * ctx.random());
  }
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.ceil(exp / 2 + (exp / 2) * ctx.random());
}

/** The last error, its message saying how many attempts were made. */
export function gaveUp(e: unknown, attempts: number): unknown {
  if (!(e instanceof ProviderCallError) || attempts <= 1) return e;
  return new ProviderCallError(`${e.message} (gave up after ${attempts} attempts)`, {
    kind: e.kind,
    provider: e.details.provider,
    status: e.details.status,
    retryable: e.details.retryable ?? false,
    raw: e.details.raw,
    responseHeaders: e.responseHeaders,
    cause: e,
  });
}
