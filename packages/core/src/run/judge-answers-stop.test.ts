import { describe, expect, it } from 'vitest';
import { ProviderError } from '../issues/errors.js';
import type { CheckJudge, CheckOutcome } from '../judge/check-judge.js';
import { createMemoryStore } from '../memory/memory-store.js';
import { type Check, CheckId, ItemId } from '../schema/index.js';
import { earlyStopLimit, FailureStreak } from './failure-streak.js';
import { type AnswerToJudge, type JudgeTarget, judgeAnswers } from './judge-answers.js';

const checks: Check[] = Array.from({ length: 5 }, (_, i) => ({
  id: CheckId.parse(`I${i + 1}.fact`),
  tier: 'valuable',
  kind: 'fact',
  text: `check ${i + 1}`,
  item: ItemId.parse(`I${i + 1}`),
  secondary: false,
  snippets: [],
}));
const targets = new Map<string, JudgeTarget>(
  ['q1', 'q2', 'q3', 'q4'].map((q) => [q, { questionId: q, question: q, language: 'en', checks }]),
);
// 4 questions × 5 checks = 20 checks.
const answers: AnswerToJudge[] = [...targets.keys()].map((q) => ({
  questionId: q,
  model: 'm',
  setting: 'multimodal',
  response: 'r',
}));

const refused: CheckOutcome = {
  status: 'failed',
  error: 'openai-compatible:m: network error: fetch failed (ECONNREFUSED)',
  raw: null,
};

/** A judge answering each call with `reply(n)` (n counts calls from 0) after a tick. */
function judgeOf(reply: (n: number) => CheckOutcome | Promise<CheckOutcome>) {
  let calls = 0;
  const judge: CheckJudge = {
    id: 'j',
    async judge() {
      const n = calls++;
      await new Promise((r) => setTimeout(r, 1));
      return reply(n);
    },
  };
  return { judge, calls: () => calls };
}

describe('judgeAnswers stops early', () => {
  it('when the first 8 checks all fail to reach the service; what finished stays stored', async () => {
    const store = createMemoryStore();
    const j = judgeOf(() => refused);
    const s = await judgeAnswers({ runId: 'r', targets, answers, judge: j.judge, store, concurrency: 2 });
    expect(s.stopped).toEqual({ failures: 8, kind: 'provider_error', error: refused.error });
    expect(s.aborted).toBe(false);
    // The 8th failure stops it; at most one other call (concurrency 2) was in flight.
    expect(j.calls()).toBeLessThanOrEqual(9);
    expect(s.failed).toBe((await store.getJudgeFailures('r')).length);
    expect((await store.getJudgeFailures('r')).every((f) => f.kind === 'provider_error')).toBe(true);
  });

  it('after all the checks when a run has fewer than 8', async () => {
    const few = new Map([...targets].slice(0, 1));
    const s = await judgeAnswers({
      runId: 'r',
      targets: few,
      answers: answers.slice(0, 1),
      judge: judgeOf(() => refused).judge,
      store: createMemoryStore(),
      concurrency: 4,
    });
    expect(s.stopped?.failures).toBe(5);
  });

  it('never once a check got a verdict, nor for replies that were not verdicts', async () => {
    const okFirst = judgeOf((n) =>
      n === 0 ? { status: 'ok', verdict: 'meets', rationale: '', quote: null } : refused,
    );
    const s1 = await judgeAnswers({
      runId: 'r',
      targets,
      answers,
      judge: okFirst.judge,
      store: createMemoryStore(),
      concurrency: 1,
    });
    expect([s1.stopped, s1.judged, s1.failed]).toEqual([undefined, 1, 19]);

    const refusals = judgeOf(
      () => ({ status: 'failed', error: 'declined', raw: null, kind: 'refusal' }) as CheckOutcome,
    );
    const s2 = await judgeAnswers({
      runId: 'r',
      targets,
      answers,
      judge: refusals.judge,
      store: createMemoryStore(),
      concurrency: 1,
    });
    expect([s2.stopped, s2.failed]).toEqual([undefined, 20]);
  });

  it('at once when the judge throws, aborting the calls in flight', async () => {
    const aborted: boolean[] = [];
    let calls = 0;
    const judge: CheckJudge = {
      id: 'j',
      async judge(_input, signal) {
        if (calls++ === 0) {
          await new Promise((r) => setTimeout(r, 5));
          throw new ProviderError('bad key (401)', { status: 401, retryable: false });
        }
        // A call waiting out its retries, until aborted.
        await new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }));
        aborted.push(signal?.aborted === true);
        throw signal?.reason;
      },
    };
    const run = judgeAnswers({ runId: 'r', targets, answers, judge, store: createMemoryStore(), concurrency: 4 });
    await expect(run).rejects.toThrow('bad key (401)');
    expect(aborted).toEqual([true, true, true]);
    expect(calls).toBe(4);
  });
});

describe('earlyStopLimit', () => {
  it('is 8, or every check of a shorter run, but never a streak too short to mean anything', () => {
    expect([earlyStopLimit(58), earlyStopLimit(8), earlyStopLimit(5), earlyStopLimit(3)]).toEqual([8, 8, 5, 3]);
    expect([earlyStopLimit(2), earlyStopLimit(1), earlyStopLimit(0), earlyStopLimit(58, 0)]).toEqual([0, 0, 0, 0]);
  });
});

describe('FailureStreak over calls', () => {
  const error = 'x: HTTP 429: slow down';
  it('stops on rate limits only after 10 s of nothing else, and never once a call got through', () => {
    const stops: unknown[] = [];
    const s = new FailureStreak(8);
    s.onStop = (x) => stops.push(x);
    for (let i = 0; i < 50; i++) expect(s.rateLimited(error, i * 100)).toBeUndefined(); // 50 in 4.9 s
    expect(s.rateLimited(error, 10_000)).toEqual({ failures: 51, kind: 'provider_error', error });
    expect(stops).toHaveLength(1);

    const real = new FailureStreak(8);
    for (let i = 0; i < 60; i++) real.rateLimited(error, i); // a burst at the start of a real limit
    real.ok();
    expect(real.rateLimited(error, 60_000)).toBeUndefined();
  });

  it('counts failed calls, which rate limits neither add to nor reset', () => {
    const s = new FailureStreak(3);
    expect(s.failed('provider_error', 'refused')).toBeUndefined();
    s.rateLimited(error, 0);
    expect(s.failed('timeout', 'no reply within 10 ms')).toBeUndefined();
    expect(s.failed('provider_error', 'refused')).toEqual({ failures: 3, kind: 'provider_error', error: 'refused' });
  });

  it('given to judgeAnswers, stops the run when its calls fail, whatever the checks say', async () => {
    const streak = new FailureStreak(8);
    let calls = 0;
    const judge: CheckJudge = {
      id: 'j',
      async judge(_input, signal) {
        // Each check's call fails and is retried until aborted, as a provider's retry layer would.
        for (;;) {
          calls++;
          streak.failed('provider_error', 'connect ECONNREFUSED');
          if (signal?.aborted) throw signal.reason;
          await new Promise((r) => setTimeout(r, 1));
        }
      },
    };
    const s = await judgeAnswers({
      runId: 'r',
      targets,
      answers,
      judge,
      store: createMemoryStore(),
      concurrency: 2,
      callStreak: streak,
    });
    expect(s.stopped).toEqual({ failures: 8, kind: 'provider_error', error: 'connect ECONNREFUSED' });
    expect([s.judged, s.failed]).toEqual([0, 0]);
    expect(calls).toBeLessThanOrEqual(10);
  });
});
