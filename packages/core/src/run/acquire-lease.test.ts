import { describe, expect, it } from 'vitest';
import { createMemoryStore, createMemoryStoreData } from '../memory/memory-store.js';
import type { RunLease } from '../ports/store.js';
import { acquireLease, LEASE_STALE_MS, type LeaseSeeker } from './acquire-lease.js';

function seeker(ownerId: string, clock: { t: number }, alive: ReadonlySet<number>, pid = 1): LeaseSeeker {
  return {
    ownerId,
    pid,
    host: 'h',
    now: () => clock.t,
    isAlive: (p) => alive.has(p),
    // Waiting moves the clock on instead of sleeping.
    sleep: async (ms) => {
      clock.t += ms;
    },
  };
}

/** Process 7 ('a') takes the lease first. */
const heldBy7 = (data: ReturnType<typeof createMemoryStoreData>, clock: { t: number }) =>
  acquireLease({
    store: createMemoryStore({ data }),
    runId: 'r',
    seeker: seeker('a', clock, new Set(), 7),
    pollMs: 500,
    onWait: () => {},
  });

describe('acquireLease', () => {
  it('takes a free lease without waiting', async () => {
    const clock = { t: 0 };
    const store = createMemoryStore();
    const waits: RunLease[] = [];
    const got = await acquireLease({
      store,
      runId: 'r',
      seeker: seeker('a', clock, new Set()),
      pollMs: 500,
      onWait: (h) => waits.push(h),
    });
    expect(got).toEqual({});
    expect(waits).toEqual([]);
  });

  it('replaces a holder on this host whose process is gone, at once', async () => {
    const data = createMemoryStoreData();
    const clock = { t: 0 };
    await heldBy7(data, clock);
    const waits: RunLease[] = [];
    const got = await acquireLease({
      store: createMemoryStore({ data }),
      runId: 'r',
      seeker: seeker('b', clock, new Set([2]), 2),
      pollMs: 500,
      onWait: (h) => waits.push(h),
    });
    expect([got, waits.length, clock.t]).toEqual([{}, 0, 0]);
  });

  it('waits for a live holder, says so once, and takes the lease when it goes stale', async () => {
    const data = createMemoryStoreData();
    const clock = { t: 0 };
    await heldBy7(data, clock);
    const waits: string[] = [];
    const got = await acquireLease({
      store: createMemoryStore({ data }),
      runId: 'r',
      seeker: seeker('b', clock, new Set([7, 2]), 2),
      pollMs: 500,
      onWait: (h) => waits.push(`${h.ownerId} ${h.pid}`),
    });
    expect(got).toEqual({ waitedFor: 'a' });
    expect(waits).toEqual(['a 7']);
    // Polled every 500 ms until the holder's heartbeat was older than the stale limit.
    expect(clock.t).toBeGreaterThanOrEqual(LEASE_STALE_MS);
    expect(clock.t).toBeLessThanOrEqual(LEASE_STALE_MS + 500);
  });
});
