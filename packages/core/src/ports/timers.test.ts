import { describe, expect, it } from 'vitest';
import { abortableSleep, type Timers } from './timers.js';

/** Timers that fire only when the test says so, and show what is pending. */
function manualTimers() {
  const pending = new Map<number, { ms: number; fire: () => void }>();
  const cleared: unknown[] = [];
  let next = 1;
  const timers: Timers = {
    setTimeout(callback, ms) {
      const id = next++;
      pending.set(id, { ms, fire: callback });
      return id;
    },
    clearTimeout(handle) {
      cleared.push(handle);
      pending.delete(handle as number);
    },
  };
  const fireAll = () => {
    for (const [id, t] of [...pending]) {
      pending.delete(id);
      t.fire();
    }
  };
  return { timers, pending, cleared, fireAll };
}

describe('abortableSleep', () => {
  it('resolves when its timer fires, after asking for the wait it was given, and leaves no listener behind', async () => {
    const { timers, pending, cleared, fireAll } = manualTimers();
    const controller = new AbortController();
    let settled = false;
    const wait = abortableSleep(timers)(1500, controller.signal).then(() => {
      settled = true;
    });
    expect([...pending.values()].map((t) => t.ms)).toEqual([1500]);
    await Promise.resolve();
    expect(settled).toBe(false);
    fireAll();
    await wait;
    expect(settled).toBe(true);
    // An abort after the wait is over finds no listener of this wait: nothing is cleared.
    controller.abort(new Error('late'));
    expect(cleared).toEqual([]);
  });

  it("rejects with the signal's own reason when aborted during the wait, and clears the timer", async () => {
    const { timers, pending, cleared } = manualTimers();
    const controller = new AbortController();
    const wait = abortableSleep(timers)(10_000, controller.signal);
    const reason = new Error('stop waiting');
    controller.abort(reason);
    await expect(wait).rejects.toBe(reason);
    expect(cleared).toEqual([1]);
    expect(pending.size).toBe(0);
  });

  it('rejects at once, setting no timer, when the signal is already aborted', async () => {
    const { timers, pending } = manualTimers();
    const reason = { why: 'already' };
    await expect(abortableSleep(timers)(10, AbortSignal.abort(reason))).rejects.toBe(reason);
    expect(pending.size).toBe(0);
  });

  it('waits on real timers too', async () => {
    const started = Date.now();
    await abortableSleep({ setTimeout, clearTimeout })(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
  });
});
