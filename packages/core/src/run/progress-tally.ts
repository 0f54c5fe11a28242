import type { CallCounts } from './call-counts.js';
import type { RunEvent } from './events.js';

export interface ProgressSnapshot {
  answers: { done: number; total: number; failed: number };
  checks: { done: number; total: number; failed: number };
  /** Checks finished per second in this process (cached ones included); null before any. */
  rate: number | null;
  etaSeconds: number | null;
  elapsedSeconds: number;
  calls: number;
  cacheHits: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  costIncomplete: boolean;
  /** A rate limit holding calls back now (seen in the last few seconds), or null. */
  limit: LimitWait | null;
}

export interface LimitWait {
  /** `replies`: learned from the provider's 429s; `headers`: from its rate-limit headers; `rpm`: `--rpm`/`--tpm`. */
  reason: 'replies' | 'headers' | 'rpm';
  /** The pace calls are spaced to, in requests a second (null for `--rpm`/`--tpm`). */
  ratePerSecond: number | null;
}

/** A limit not heard from for this long no longer shows. */
const LIMIT_SHOWN_MS = 5000;

/**
 * A run's progress from its events: done, failed and planned answers and
 * checks, the rate since the checks were planned (so checks a resumed run
 * skips do not inflate it) and the time left. Times are the caller's, in ms.
 */
export class ProgressTally {
  private readonly answers = { done: 0, total: 0, failed: 0 };
  private readonly checks = { done: 0, total: 0, failed: 0 };
  private checksAtPlan = 0;
  private plannedAt: number | null = null;
  private limit: (LimitWait & { seenAt: number }) | null = null;

  constructor(
    private readonly counts: CallCounts,
    private readonly startedAt: number,
  ) {}

  onEvent(e: RunEvent, at: number): void {
    const { answers, checks } = this;
    switch (e.type) {
      case 'answers-planned':
        answers.total = e.total;
        answers.done = e.done;
        break;
      case 'answer-done':
        answers.done++;
        break;
      case 'answer-failed':
        answers.failed++;
        break;
      case 'checks-planned':
        checks.total += e.total;
        checks.done += e.done;
        this.checksAtPlan = checks.done + checks.failed;
        this.plannedAt ??= at;
        break;
      case 'check-done':
        checks.done++;
        break;
      case 'check-failed':
        checks.failed++;
        break;
    }
  }

  /** A rate limit holding calls back, heard of at `at`. */
  limited(wait: LimitWait, at: number): void {
    this.limit = { ...wait, seenAt: at };
  }

  snapshot(at: number): ProgressSnapshot {
    const { answers, checks, counts: c, limit } = this;
    const fresh = checks.done + checks.failed - this.checksAtPlan;
    const seconds = this.plannedAt === null ? 0 : (at - this.plannedAt) / 1000;
    const rate = fresh > 0 && seconds > 0 ? fresh / seconds : null;
    const left = checks.total - checks.done - checks.failed;
    return {
      answers: { ...answers },
      checks: { ...checks },
      rate,
      etaSeconds: rate === null ? null : Math.max(0, left / rate),
      elapsedSeconds: (at - this.startedAt) / 1000,
      calls: c.calls,
      cacheHits: c.cacheHits,
      inputTokens: c.inputTokens,
      outputTokens: c.outputTokens,
      costUsd: c.costUsd,
      costIncomplete: c.costIncomplete,
      limit:
        limit === null || at - limit.seenAt > LIMIT_SHOWN_MS
          ? null
          : { reason: limit.reason, ratePerSecond: limit.ratePerSecond },
    };
  }
}
