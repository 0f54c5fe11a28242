import type { MiddlewareClock } from '../middleware/clock.js';

/**
 * A clock whose sleeps return at once and move time forward, recording each
 * wait. With `concurrentSleeps`, a sleep returns on the next turn of the event
 * loop and time moves to its wake-up moment then, so that calls sleeping at the
 * same time see the same "now" (as they would on a real clock).
 */
export function fakeClock(
  options: { start?: number; concurrentSleeps?: boolean } = {},
): MiddlewareClock & { sleeps: number[]; advance(ms: number): void } {
  let now = options.start ?? Date.UTC(2026, 0, 1);
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      sleeps.push(ms);
      if (!options.concurrentSleeps) {
        now += ms;
        return;
      }
      const wake = now + ms;
      await new Promise((resolve) => setImmediate(resolve));
      now = Math.max(now, wake);
    },
  };
}
