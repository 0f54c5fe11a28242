import { fakeClock } from '@gamut/testkit';
import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter.js';

describe('RateLimiter', () => {
  it('TPM: a reservation that would exceed the budget waits until the window frees it', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ tpm: 3000, clock });
    const t0 = clock.now();
    await limiter.acquire(2000);
    const second = await limiter.acquire(2000);
    expect(second.at - t0).toBe(60_000);
  });

  it('TPM: correcting an estimate downwards lets the next call through at once', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ tpm: 3000, clock });
    const first = await limiter.acquire(2000);
    limiter.settle(first, 500);
    const second = await limiter.acquire(2000);
    expect(second.at).toBe(first.at);
    expect(clock.sleeps).toEqual([]);
  });

  it('a request larger than the whole budget waits for an empty window, not forever', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ tpm: 1000, clock });
    const a = await limiter.acquire(500);
    const b = await limiter.acquire(5000);
    expect(b.at - a.at).toBe(60_000);
  });

  it('RPM: serves waiters in arrival order', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ rpm: 1, clock });
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((i) => limiter.acquire(1).then((t) => order.push(i) && t)));
    expect(order).toEqual([1, 2, 3]);
    expect(clock.sleeps).toEqual([60_000, 60_000]);
  });
});
