import { describe, expect, it } from 'vitest';
import { AdaptivePacer } from './adaptive-pacer.js';

describe('AdaptivePacer', () => {
  it('costs nothing until a limit is seen', () => {
    const p = new AdaptivePacer();
    for (let i = 0; i < 100; i++) expect(p.reserve(1000).waitMs).toBe(0);
    expect(p.state()).toEqual({ ratePerSecond: null, reason: null });
  });

  it('a 429 paces every attempt to the rate the provider accepted; old 429s of the same round change nothing', () => {
    const p = new AdaptivePacer();
    // 26 attempts, one every 40 ms from 0 to 1,000 ms; the last 5 are turned away at 1,000 ms.
    const tickets = Array.from({ length: 26 }, (_, i) => p.reserve(i * 40).ticket);
    expect(p.rejected(tickets[21]!, 1000, 25)).toBe(true);
    for (const t of tickets.slice(22)) expect(p.rejected(t, 1000, 25)).toBe(false);
    // The first 429 saw 25 of the last second's attempts not turned away: 25 a second, one per 40 ms.
    expect(p.state()).toEqual({ ratePerSecond: 25, reason: 'replies' });
    // Everyone waits out the provider's 25 ms, then one attempt every 40 ms.
    const next = [p.reserve(1000), p.reserve(1000), p.reserve(1000)];
    expect(next.map((r) => r.waitMs)).toEqual([25, 65, 105]);
    // An attempt sent after the cut is turned away too: the pace drops to the 20 accepted in the last second.
    expect(p.rejected(next[0]!.ticket, 1030, undefined)).toBe(true);
    expect(p.state().ratePerSecond).toBe(20);
  });

  it('after the first cut, while pacing binds, each success raises the pace by 1 % (slow start)', () => {
    const p = new AdaptivePacer();
    const first = p.reserve(0).ticket;
    p.rejected(first, 10, 2000);
    // Nothing accepted, asked to wait 2 s: one attempt per 2 s.
    expect(p.state().ratePerSecond).toBe(0.5);
    const paced = p.reserve(10);
    expect(paced.waitMs).toBe(2000);
    p.succeeded(paced.ticket, 100);
    p.succeeded(p.reserve(2010).ticket, 100);
    expect(p.state().ratePerSecond).toBeCloseTo(0.5 * 1.01 * 1.01, 10);
  });

  it('a cut below a pace the probe reached is regained quickly, up to just under it; beyond it +0.1 a success', () => {
    const p = new AdaptivePacer();
    const tickets = Array.from({ length: 26 }, (_, i) => p.reserve(i * 40).ticket);
    p.rejected(tickets[21]!, 1000, 25); // first cut: 25 a second
    for (const t of tickets.slice(22)) p.rejected(t, 1000, 25);
    // A 429 right after a cut marks no limit: still slow start.
    const early = p.reserve(1000); // at 1,025 (the provider's 25 ms)
    p.succeeded(early.ticket, 100); // the pace rose: 25 × 1.01
    expect(p.state().ratePerSecond).toBeCloseTo(25.25, 10);
    const probe = p.reserve(1000); // at 1,025 + 1000 / 25.25 ms
    // A 429 met while rising: the pace drops to the 20 accepted in the last second (19 from 80 ms on, and the one at 1,025),
    // and 0.95 × 25.25 = 23.9875 becomes the pace to regain quickly.
    expect(p.rejected(probe.ticket, 1070, undefined)).toBe(true);
    expect(p.state().ratePerSecond).toBe(20);
    p.succeeded(p.reserve(1070).ticket, 100);
    expect(p.state().ratePerSecond).toBeCloseTo(20 + (23.9875 - 20) * 0.05, 10);
    for (let i = 0; i < 200; i++) p.succeeded(p.reserve(1070).ticket, 100);
    // past it: the slow probe, +0.1 a success
    const above = p.state().ratePerSecond as number;
    expect(above).toBeGreaterThan(23.9875);
    p.succeeded(p.reserve(1070).ticket, 100);
    expect(p.state().ratePerSecond).toBeCloseTo(above + 0.1, 10);
  });

  it('a request budget running low paces to its per-minute limit; one used up holds everyone until it resets', () => {
    const p = new AdaptivePacer();
    expect(p.observe({ requests: { limit: 600, remaining: 500, resetMs: 100 } }, 0)).toBe(false);
    expect(p.observe({ requests: { limit: 600, remaining: 50, resetMs: 100 } }, 0)).toBe(true);
    expect(p.state()).toEqual({ ratePerSecond: 10, reason: 'headers' });
    expect(p.observe({ requests: { limit: 600, remaining: 0, resetMs: 3000 } }, 100)).toBe(true);
    expect(p.reserve(100).waitMs).toBe(3000);
    expect(p.reserve(100).waitMs).toBe(3100);
  });

  it('a token budget counts in calls of the average size seen', () => {
    const p = new AdaptivePacer();
    p.succeeded(p.reserve(0).ticket, 1000);
    // 60,000 tokens a minute of 1,000-token calls: one call a second.
    expect(p.observe({ tokens: { limit: 60_000, remaining: 5000, resetMs: 5000 } }, 0)).toBe(true);
    expect(p.state().ratePerSecond).toBe(1);
    expect(p.observe({ tokens: { limit: 60_000, remaining: 500, resetMs: 2000 } }, 0)).toBe(true);
    expect(p.reserve(0).waitMs).toBe(2000);
  });
});

