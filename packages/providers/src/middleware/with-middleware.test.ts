import type { ModelCallOptions } from '@gamut/core';
import { type FakeServer, fakeClock, startFakeServer } from '@gamut/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJudgeModel } from '../create-judge-model.js';
import { ProviderCallError } from '../provider-call-error.js';
import { MemoryCallCache } from '../test-support/memory-call-cache.js';
import type { CallEvent } from './events.js';
import { type MiddlewareOptions, withMiddleware } from './with-middleware.js';

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.setLatency(0);
});

const call = (text = 'Grade this.', extra: Partial<ModelCallOptions> = {}): ModelCallOptions => ({
  system: 'You grade answers.',
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  temperature: 0,
  maxOutputTokens: 100,
  promptTemplate: 'gamut-judge-check@abc',
  ...extra,
});

async function stack(options: MiddlewareOptions = {}, spec = 'openai-chat:gpt-4.1', concurrentSleeps = false) {
  const clock = fakeClock({ concurrentSleeps });
  const events: CallEvent[] = [];
  const inner = await createJudgeModel(spec, { env: { OPENAI_API_KEY: 'sk-test' }, baseURL: `${server.origin}/v1` });
  const model = withMiddleware(inner, {
    clock,
    random: () => 0.5,
    timeoutMs: 5000,
    onEvent: (e) => events.push(e),
    ...options,
  });
  return { model, clock, events };
}

