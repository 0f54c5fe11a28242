import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { abortableSleep, acquireLease, type RunLease, type RunStore } from '@gamut/core';

const HEARTBEAT_MS = 10_000;
const POLL_MS = 500;
const sleep = abortableSleep({ setTimeout, clearTimeout });

export interface HeldLease {
  /** Stops the heartbeat and gives the lease up. */
  release(): Promise<void>;
}

/**
 * Takes the run's lease before any call is sent, so a second process on the
 * same store never pays for checks the first is judging: while another live
 * process holds it, says whom it waits for and polls (core's `acquireLease`);
 * then the caller resumes, sending only what is still unfinished. A heartbeat
 * keeps the lease while the run goes on.
 */
export async function holdRunLease(o: {
  store: RunStore;
  runId: string;
  file: string;
  say: (line: string) => void;
  signal?: AbortSignal;
  pollMs?: number;
}): Promise<HeldLease> {
  const ownerId = randomUUID();
  const { waitedFor } = await acquireLease({
    store: o.store,
    runId: o.runId,
    seeker: { ownerId, pid: process.pid, host: hostname(), now: Date.now, isAlive: processAlive, sleep },
    pollMs: o.pollMs ?? POLL_MS,
    onWait: (holder) => o.say(`gamut: ${waitingLine(holder, o.file)}\n`),
    ...(o.signal && { signal: o.signal }),
  });
  if (waitedFor !== undefined) o.say(`gamut: run ${o.runId} is free; resuming: only unfinished checks are sent\n`);

  const timer = setInterval(() => {
    o.store.renewRunLease(o.runId, ownerId, new Date().toISOString()).then(
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
      await o.store.releaseRunLease(o.runId, ownerId);
    },
  };
}

/** `waiting for process 4242 (started 09:14) which is judging run judge-1a2b in /x/.gamut/gamut.db`. */
function waitingLine(holder: RunLease, file: string): string {
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
