import type { RunLease, RunStore } from '../ports/store.js';
import type { Sleep } from '../ports/timers.js';

/** A lease not renewed for this long belongs to a process that is gone (killed, host asleep). */
export const LEASE_STALE_MS = 30_000;

/** Who asks for a lease, and what only the caller can tell: the time, whether a process lives, how to wait. */
export interface LeaseSeeker {
  readonly ownerId: string;
  readonly pid: number;
  readonly host: string;
  now(): number;
  /** Whether process `pid` on this host is alive. */
  isAlive(pid: number): boolean;
  /** Waits `ms`; rejects when `signal` aborts (with its reason, which the caller may be waiting for). */
  sleep: Sleep;
}

/**
 * Takes the run's lease. While another live process holds it, tells
 * `onWait` once per holder and polls; a holder on this host whose process
 * is gone is replaced at once. Resolves with the last holder waited for.
 */
export async function acquireLease(o: {
  store: RunStore;
  runId: string;
  seeker: LeaseSeeker;
  pollMs: number;
  onWait: (holder: RunLease) => void;
  signal?: AbortSignal;
}): Promise<{ waitedFor?: string }> {
  const { seeker: me } = o;
  const ask = (replacing?: string) => {
    const now = me.now();
    return o.store.acquireRunLease({
      runId: o.runId,
      ownerId: me.ownerId,
      pid: me.pid,
      host: me.host,
      now: new Date(now).toISOString(),
      staleBefore: new Date(now - LEASE_STALE_MS).toISOString(),
      ...(replacing !== undefined && { replacing }),
    });
  };
  let waitedFor: string | undefined;
  for (;;) {
    const got = await ask();
    if (got.acquired) break;
    const holder = got.holder;
    if (holder.host === me.host && !me.isAlive(holder.pid)) {
      if ((await ask(holder.ownerId)).acquired) break;
      continue;
    }
    if (waitedFor !== holder.ownerId) {
      waitedFor = holder.ownerId;
      o.onWait(holder);
    }
    await me.sleep(o.pollMs, o.signal);
  }
  return waitedFor === undefined ? {} : { waitedFor };
}
