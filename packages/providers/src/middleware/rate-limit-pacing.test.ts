import { type FakeServer, type RecordedRequest, rateLimit, readFixture, startFakeServer } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJudgeModel } from '../create-judge-model.js';
import type { CallEvent } from './events.js';
import { withMiddleware } from './with-middleware.js';

/**
 * A provider with a real rate limit, as the issue found it: a token bucket
 * of RATE requests a second (burst RATE/10) answering 429 with
 * `retry-after-ms` = the wait for the next token, over real HTTP.
 */
const RATE = 50;
const CALLS = 400;
let bucket: FakeServer;
beforeAll(async () => {
  bucket = await startFakeServer({
    reply: () => readFixture('openai-chat-completion.json'),
    faults: rateLimit(RATE),
    latencyMs: 20,
  });
});
afterAll(() => bucket.close());
const lastMessage = (r: RecordedRequest) => (r.body.messages as { content: unknown }[]).at(-1)?.content;

describe('a provider with a real rate limit and no --rpm', () => {
  // How near the limit's pace the pacer goes is measured on a simulated clock (adaptive-pacer.test.ts):
  // wall-clock throughput here would measure the machine's load as much as the pacer.
  it('every call finishes, with 429s on few of them', async () => {
    const events: CallEvent[] = [];
    const inner = await createJudgeModel('openai-chat:gpt-4.1', {
      env: { OPENAI_API_KEY: 'sk-test' },
      baseURL: bucket.url,
    });
    const model = withMiddleware(inner, { concurrency: 64, retries: 8, onEvent: (e) => events.push(e) });
    const results = await Promise.all(
      Array.from({ length: CALLS }, (_, i) =>
        model.doGenerate({ messages: [{ role: 'user', content: [{ type: 'text', text: `check ${i}` }] }] }),
      ),
    );
    expect(results.filter((r) => r.text.includes('meets'))).toHaveLength(CALLS);
    expect(bucket.requests.filter((r) => r.status === 200)).toHaveLength(CALLS);
    expect(events.filter((e) => e.type === 'failed')).toHaveLength(0);
    // Few calls met a 429 at all: the pace is learned, not hammered into.
    const rejected = bucket.requests.filter((r) => r.status === 429).map(lastMessage);
    expect(new Set(rejected).size).toBeLessThanOrEqual(CALLS / 2);
    const limited = events.filter((e) => e.type === 'limited');
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.every((e) => e.type === 'limited' && e.reason === 'replies')).toBe(true);
  });
});

describe('a provider that sends its request budget as headers', () => {
  it('paces to the per-minute limit once the budget runs low, before any 429', async () => {
    let remaining = 70;
    const server = await startFakeServer({
      faults: () => {
        remaining = Math.max(0, remaining - 1);
        const headers = {
          'x-ratelimit-limit-requests': '600',
          'x-ratelimit-remaining-requests': String(remaining),
          'x-ratelimit-reset-requests': '6s',
        };
        return { kind: 'status', status: 200, headers, body: readFixture('openai-chat-completion.json') };
      },
    });
    try {
      const events: CallEvent[] = [];
      const inner = await createJudgeModel('openai-chat:gpt-4.1', {
        env: { OPENAI_API_KEY: 'sk-test' },
        baseURL: server.url,
      });
      const model = withMiddleware(inner, { concurrency: 1, onEvent: (e) => events.push(e) });
      const ask = (i: number) =>
        model.doGenerate({ messages: [{ role: 'user', content: [{ type: 'text', text: `check ${i}` }] }] });
      // 10 calls use the budget down to 60, a tenth of the limit: from then on 600 a minute, one per 100 ms.
      for (let i = 0; i < 10; i++) await ask(i);
      const paced = performance.now();
      for (let i = 10; i < 16; i++) await ask(i);
      expect(events.find((e) => e.type === 'limited')).toMatchObject({ reason: 'headers', ratePerSecond: 10 });
      // Six paced calls after the one that set the pace: at least five gaps of 100 ms.
      expect(performance.now() - paced).toBeGreaterThanOrEqual(5 * 100 - 5);
      expect(server.requests).toHaveLength(16);
    } finally {
      await server.close();
    }
  });
});
