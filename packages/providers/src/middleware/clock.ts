import { abortableSleep, type Sleep } from '@gamut/core';

/** Time as the middleware sees it; injected in tests so waits are asserted, not slept. */
export interface MiddlewareClock {
  now(): number;
  sleep: Sleep;
}

export const systemClock: MiddlewareClock = {
  now: () => Date.now(),
  sleep: abortableSleep({ setTimeout, clearTimeout }),
};
