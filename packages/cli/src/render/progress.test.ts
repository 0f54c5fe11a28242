import { formatDuration as duration, emptyCallCounts, formatProgressLine } from '@gamut/core';
import { describe, expect, it } from 'vitest';
import { createProgress, pickProgressMode } from './progress.js';

describe('progress', () => {
  it('counts done/total, rate and ETA from events and a clock', () => {
    let t = 0;
    const lines: string[] = [];
    const counts = emptyCallCounts();
    const p = createProgress({ mode: 'lines', counts, now: () => t, write: (s) => lines.push(s), intervalMs: 1e9 });
    p.onEvent({ type: 'checks-planned', total: 10, done: 4 });
    t = 2000;
    for (let i = 0; i < 3; i++) {
      p.onEvent({
        type: 'check-done',
        questionId: 'q',
        model: 'm',
        setting: 'multimodal',
        checkId: `c${i}`,
        judge: 'j',
        verdict: 'meets',
      });
    }
    p.onEvent({
      type: 'check-failed',
      questionId: 'q',
      model: 'm',
      setting: 'multimodal',
      checkId: 'c9',
      judge: 'j',
      error: 'x',
      kind: 'invalid_reply',
    });
    counts.cacheHits = 2;
    counts.inputTokens = 1_234_567;
    counts.outputTokens = 4321;
    counts.costUsd = 0.01234;
    const s = p.snapshot();
    // 4 checks finished in 2 s after planning → 2/s; 2 left → 1 s.
    expect(s.checks).toEqual({ done: 7, total: 10, failed: 1 });
    expect(s.rate).toBe(2);
    expect(s.etaSeconds).toBe(1);
    p.stop();
    expect(lines).toEqual(['checks 8/10 (80.0%)  2.0/s  ETA 1s  cache 2  tokens 1.2M→4.3k  $0.0123  failures 1\n']);
  });

  it('says nothing in quiet mode and JSON lines in json mode', () => {
    const quiet: string[] = [];
    createProgress({ mode: 'quiet', counts: emptyCallCounts(), write: (s) => quiet.push(s) }).stop();
    expect(quiet).toEqual([]);
    const json: string[] = [];
    const p = createProgress({ mode: 'json', counts: emptyCallCounts(), write: (s) => json.push(s), now: () => 0 });
    p.onEvent({ type: 'answers-planned', total: 2, done: 1 });
    p.stop();
    expect(JSON.parse(json[0]!)).toMatchObject({ type: 'progress', answers: { done: 1, total: 2, failed: 0 } });
  });

  it('picks a bar only for a terminal', () => {
    expect(pickProgressMode({ isTTY: true })).toBe('bar');
    expect(pickProgressMode({ isTTY: false })).toBe('lines');
    expect(pickProgressMode({ isTTY: true, json: true })).toBe('json');
    expect(pickProgressMode({ isTTY: true, quiet: true })).toBe('quiet');
  });

  it('formats durations and a fresh snapshot without a rate', () => {
    expect([duration(5), duration(95), duration(3725)]).toEqual(['5s', '1m35s', '1h02m']);
    const p = createProgress({ mode: 'quiet', counts: { ...emptyCallCounts(), costIncomplete: true }, now: () => 0 });
    expect(formatProgressLine(p.snapshot())).toBe('checks 0/0  cache 0  tokens 0→0  $0.0000+  failures 0');
  });

  it('says when a rate limit holds calls back, and stops saying it once the limit is quiet', () => {
    let t = 0;
    const p = createProgress({ mode: 'quiet', counts: emptyCallCounts(), now: () => t });
    const base = { callId: 3, at: 0, provider: 'openai', modelId: 'gpt' };
    p.onCallEvent({ ...base, type: 'limited', reason: 'replies', ratePerSecond: 38.4 });
    expect(formatProgressLine(p.snapshot())).toBe(
      'checks 0/0  cache 0  tokens 0→0  $0.0000  failures 0  waiting on rate limit: 429s, pacing at ~38 req/s',
    );
    p.onCallEvent({ ...base, type: 'retried', attempt: 1, delayMs: 20, error: 'HTTP 429' });
    t = 4000;
    p.onCallEvent({ ...base, type: 'limited', reason: 'headers', ratePerSecond: 0.5 });
    expect(p.snapshot().limit).toEqual({ reason: 'headers', ratePerSecond: 0.5 });
    expect(formatProgressLine(p.snapshot())).toContain(
      "waiting on rate limit: the provider's rate-limit headers, pacing at ~30 req/min",
    );
    t = 9001;
    expect(p.snapshot().limit).toBeNull();
    expect(formatProgressLine(p.snapshot())).not.toContain('waiting');
    p.onCallEvent({ ...base, type: 'limited', reason: 'rpm', ratePerSecond: null });
    expect(formatProgressLine(p.snapshot())).toContain('failures 0  waiting on --rpm/--tpm');
  });
});