describe('retries', () => {
  it('honours retry-after in seconds on a 429', async () => {
    const { model, clock, events } = await stack();
    server.enqueue({ kind: 'status', status: 429, headers: { 'retry-after': '2' } });
    const result = await model.doGenerate(call());
    expect(result.text).toContain('meets');
    expect(server.requests).toHaveLength(2);
    // 2 s plus at most 10% jitter (random 0.5 → 100 ms)
    expect(clock.sleeps).toEqual([2100]);
    const retried = events.find((e) => e.type === 'retried');
    expect(retried).toMatchObject({ status: 429, attempt: 1, delayMs: 2100 });
    expect(retried?.type === 'retried' && retried.error).toContain('Rate limit reached');
  });

  it('a 429 slows every call through the learned pace, while the call that got it backs off on its own', async () => {
    const events: CallEvent[] = [];
    let second: Promise<unknown> | undefined;
    const { model, clock } = await stack(
      {
        onEvent: (e) => {
          events.push(e);
          // another call arrives just after the first one was told to wait 5 s
          if (e.type === 'retried' && second === undefined) second = model.doGenerate(call('another check'));
        },
      },
      'openai-chat:gpt-4.1',
      true,
    );
    const t0 = clock.now();
    server.enqueue({ kind: 'status', status: 429, headers: { 'retry-after': '5' } });
    await model.doGenerate(call());
    await second;
    expect(server.requests).toHaveLength(3);
    // Nothing was accepted and the provider asked for 5 s: one call per 5 s. The first call
    // sleeps its own 5 s + 5% jitter; the second waits for the next slot (5 s after the 429);
    // the first call's retry at 5.25 s takes the slot after that, at 10 s.
    expect(clock.sleeps).toEqual([5250, 5000, 4750]);
    const starts = events.filter((e) => e.type === 'started');
    expect(starts.map((e) => e.callId)).toEqual([0, 1, 0]);
    expect(starts.at(-1)?.at).toBe(t0 + 10_000);
    expect(events.find((e) => e.type === 'limited')).toMatchObject({ reason: 'replies', ratePerSecond: 0.2 });
  });

  it('honours retry-after-ms, and retry-after as an HTTP date', async () => {
    const { model, clock } = await stack();
    server.enqueue(
      { kind: 'status', status: 429, headers: { 'retry-after-ms': '1500' } },
      { kind: 'status', status: 503, headers: { 'retry-after': new Date(clock.now() + 1500 + 4000).toUTCString() } },
    );
    await model.doGenerate(call());
    expect(clock.sleeps[0]).toBe(1575);
    // the date is 4 s after the first wait ended; 10% jitter capped at 1 s
    expect(clock.sleeps[1]).toBeGreaterThanOrEqual(3000);
    expect(clock.sleeps[1]).toBeLessThanOrEqual(4400);
  });

  it('backs off exponentially with jitter on 500s, then succeeds', async () => {
    const { model, clock } = await stack();
    server.enqueue({ kind: 'status', status: 500 }, { kind: 'status', status: 502 });
    const result = await model.doGenerate(call());
    expect(result.usage.inputTokens).toBe(1843);
    expect(server.requests).toHaveLength(3);
    // base 1 s doubling; equal jitter with random 0.5 → 3/4 of the step
    expect(clock.sleeps).toEqual([750, 1500]);
  });

  it('aborts a hung call at the timeout and retries it', async () => {
    const { model, events } = await stack({ timeoutMs: 1000 });
    server.enqueue({ kind: 'hang' });
    const result = await model.doGenerate(call());
    expect(result.text).toContain('meets');
    expect(server.requests).toHaveLength(2);
    expect(events.find((e) => e.type === 'retried')).toMatchObject({
      error: 'openai:gpt-4.1: no reply within 1000 ms',
    });
  });

  it('retries an invalid JSON body and a truncated body', async () => {
    const { model } = await stack();
    server.enqueue({ kind: 'invalid-json' }, { kind: 'truncated' });
    const result = await model.doGenerate(call());
    expect(result.text).toContain('meets');
    expect(server.requests).toHaveLength(3);
  });

  it('gives up after the retries, keeping the raw body', async () => {
    const { model, events } = await stack({ retries: 2 });
    server.enqueue({ kind: 'invalid-json' }, { kind: 'invalid-json' }, { kind: 'invalid-json' });
    const error = await model.doGenerate(call()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderCallError);
    expect((error as ProviderCallError).message).toMatch(/invalid response.*\(gave up after 3 attempts\)$/);
    expect((error as ProviderCallError).details.raw).toContain('<html>Bad gateway</html>');
    expect(server.requests).toHaveLength(3);
    expect(events.at(-1)).toMatchObject({ type: 'failed', attempts: 3 });
    expect(model.totals().failures).toBe(1);
  });

  it('waits out rate-limit 429s without using up retries', async () => {
    const { model, clock } = await stack({ retries: 1 });
    const limited = { kind: 'status', status: 429, headers: { 'retry-after': '1' } } as const;
    server.enqueue(limited, { kind: 'status', status: 500 }, limited, limited);
    const result = await model.doGenerate(call());
    expect(result.text).toContain('meets');
    expect(server.requests).toHaveLength(5);
    // 1 s + 5 % jitter after each 429; the first backoff step (3/4 of 1 s) after the 500, then
    // 250 ms more for the slot of the pace the first 429 set (1 a second: nothing was accepted yet).
    expect(clock.sleeps).toEqual([1050, 750, 250, 1050, 1050]);
    expect(model.totals()).toMatchObject({ retries: 4, failures: 0 });
  });

  it('fails a call once its rate-limit waits pass maxRateLimitWaitMs, and one more failure past its retries', async () => {
    const { model } = await stack({ retries: 1, retryPolicy: { maxRateLimitWaitMs: 2000 } });
    const limited = { kind: 'status', status: 429, headers: { 'retry-after': '1' } } as const;
    server.enqueue(limited, limited);
    const waited = (await model.doGenerate(call()).catch((e: unknown) => e)) as ProviderCallError;
    expect(waited.message).toMatch(/HTTP 429.*\(gave up after 2 attempts\)$/);
    expect(server.requests).toHaveLength(2);
    server.enqueue(limited, { kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    const failed = (await model.doGenerate(call('Another.')).catch((e: unknown) => e)) as ProviderCallError;
    expect(failed.message).toMatch(/HTTP 500.*\(gave up after 3 attempts\)$/);
    expect(server.requests).toHaveLength(5);
  });

  it('does not retry a 401', async () => {
    const { model } = await stack();
    server.enqueue({ kind: 'status', status: 401 });
    const error = (await model.doGenerate(call()).catch((e: unknown) => e)) as ProviderCallError;
    expect(error.details).toMatchObject({ status: 401, retryable: false });
    expect(error.message).toContain('Incorrect API key provided');
    expect(server.requests).toHaveLength(1);
  });

  it('names the missing API key variable and sends nothing', async () => {
    const inner = await createJudgeModel('anthropic:claude-haiku-4-5', { env: {}, baseURL: `${server.origin}/v1` });
    const error = (await withMiddleware(inner)
      .doGenerate(call())
      .catch((e: unknown) => e)) as ProviderCallError;
    expect(error.message).toBe('anthropic: no API key: set the environment variable ANTHROPIC_API_KEY');
    expect(error.details.retryable).toBe(false);
    const google = await createJudgeModel('google:gemini-2.5-flash', { env: {} });
    await expect(google.doGenerate(call())).rejects.toThrow(
      'google: no API key: set the environment variable GEMINI_API_KEY, GOOGLE_API_KEY or GOOGLE_GENERATIVE_AI_API_KEY',
    );
    const noEnv = await createJudgeModel('openai:gpt-4.1');
    await expect(noEnv.doGenerate(call())).rejects.toThrow(
      'openai: no API key: set the environment variable OPENAI_API_KEY (no env was given to createJudgeModel: pass { env: process.env } or { apiKey })',
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe('cache', () => {
  it('serves the second identical call from the cache; sample or template changes miss', async () => {
    const cache = new MemoryCallCache();
    const { model, events } = await stack({ cache });
    await model.doGenerate(call());
    await model.doGenerate(call());
    expect(server.requests).toHaveLength(1);
    expect(events.filter((e) => e.type === 'cached')).toHaveLength(1);
    const stored = [...cache.entries.values()][0];
    expect(stored?.meta).toMatchObject({ provider: 'openai', modelId: 'gpt-4.1' });
    await model.doGenerate(call('Grade this.', { sample: 1 }));
    expect(server.requests).toHaveLength(2);
    await model.doGenerate(call('Grade this.', { promptTemplate: 'gamut-judge-check@def' }));
    expect(server.requests).toHaveLength(3);
    await model.doGenerate(call('Grade this.', { temperature: 0.7 }));
    expect(server.requests).toHaveLength(4);
    expect(model.totals()).toMatchObject({ calls: 4, cacheHits: 1 });
  });

  it('asks both of two endpoints serving one model name, and each again from its own cache entry', async () => {
    const second = await startFakeServer();
    try {
      const cache = new MemoryCallCache();
      const env = { OPENAI_API_KEY: 'sk-test' };
      const a = withMiddleware(await createJudgeModel('openai-chat:gpt-4.1', { env, baseURL: `${server.origin}/v1` }), {
        cache,
      });
      const b = withMiddleware(await createJudgeModel('openai-chat:gpt-4.1', { env, baseURL: `${second.origin}/v1` }), {
        cache,
      });
      second.setReply(() => JSON.stringify({ rationale: 'No.', quote: null, verdict: 'missing' }));
      expect((await a.doGenerate(call())).text).toContain('"meets"');
      expect((await b.doGenerate(call())).text).toContain('"missing"');
      expect(server.requests).toHaveLength(1);
      expect(second.requests).toHaveLength(1);
      expect(cache.entries.size).toBe(2);
      // a rerun on the same cache answers each endpoint with its own reply
      expect((await b.doGenerate(call())).text).toContain('"missing"');
      expect((await a.doGenerate(call())).text).toContain('"meets"');
      expect(server.requests).toHaveLength(1);
      expect(second.requests).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('keys the Responses and Chat Completions APIs of one model apart', async () => {
    const cache = new MemoryCallCache();
    const { model: responses } = await stack({ cache }, 'openai:gpt-4.1');
    const { model: chat } = await stack({ cache }, 'openai-chat:gpt-4.1');
    await responses.doGenerate(call());
    await chat.doGenerate(call());
    expect(server.requests.map((r) => r.path)).toEqual(['/v1/responses', '/v1/chat/completions']);
  });

  it('misses on every request parameter', async () => {
    const cache = new MemoryCallCache();
    const { model } = await stack({ cache });
    const schema = { type: 'object', properties: { verdict: { type: 'string' } } };
    const variants: Partial<ModelCallOptions>[] = [
      {},
      { maxOutputTokens: 101 },
      { seed: 1 },
      { system: 'You grade answers strictly.' },
      { responseFormat: { name: 'v', schema } },
      { responseFormat: { name: 'v', schema: { ...schema, required: ['verdict'] } } },
      { responseFormat: { name: 'v', description: 'A verdict', schema } },
      { responseFormat: { name: 'w', schema } },
    ];
    for (const v of variants) await model.doGenerate(call('Grade this.', v));
    expect(server.requests).toHaveLength(variants.length);
    for (const v of variants) await model.doGenerate(call('Grade this.', v));
    expect(server.requests).toHaveLength(variants.length);
  });

  it('shares one request between identical calls in flight', async () => {
    const { model } = await stack({ cache: new MemoryCallCache() });
    server.setLatency(50);
    const [a, b] = await Promise.all([model.doGenerate(call()), model.doGenerate(call())]);
    expect(a).toEqual(b);
    expect(server.requests).toHaveLength(1);
  });

  it('keys images by their content', async () => {
    const cache = new MemoryCallCache();
    const { model } = await stack({ cache });
    const png = (b: number) =>
      call('x', {
        messages: [{ role: 'user', content: [{ type: 'image', data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, b]) }] }],
      });
    await model.doGenerate(png(1));
    await model.doGenerate(png(1));
    await model.doGenerate(png(2));
    expect(server.requests).toHaveLength(2);
  });
});

describe('limits', () => {
  it('RPM 2 sends the third request a minute after the first', async () => {
    const { model, events } = await stack({ rpm: 2 });
    await Promise.all([model.doGenerate(call('a')), model.doGenerate(call('b')), model.doGenerate(call('c'))]);
    const starts = events.filter((e) => e.type === 'started').map((e) => e.at);
    expect(starts[1]! - starts[0]!).toBe(0);
    expect(starts[2]! - starts[0]!).toBe(60_000);
  });

  it('never exceeds the concurrency limit', async () => {
    const { model } = await stack({ concurrency: 3 });
    server.setLatency(30);
    await Promise.all(Array.from({ length: 12 }, (_, i) => model.doGenerate(call(`check ${i}`))));
    expect(server.requests).toHaveLength(12);
    expect(server.maxInFlight).toBe(3);
  });
});

describe('accounting', () => {
  it('prices a call from the default table, cached input at the cached rate', async () => {
    const { model, events } = await stack();
    await model.doGenerate(call());
    // gpt-4.1: (1843 − 1536) × $2 + 1536 × $0.50 + 31 × $8 per million
    const expected = (307 * 2 + 1536 * 0.5 + 31 * 8) / 1e6;
    expect(events.at(-1)).toMatchObject({ type: 'finished', attempts: 1, costUsd: expected });
    expect(model.totals()).toEqual({
      calls: 1,
      cacheHits: 0,
      failures: 0,
      retries: 0,
      inputTokens: 1843,
      cachedInputTokens: 1536,
      outputTokens: 31,
      costUsd: expected,
      unpricedCalls: 0,
    });
  });

  it('lets users extend the price table; unknown models cost null', async () => {
    const priced = await stack({ prices: { 'openai:gpt-4.1': { input: 1, output: 1 } } });
    await priced.model.doGenerate(call());
    expect(priced.model.totals().costUsd).toBeCloseTo((1843 + 31) / 1e6, 12);
    const inner = await createJudgeModel(`openai-compatible:local-llm@${server.origin}/v1`);
    const events: CallEvent[] = [];
    const local = withMiddleware(inner, { onEvent: (e) => events.push(e) });
    await local.doGenerate(call());
    expect(events.at(-1)).toMatchObject({ type: 'finished', costUsd: null });
    expect(local.totals().unpricedCalls).toBe(1);
  });
});
