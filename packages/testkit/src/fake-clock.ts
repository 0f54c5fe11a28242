/** Time as the code under test sees it: what the providers' middleware and a run's Clock port ask for. */
export interface FakeClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Every wait asked for, in order. */
  sleeps: number[];
  advance(ms: number): void;
}

/**
 * A clock whose sleeps return at once and move time forward, recording each
 * wait. With `concurrentSleeps`, a sleep returns on the next turn of the event
 * loop and time moves to its wake-up moment then, so that calls sleeping at the
 * same time see the same "now" (as they would on a real clock).
 */
export function fakeClock(options: { start?: number; concurrentSleeps?: boolean } = {}): FakeClock {
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
