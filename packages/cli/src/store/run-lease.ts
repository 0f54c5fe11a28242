import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { RunLease, RunStore } from '@gamut/core';

/** A lease not renewed for this long belongs to a process that is gone (killed, host asleep). */
export const LEASE_STALE_MS = 30_000;
const HEARTBEAT_MS = 10_000;
const POLL_MS = 500;

export interface HeldLease {
  /** Stops the heartbeat and gives the lease up. */
  release(): Promise<void>;
}

/**
 * Takes the run's lease before any call is sent, so a second process on the
 * same store never pays for checks the first is judging: while another live
 * process holds it, says whom it waits for and polls; then the caller
 * resumes, sending only what is still unfinished.
 */
export async function holdRunLease(o: {
  store: RunStore;
  runId: string;
  file: string;
  say: (line: string) => void;
  signal?: AbortSignal;
  pollMs?: number;
}): Promise<HeldLease> {
  const me = { ownerId: randomUUID(), pid: process.pid, host: hostname() };
  let waitedFor: string | undefined;
  for (;;) {
    const now = Date.now();
    const got = await o.store.acquireRunLease({
      runId: o.runId,
      ...me,
      now: new Date(now).toISOString(),
      staleBefore: new Date(now - LEASE_STALE_MS).toISOString(),
    });
    if (got.acquired) break;
    const holder = got.holder;
    if (holder.host === me.host && !processAlive(holder.pid)) {
      const taken = await o.store.acquireRunLease({
        runId: o.runId,
        ...me,
        now: new Date(now).toISOString(),
        staleBefore: new Date(now - LEASE_STALE_MS).toISOString(),
        replacing: holder.ownerId,
      });
      if (taken.acquired) break;
      continue;
    }
    if (waitedFor !== holder.ownerId) {
      waitedFor = holder.ownerId;
      o.say(`gamut: ${waitingLine(holder, o.file)}\n`);
    }
    await sleep(o.pollMs ?? POLL_MS, o.signal);
  }
  if (waitedFor !== undefined) o.say(`gamut: run ${o.runId} is free; resuming: only unfinished checks are sent\n`);

  const timer = setInterval(() => {
    o.store.renewRunLease(o.runId, me.ownerId, new Date().toISOString()).then(
      (held) => {
        if (!held) o.say(`gamut: another process took over run ${o.runId} after this one stopped answering\n`);
      },
      () => {},
    );
  }, HEARTBEAT_MS);
  timer.unref();
  return {
    async release() {
      clearInterval(timer);
      await o.store.releaseRunLease(o.runId, me.ownerId);
    },
  };
}

/** `waiting for process 4242 (started 09:14) which is judging run judge-1a2b in /x/.gamut/gamut.db`. */
export function waitingLine(holder: RunLease, file: string): string {
  const started = new Date(holder.startedAt);
  const hhmm = `${String(started.getHours()).padStart(2, '0')}:${String(started.getMinutes()).padStart(2, '0')}`;
  const where = holder.host === hostname() ? '' : ` on ${holder.host}`;
  return (
    `waiting for process ${holder.pid}${where} (started ${hhmm}) which is judging run ${holder.runId} in ${file}; ` +
    'this one resumes when it is done (Ctrl-C to stop waiting)'
  );
}

/** `kill(pid, 0)` probes without signalling; EPERM means it exists under another user. */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === 'EPERM';
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
