import { EARLY_STOP_CALLS, FailureStreak, failureKindOf } from '@gamut/core';
import type { CallEvent } from '@gamut/providers';
import type { ResolvedJudge } from '../judges/resolve-judge.js';

/**
 * The early stop of a judge: one that calls a model stops on its calls
 * (fed by `watchCalls`); `offline` and `labels:` never find a service unusable.
 */
export function earlyStopFor(
  resolved: ResolvedJudge,
  streak: FailureStreak,
): { callStreak: FailureStreak } | { stopAfterFailures: 0 } {
  return Object.keys(resolved.promptTemplates).length > 0 ? { callStreak: streak } : { stopAfterFailures: 0 };
}

/** A streak over model calls, and the call-event listener that feeds it before passing events on. */
export function watchCalls(next: (e: CallEvent) => void): {
  streak: FailureStreak;
  onCallEvent: (e: CallEvent) => void;
} {
  const streak = new FailureStreak(EARLY_STOP_CALLS);
  return {
    streak,
    onCallEvent: (e) => {
      feed(streak, e);
      next(e);
    },
  };
}

function feed(streak: FailureStreak, e: CallEvent): void {
  switch (e.type) {
    case 'finished':
    case 'cached':
      streak.ok();
      return;
    case 'retried':
      // A 429 on the way is the limiter's business; only a long run of nothing else stops.
      if (e.status === 429) streak.rateLimited(e.error, e.at);
      else streak.failed(failureKindOf(e.error, null), e.error);
      return;
    case 'failed':
      streak.failed(failureKindOf(e.error, null), e.error);
      return;
    default:
  }
}
