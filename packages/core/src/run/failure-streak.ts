import type { JudgeFailureKind } from '../schema/ids.js';

/** How many failed calls in a row, from the start of a run, stop it (fewer when the run has fewer checks). */
export const EARLY_STOP_CALLS = 8;
/** Fewer failures than this say too little about the service: such short runs end with their failures listed. */
export const EARLY_STOP_MIN_CALLS = 3;

/** The streak that stops a run with `open` checks to judge; 0 means it never stops early. */
export function earlyStopLimit(open: number, calls = EARLY_STOP_CALLS): number {
  const limit = Math.min(calls, open);
  return limit >= EARLY_STOP_MIN_CALLS ? limit : 0;
}

/** Failures that say nothing came back from the service that a judge could read. */
const SERVICE_FAILURES: ReadonlySet<JudgeFailureKind> = new Set(['provider_error', 'timeout']);

/** Why a run stopped early: the first `failures` checks it judged all failed; `error` is the last one's. */
export interface EarlyStop {
  failures: number;
  kind: JudgeFailureKind;
  error: string;
}

/**
 * Watches the first outcomes of a run. When the first `limit` checks all fail
 * in a way that says the service cannot be used (unreachable, garbage back,
 * rate limited past every retry), going on would only spend every other
 * check's retries on the same failure. A verdict disarms it: after that,
 * failures are the checks' own and are recorded one by one; so does a
 * failure that is a reply (a refusal, an unusable or cut-off verdict), which
 * says the service works. No clock: it counts outcomes as they finish.
 */
export class FailureStreak {
  private count = 0;
  private armed: boolean;

  constructor(private readonly limit: number) {
    this.armed = limit > 0;
  }

  /** A check with a verdict. */
  ok(): void {
    this.armed = false;
  }

  /** A check that failed; returns why to stop when this failure completes the streak. */
  failed(kind: JudgeFailureKind, error: string): EarlyStop | undefined {
    if (!this.armed) return undefined;
    if (!SERVICE_FAILURES.has(kind)) {
      // The service replied (a refusal, a reply that was not a verdict): the failure is the check's own.
      this.armed = false;
      return undefined;
    }
    this.count++;
    if (this.count < this.limit) return undefined;
    this.armed = false;
    return { failures: this.count, kind, error };
  }
}