/**
 * A run of `calls` calls, `concurrency` at a time, against a token bucket of `rate` a second
 * (burst rate/10) that answers 429 with the wait for its next token, on a simulated clock:
 * what the pacer makes of a real limit, with no machine's load in the figures.
 */
function simulate(rate: number, calls: number, concurrency: number, latencyMs: number) {
  const p = new AdaptivePacer();
  const burst = Math.max(1, rate / 10);
  let tokens = burst;
  let refilledAt = 0;
  const rejected = new Set<number>();
  let done = 0;
  let started = 0;
  // Pending events (time, what), taken earliest first.
  const events: { at: number; run: (now: number) => void }[] = [];
  const later = (at: number, run: (now: number) => void) => events.push({ at, run });
  const send = (call: number) => (now: number) => {
    const { ticket, waitMs } = p.reserve(now);
    later(now + waitMs, (sentAt) => {
      tokens = Math.min(burst, tokens + ((sentAt - refilledAt) * rate) / 1000);
      refilledAt = sentAt;
      const ok = tokens >= 1;
      if (ok) tokens -= 1;
      const hint = ok ? 0 : ((1 - tokens) * 1000) / rate;
      later(sentAt + latencyMs, (at) => {
        if (ok) {
          p.succeeded(ticket, undefined);
          done++;
          if (started < calls) send(started++)(at);
        } else {
          rejected.add(call);
          p.rejected(ticket, at, hint);
          later(at + hint, send(call));
        }
      });
    });
  };
  while (started < Math.min(concurrency, calls)) send(started++)(0);
  let now = 0;
  while (events.length) {
    events.sort((a, b) => a.at - b.at);
    const e = events.shift()!;
    now = e.at;
    e.run(now);
  }
  return { done, rejected: rejected.size, perSecond: (calls * 1000) / now };
}

describe('AdaptivePacer against a token bucket', () => {
  it('goes at most of the limit’s pace and meets few 429s (400 calls, 64 at a time, 50 a second)', () => {
    const r = simulate(50, 400, 64, 20);
    expect(r.done).toBe(400);
    // The bucket allows at most burst + 50 a second.
    expect(r.perSecond).toBeLessThanOrEqual(50 * 1.05);
    expect(r.perSecond).toBeGreaterThanOrEqual(50 * 0.8);
    expect(r.rejected).toBeLessThanOrEqual(400 / 4);
  });
});
