import type { JudgeFailureKind } from '../schema/ids.js';

/** How many failed calls in a row, from the start of a run, stop it (fewer when the run has fewer checks). */
export const EARLY_STOP_CALLS = 8;
/** Fewer failures than this say too little about the service: such short runs end with their failures listed. */
export const EARLY_STOP_MIN_CALLS = 3;
/**
 * Rate-limit replies alone stop a run only after this long without one call
 * getting through: a real limit lets some through within a second or two, so
 * a burst of 429s at the start is no reason to stop.
 */
export const RATE_LIMITED_STOP_MS = 10_000;

/** The streak that stops a run with `open` checks to judge; 0 means it never stops early. */
export function earlyStopLimit(open: number, calls = EARLY_STOP_CALLS): number {
  const limit = Math.min(calls, open);
  return limit >= EARLY_STOP_MIN_CALLS ? limit : 0;
}

/** Why a run stopped early: its first `failures` calls all failed; `error` is the last one's. */
export interface EarlyStop {
  failures: number;
  kind: JudgeFailureKind;
  error: string;
}

/** Failures that say nothing came back from the service that a judge could read. */
const SERVICE_FAILURES: ReadonlySet<JudgeFailureKind> = new Set(['provider_error', 'timeout']);

/**
 * Watches the first outcomes of a run, calls or checks. When the first
 * `limit` all fail in a way that says the service cannot be used
 * (unreachable, garbage back, failing after every retry), going on would
 * only spend every other check's retries on the same failure. A success
 * disarms it: after that, failures are the checks' own and are recorded one
 * by one; so does a failure that is a reply (a refusal, an unusable or
 * cut-off verdict), which says the service works. Rate-limit replies neither
 * count nor disarm, except that nothing but them for `rateLimitedMs` stops
 * the run too. No clock of its own: times come with the rate-limit replies.
 */
export class FailureStreak {
  /** Called once, when the streak completes. */
  onStop: ((stop: EarlyStop) => void) | undefined;
  private count = 0;
  private armed: boolean;
  private limitedSince: number | undefined;
  private limitedCount = 0;

  constructor(
    private readonly limit: number,
    private readonly rateLimitedMs = RATE_LIMITED_STOP_MS,
  ) {
    this.armed = limit > 0;
  }

  /** A call that got an answer, or a check with a verdict. */
  ok(): void {
    this.armed = false;
  }

  /** A failed call or check; returns why to stop when this failure completes the streak. */
  failed(kind: JudgeFailureKind, error: string): EarlyStop | undefined {
    if (!this.armed) return undefined;
    if (!SERVICE_FAILURES.has(kind)) {
      this.armed = false;
      return undefined;
    }
    this.count++;
    return this.count >= this.limit ? this.trip({ failures: this.count, kind, error }) : undefined;
  }

  /** A call the provider answered with a rate limit (429), at `at` ms by the caller's clock. */
  rateLimited(error: string, at: number): EarlyStop | undefined {
    if (!this.armed) return undefined;
    this.limitedSince ??= at;
    this.limitedCount++;
    const long = at - this.limitedSince >= this.rateLimitedMs;
    if (!long || this.limitedCount < this.limit) return undefined;
    return this.trip({ failures: this.count + this.limitedCount, kind: 'provider_error', error });
  }

  private trip(stop: EarlyStop): EarlyStop {
    this.armed = false;
    this.onStop?.(stop);
    return stop;
  }
}
