import { fakeClock } from '@gamut/testkit';
import { describe, expect, it } from 'vitest';
import { AdaptivePacer } from './adaptive-pacer.js';
import { PaceQueue } from './pace-queue.js';

describe('PaceQueue', () => {
  it('costs nothing while no limit is seen', async () => {
    const clock = fakeClock();
    const queue = new PaceQueue(new AdaptivePacer(), clock);
    let waits = 0;
    await Promise.all(Array.from({ length: 10 }, () => queue.take(undefined, () => waits++)));
    expect(clock.sleeps).toEqual([]);
    expect(waits).toBe(0);
  });

  it('hands out a slot only when it is next, so a change of pace applies to the next attempt', async () => {
    const clock = fakeClock({ start: 0 });
    const pacer = new AdaptivePacer();
    // 600 a minute with 50 left: 10 a second.
    pacer.observe({ requests: { limit: 600, remaining: 50, resetMs: 60_000 } }, 0);
    const queue = new PaceQueue(pacer, clock);
    let waits = 0;
    const taken = Array.from({ length: 4 }, () => queue.take(undefined, () => waits++));
    // The budget drops to 60 a minute while three attempts wait: one a second from the next slot on.
    pacer.observe({ requests: { limit: 60, remaining: 5, resetMs: 60_000 } }, 0);
    const tickets = await Promise.all(taken);
    expect(tickets.map((t) => t.at)).toEqual([0, 100, 200, 1200]);
    // (Slots handed out at once would have kept the old pace: 0, 100, 200, 300.)
    expect(clock.sleeps).toEqual([100, 100, 1000]);
    expect(waits).toBe(3);
  });

  it('an attempt aborted while it waits leaves the line moving', async () => {
    const clock = fakeClock({ start: 0 });
    const pacer = new AdaptivePacer();
    pacer.observe({ requests: { limit: 600, remaining: 50, resetMs: 60_000 } }, 0);
    const queue = new PaceQueue(pacer, clock);
    const stop = new AbortController();
    const first = queue.take(undefined, () => {});
    const second = queue.take(undefined, () => {});
    const aborted = queue.take(stop.signal, () => {});
    const last = queue.take(undefined, () => {});
    stop.abort(new Error('stopped'));
    await expect(aborted).rejects.toThrow('stopped');
    expect((await Promise.all([first, second, last])).map((t) => t.at)).toEqual([0, 100, 200]);
  });
});
