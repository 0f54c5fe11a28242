import type { ModelUsage } from '@gamut/core';

interface EventBase {
  /** Sequence number of the logical call (all its attempts share it). */
  callId: number;
  /** Milliseconds since the epoch, from the middleware's clock. */
  at: number;
  provider: string;
  modelId: string;
}

/** Progress of model calls, for progress bars and logs. Never printed by the middleware itself. */
export type CallEvent =
  | (EventBase & { type: 'started'; attempt: number; estimatedTokens: number })
  | (EventBase & { type: 'retried'; attempt: number; delayMs: number; error: string; status?: number })
  | (EventBase & { type: 'cached'; usage: ModelUsage })
  | (EventBase & { type: 'finished'; attempts: number; latencyMs: number; usage: ModelUsage; costUsd: number | null })
  | (EventBase & { type: 'failed'; attempts: number; latencyMs: number; error: string; status?: number })
  /**
   * Calls are being held back by a rate limit: learned from the provider's
   * 429s (`replies`) or its rate-limit headers (`headers`), or `--rpm`/`--tpm`
   * (`rpm`). Sent when the pace changes, and at most once a second while it holds.
   */
  | (EventBase & { type: 'limited'; reason: 'replies' | 'headers' | 'rpm'; ratePerSecond: number | null });

/** Running totals over every call through one middleware stack. */
export interface CallTotals {
  /** Calls sent to the provider and answered. */
  calls: number;
  cacheHits: number;
  failures: number;
  retries: number;
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  /** Cost of the priced calls; `unpricedCalls` counts the calls whose model has no price. */
  costUsd: number;
  unpricedCalls: number;
}

export function emptyTotals(): CallTotals {
  return {
    calls: 0,
    cacheHits: 0,
    failures: 0,
    retries: 0,
    inputTokens: 0,
    cachedInputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    unpricedCalls: 0,
  };
}
