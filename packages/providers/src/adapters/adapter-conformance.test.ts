import type { ModelCallOptions } from '@gamut/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJudgeModel } from '../create-judge-model.js';
import { withMiddleware } from '../middleware/with-middleware.js';
import { ProviderCallError } from '../provider-call-error.js';
import { fakeClock } from '../test-support/fake-clock.js';
import { readFixture, startTestServer, type TestServer } from '../test-support/http-test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const env = { OPENAI_API_KEY: 'sk', ANTHROPIC_API_KEY: 'ak', GEMINI_API_KEY: 'gk' };
const call: ModelCallOptions = {
  system: 'Grade.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Answer and check.' }] }],
  responseFormat: { name: 'v', schema: { type: 'object', properties: { verdict: { type: 'string' } } } },
  maxOutputTokens: 100,
};

/** The same behaviour is required of every adapter; only the wire format differs. */
describe.each([
  { spec: 'openai:gpt-4.1', base: '/v1', overloaded: 503, errorText: 'Rate limit reached' },
  { spec: 'openai-chat:gpt-4.1', base: '/v1', overloaded: 503, errorText: 'Rate limit reached' },
  { spec: 'openai-compatible:qwen3', base: '/v1', overloaded: 503, errorText: 'Rate limit reached' },
  { spec: 'anthropic:claude-haiku-4-5', base: '/v1', overloaded: 529, errorText: 'exceed the rate limit' },
  { spec: 'google:gemini-2.5-flash', base: '/v1beta', overloaded: 503, errorText: 'exceeded your current quota' },
])('$spec', ({ spec, base, overloaded, errorText }) => {
  async function model() {
    const clock = fakeClock();
    const inner = await createJudgeModel(spec, { env, baseURL: `${server.origin}${base}` });
    return { clock, model: withMiddleware(inner, { clock, random: () => 0, timeoutMs: 5000, retries: 3 }) };
  }

  it('parses the recorded reply: text, usage with cached tokens', async () => {
    const { model: m } = await model();
    const r = await m.doGenerate(call);
    expect(r.text).toBe('{"rationale":"The answer states it.","quote":null,"verdict":"meets"}');
    expect(r.usage.cachedInputTokens).toBe(1536);
    expect(r.usage.outputTokens).toBeGreaterThan(0);
  });

  it(`retries 429 (honouring retry-after), ${overloaded}, invalid JSON and a truncated body`, async () => {
    const { model: m, clock } = await model();
    server.enqueue(
      { kind: 'status', status: 429, headers: { 'retry-after': '3' } },
      { kind: 'status', status: overloaded },
      { kind: 'invalid-json' },
    );
    expect((await m.doGenerate(call)).text).toContain('meets');
    expect(clock.sleeps[0]).toBe(3000);
    server.enqueue({ kind: 'truncated' });
    expect((await m.doGenerate(call)).text).toContain('meets');
    expect(server.requests).toHaveLength(6);
  });

  it('honours a wait given in the error body (google.rpc.RetryInfo, as Gemini sends it)', async () => {
    const { model: m, clock } = await model();
    server.enqueue({ kind: 'status', status: 429, body: readFixture('gemini-error-429.json') });
    await m.doGenerate(call);
    expect(clock.sleeps).toEqual([2000]);
  });

  it('reports the provider error message and status, without retrying a 400', async () => {
    const { model: m } = await model();
    server.enqueue({ kind: 'status', status: 400, body: readFixture(fixtureFor(spec)) });
    const e = (await m.doGenerate(call).catch((x: unknown) => x)) as ProviderCallError;
    expect(e).toBeInstanceOf(ProviderCallError);
    expect(e.details).toMatchObject({ status: 400, retryable: false });
    expect(e.message).toContain(errorText);
    expect(server.requests).toHaveLength(1);
  });
});

function fixtureFor(spec: string): string {
  if (spec.startsWith('anthropic')) return 'anthropic-error-429.json';
  if (spec.startsWith('google')) return 'gemini-error-429.json';
  return 'openai-error-429.json';
}
