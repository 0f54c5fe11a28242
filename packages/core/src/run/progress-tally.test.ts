import { describe, expect, it } from 'vitest';
import { emptyCallCounts } from './call-counts.js';
import { formatDuration, formatProgressLine, limitText } from './progress-line.js';
import { ProgressTally } from './progress-tally.js';

const check = { questionId: 'q', model: 'm', setting: 'multimodal', checkId: 'c', judge: 'j' } as const;

describe('ProgressTally', () => {
  it('measures the rate from the checks finished after planning, not those a resumed run skipped', () => {
    const t = new ProgressTally(emptyCallCounts(), 1000);
    t.onEvent({ type: 'checks-planned', total: 20, done: 10 }, 1000);
    for (let i = 0; i < 4; i++) t.onEvent({ type: 'check-done', ...check, verdict: 'meets' }, 2000);
    t.onEvent({ type: 'check-failed', ...check, error: 'x', kind: 'timeout' }, 2000);
    // 5 fresh checks in 5 s → 1/s; 20 − 14 − 1 = 5 left → 5 s.
    const s = t.snapshot(6000);
    expect(s.checks).toEqual({ done: 14, total: 20, failed: 1 });
    expect([s.rate, s.etaSeconds, s.elapsedSeconds]).toEqual([1, 5, 5]);
  });

  it('has no rate or ETA before a fresh check finishes, and counts answers', () => {
    const t = new ProgressTally(emptyCallCounts(), 0);
    t.onEvent({ type: 'answers-planned', total: 3, done: 1 }, 0);
    t.onEvent({ type: 'answer-failed', questionId: 'q', model: 'm', setting: 'text_only', error: 'x' }, 0);
    t.onEvent({ type: 'checks-planned', total: 4, done: 0 }, 0);
    const s = t.snapshot(3000);
    expect(s.answers).toEqual({ done: 1, total: 3, failed: 1 });
    expect([s.rate, s.etaSeconds]).toEqual([null, null]);
    expect(formatProgressLine(s)).toBe(
      'answers 1/3 (1 failed)  checks 0/4 (0.0%)  cache 0  tokens 0→0  $0.0000  failures 1',
    );
  });

  it('shows a rate limit for 5 s after it was last heard of', () => {
    const t = new ProgressTally(emptyCallCounts(), 0);
    t.limited({ reason: 'replies', ratePerSecond: 2.5 }, 100);
    expect(t.snapshot(5100).limit).toEqual({ reason: 'replies', ratePerSecond: 2.5 });
    expect(t.snapshot(5101).limit).toBeNull();
  });
});

describe('progress line', () => {
  it('formats durations, paces and large counts', () => {
    expect([formatDuration(59.4), formatDuration(60), formatDuration(3599), formatDuration(7260)]).toEqual([
      '59s',
      '1m00s',
      '59m59s',
      '2h01m',
    ]);
    expect(limitText({ reason: 'replies', ratePerSecond: 2.5 })).toBe(
      'waiting on rate limit: 429s, pacing at ~2.5 req/s',
    );
    expect(limitText({ reason: 'headers', ratePerSecond: null })).toBe(
      "waiting on rate limit: the provider's rate-limit headers",
    );
    const t = new ProgressTally({ ...emptyCallCounts(), inputTokens: 999, outputTokens: 1_500_000 }, 0);
    expect(formatProgressLine(t.snapshot(0))).toContain('tokens 999→1.5M');
  });
});
