import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJudgeModel } from '../create-judge-model.js';
import { readFixture } from '../test-support/http-test-server.js';
import type { CallEvent } from './events.js';
import { withMiddleware } from './with-middleware.js';

/**
 * A provider with a real rate limit, as the issue found it: a token bucket
 * of RATE requests a second (burst RATE/10) answering 429 with
 * `retry-after-ms` = the wait for the next token, over real HTTP.
 */
interface Bucket {
  url: string;
  accepted: number[];
  rejected: string[];
  close(): Promise<void>;
}

async function startBucket(rate: number, latencyMs: number): Promise<Bucket> {
  const burst = Math.max(1, rate / 10);
  let tokens = burst;
  let filled = performance.now();
  const accepted: number[] = [];
  const rejected: string[] = [];
  const reply = readFixture('openai-chat-completion.json');
  const server: Server = createServer(async (req, res) => {
    let body = '';
    for await (const c of req) body += c;
    const now = performance.now();
    tokens = Math.min(burst, tokens + ((now - filled) / 1000) * rate);
    filled = now;
    if (tokens < 1) {
      rejected.push(JSON.parse(body).messages.at(-1).content);
      const wait = Math.ceil(((1 - tokens) / rate) * 1000);
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after-ms': String(wait) });
      res.end('{"error":{"message":"Rate limit reached for requests","code":"rate_limit_exceeded"}}');
      return;
    }
    tokens -= 1;
    await new Promise((r) => setTimeout(r, latencyMs));
    accepted.push(performance.now());
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(reply);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    accepted,
    rejected,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const RATE = 50;
const CALLS = 400;
let bucket: Bucket;
beforeAll(async () => {
  bucket = await startBucket(RATE, 20);
});
afterAll(() => bucket.close());

describe('a provider with a real rate limit and no --rpm', () => {
  it('every call finishes, near the limit’s pace, with 429s on few of them', async () => {
    const events: CallEvent[] = [];
    const inner = await createJudgeModel('openai-chat:gpt-4.1', {
      env: { OPENAI_API_KEY: 'sk-test' },
      baseURL: bucket.url,
    });
    const model = withMiddleware(inner, { concurrency: 64, retries: 8, onEvent: (e) => events.push(e) });
    const t0 = performance.now();
    const results = await Promise.all(
      Array.from({ length: CALLS }, (_, i) =>
        model.doGenerate({ messages: [{ role: 'user', content: [{ type: 'text', text: `check ${i}` }] }] }),
      ),
    );
    const seconds = (performance.now() - t0) / 1000;
    expect(results.filter((r) => r.text.includes('meets'))).toHaveLength(CALLS);
    expect(bucket.accepted).toHaveLength(CALLS);
    expect(events.filter((e) => e.type === 'failed')).toHaveLength(0);
    // The limit allows at most burst + RATE × seconds; the run gets at least 70 % of it
    // (80-95 % on a quiet machine; the margin is for a loaded one, not a timing claim).
    expect(CALLS / seconds).toBeGreaterThanOrEqual(0.7 * RATE);
    // Few calls met a 429 at all: the pace is learned, not hammered into.
    expect(new Set(bucket.rejected).size).toBeLessThanOrEqual(CALLS / 2);
    const limited = events.filter((e) => e.type === 'limited');
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.every((e) => e.type === 'limited' && e.reason === 'replies')).toBe(true);
  });
});

describe('a provider that sends its request budget as headers', () => {
  it('paces to the per-minute limit once the budget runs low, before any 429', async () => {
    let remaining = 70;
    const starts: number[] = [];
    const reply = readFixture('openai-chat-completion.json');
    const server = createServer(async (req, res) => {
      for await (const _ of req);
      starts.push(performance.now());
      remaining = Math.max(0, remaining - 1);
      res.writeHead(200, {
        'content-type': 'application/json',
        'x-ratelimit-limit-requests': '600',
        'x-ratelimit-remaining-requests': String(remaining),
        'x-ratelimit-reset-requests': '6s',
      });
      res.end(reply);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const events: CallEvent[] = [];
      const inner = await createJudgeModel('openai-chat:gpt-4.1', {
        env: { OPENAI_API_KEY: 'sk-test' },
        baseURL: `http://127.0.0.1:${port}/v1`,
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
      expect(starts).toHaveLength(16);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
