import { describe, expect, it } from 'vitest';
import { fakeClock } from './fake-clock.js';

describe('fakeClock', () => {
  it('sleeps return at once, move time on by the wait and are recorded', async () => {
    const clock = fakeClock({ start: 1000 });
    await clock.sleep(250);
    clock.advance(5);
    await clock.sleep(40);
    expect(clock.now()).toBe(1295);
    expect(clock.sleeps).toEqual([250, 40]);
  });

  it('with concurrent sleeps, calls sleeping at once count their waits from the same moment', async () => {
    const clock = fakeClock({ start: 0, concurrentSleeps: true });
    const seen: number[] = [];
    await Promise.all([100, 300].map((ms) => clock.sleep(ms).then(() => seen.push(clock.now()))));
    // Sequential sleeps would have woken at 100 and 400.
    expect(seen).toEqual([100, 300]);
    expect(clock.now()).toBe(300);
  });

  it('an aborted signal ends a sleep with its reason', async () => {
    const clock = fakeClock();
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(clock.sleep(10, controller.signal)).rejects.toThrow('stop');
    expect(clock.sleeps).toEqual([]);
  });
});
