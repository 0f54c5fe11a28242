import { abortableSleep, type SearchProvider, type Sleep } from '@gamut/core';
import { SearchError } from './search-error.js';

const defaultSleep = abortableSleep({ setTimeout, clearTimeout });

export interface RetryOptions {
  /** Further tries after the first; default 3. */
  retries?: number;
  /** Wait before try n (1-based) when the service named none; default 1 s, 2 s, 4 s… */
  backoffMs?: (attempt: number) => number;
  /** A wait longer than this is not waited out: the error is thrown; default 60 s. */
  maxWaitMs?: number;
  /** Default a timer; tests pass one that records the waits. */
  sleep?: Sleep;
}

/**
 * The provider, with searches and fetches that failed for a passing reason (429, 5xx, network,
 * timeout) tried again, after the wait the service asked for (`retry-after`) or a doubling backoff.
 * A refused key, a malformed reply or a missing document is thrown at once.
 */
export function withRetries(provider: SearchProvider, options: RetryOptions = {}): SearchProvider {
  const retries = options.retries ?? 3;
  const backoff = options.backoffMs ?? ((n: number) => 1000 * 2 ** (n - 1));
  const maxWait = options.maxWaitMs ?? 60_000;
  const sleep = options.sleep ?? defaultSleep;
  const retrying = async <T>(call: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (e) {
        if (!SearchError.isInstance(e) || !e.details.retryable || attempt > retries) throw e;
        const wait = e.retryAfterMs ?? backoff(attempt);
        if (wait > maxWait) throw e;
        await sleep(wait, signal);
      }
    }
  };
  return {
    specificationVersion: provider.specificationVersion,
    provider: provider.provider,
    spec: provider.spec,
    search: (query, o) => retrying(() => provider.search(query, o), o?.signal),
    fetch: (url, o) => retrying(() => provider.fetch(url, o), o?.signal),
  };
}
