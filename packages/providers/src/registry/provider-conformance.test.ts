import { type ModelCallOptions, VERDICTS } from '@gamut/core';
import { fakeClock, readFixture, useFakeServer, type WireFormat } from '@gamut/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJudgeModel } from '../create-judge-model.js';
import { withMiddleware } from '../middleware/with-middleware.js';
import { ProviderCallError } from '../provider-call-error.js';
import type { SdkProviderEntry } from './provider-entry.js';
import { PROVIDERS, type ProviderName } from './providers.js';

const live = useFakeServer({ beforeAll, afterAll, beforeEach });

const call: ModelCallOptions = {
  system: 'Grade.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Answer and check.' }] }],
  responseFormat: { name: 'v', schema: { type: 'object', properties: { verdict: { type: 'string' } } } },
  maxOutputTokens: 100,
};

/** What each wire format does differently: where the key goes, how it says "overloaded", its error text. */
const WIRE: Record<
  WireFormat,
  { keyHeader: string; keyValue: (k: string) => string; overloaded: number; errorFixture: string; errorText: string }
> = {
  'openai-responses': {
    keyHeader: 'authorization',
    keyValue: (k) => `Bearer ${k}`,
    overloaded: 503,
    errorFixture: 'openai-error-429.json',
    errorText: 'Rate limit reached',
  },
  'openai-chat': {
    keyHeader: 'authorization',
    keyValue: (k) => `Bearer ${k}`,
    overloaded: 503,
    errorFixture: 'openai-error-429.json',
    errorText: 'Rate limit reached',
  },
  anthropic: {
    keyHeader: 'x-api-key',
    keyValue: (k) => k,
    overloaded: 529,
    errorFixture: 'anthropic-error-429.json',
    errorText: 'exceed the rate limit',
  },
  gemini: {
    keyHeader: 'x-goog-api-key',
    keyValue: (k) => k,
    overloaded: 503,
    errorFixture: 'gemini-error-429.json',
    errorText: 'exceeded your current quota',
  },
};

/**
 * One row per registry entry, written by hand: a new entry does not compile
 * until it has one, and its own data (variables, default URL, API path) is
 * checked against what is written here.
 */
const EXPECTED: Record<
  ProviderName,
  | { wire: 'in-process'; spec: string }
  | {
      wire: WireFormat;
      spec: string;
      provider: string;
      /** Where the test server is mounted, as the provider's base URL ends. */
      base: string;
      path: string;
      /** Without any variable or option; undefined: the entry needs one. */
      defaultEndpoint: string | undefined;
      keyVariable: string;
      keyOptional: boolean;
      baseURLVariable: string;
    }
> = {
  openai: {
    wire: 'openai-responses',
    spec: 'openai:gpt-4.1',
    provider: 'openai',
    base: '/v1',
    path: '/v1/responses',
    defaultEndpoint: 'https://api.openai.com/v1/responses',
    keyVariable: 'OPENAI_API_KEY',
    keyOptional: false,
    baseURLVariable: 'OPENAI_BASE_URL',
  },
  'openai-chat': {
    wire: 'openai-chat',
    spec: 'openai-chat:gpt-4.1',
    provider: 'openai',
    base: '/v1',
    path: '/v1/chat/completions',
    defaultEndpoint: 'https://api.openai.com/v1/chat/completions',
    keyVariable: 'OPENAI_API_KEY',
    keyOptional: false,
    baseURLVariable: 'OPENAI_BASE_URL',
  },
  anthropic: {
    wire: 'anthropic',
    spec: 'anthropic:claude-haiku-4-5',
    provider: 'anthropic',
    base: '/v1',
    path: '/v1/messages',
    defaultEndpoint: 'https://api.anthropic.com/v1/messages',
    keyVariable: 'ANTHROPIC_API_KEY',
    keyOptional: false,
    baseURLVariable: 'ANTHROPIC_BASE_URL',
  },
  google: {
    wire: 'gemini',
    spec: 'google:gemini-2.5-flash',
    provider: 'google',
    base: '/v1beta',
    path: '/v1beta/models/gemini-2.5-flash:generateContent',
    defaultEndpoint: 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent',
    keyVariable: 'GEMINI_API_KEY',
    keyOptional: false,
    baseURLVariable: 'GEMINI_BASE_URL',
  },
  'openai-compatible': {
    wire: 'openai-chat',
    spec: 'openai-compatible:qwen3',
    provider: 'openai-compatible',
    base: '/v1',
    path: '/v1/chat/completions',
    defaultEndpoint: undefined,
    keyVariable: 'OPENAI_COMPATIBLE_API_KEY',
    keyOptional: true,
    baseURLVariable: 'OPENAI_COMPATIBLE_BASE_URL',
  },
  ollama: {
    wire: 'openai-chat',
    spec: 'ollama:llama3.1:8b',
    provider: 'ollama',
    base: '/v1',
    path: '/v1/chat/completions',
    defaultEndpoint: 'http://127.0.0.1:11434/v1/chat/completions',
    keyVariable: 'OLLAMA_API_KEY',
    keyOptional: true,
    baseURLVariable: 'OLLAMA_HOST',
  },
  mock: { wire: 'in-process', spec: 'mock:judge' },
};

const KEY = 'conformance-key-0123456789';
const OTHER_KEY = 'option-key-9876543210abc';

function httpRow(name: ProviderName): Exclude<(typeof EXPECTED)[ProviderName], { wire: 'in-process' }> {
  const row = EXPECTED[name];
  if (row.wire === 'in-process') throw new Error(`${name}: an SDK entry needs an HTTP row`);
  return row;
}

const sdkEntries = PROVIDERS.filter((p): p is (typeof PROVIDERS)[number] & SdkProviderEntry => p.wire !== 'in-process');

describe.each(sdkEntries)('provider $name', (entry) => {
  const row = httpRow(entry.name);
  const wire = WIRE[row.wire];
  const baseURL = () => `${live().origin}${row.base}`;

  async function model(env: Record<string, string> = { [row.keyVariable]: KEY }) {
    const clock = fakeClock();
    const inner = await createJudgeModel(row.spec, { env, baseURL: baseURL() });
    return { clock, model: withMiddleware(inner, { clock, random: () => 0, timeoutMs: 5000, retries: 3 }) };
  }

  it('its data is what the row says: wire format, variables, default endpoint', async () => {
    expect(entry.wire).toBe(row.wire);
    expect(entry.keyVariables[0]).toBe(row.keyVariable);
    expect(entry.keyOptional === true).toBe(row.keyOptional);
    expect(entry.baseURLVariables[0]).toBe(row.baseURLVariable);
    if (row.defaultEndpoint === undefined) {
      await expect(createJudgeModel(row.spec, { env: {} })).rejects.toMatchObject({
        issues: [{ rule: 'judge-spec', message: expect.stringContaining(`or ${row.baseURLVariable} set`) }],
      });
    } else {
      expect((await createJudgeModel(row.spec, { env: {} })).endpoint).toBe(row.defaultEndpoint);
    }
  });

  it('parses the recorded reply at its API path: text, usage with cached tokens', async () => {
    const { model: m } = await model();
    const r = await m.doGenerate(call);
    expect(r.text).toBe('{"rationale":"The answer states it.","quote":null,"verdict":"meets"}');
    expect(r.usage.cachedInputTokens).toBe(1536);
    expect(r.usage.outputTokens).toBeGreaterThan(0);
    expect(live().requests.map((q) => [q.format, q.path])).toEqual([[row.wire, row.path]]);
    expect(m.provider).toBe(row.provider);
  });

  it(`sends the key from ${row.keyVariable}, or the apiKey option before it`, async () => {
    const { model: m } = await model();
    await m.doGenerate(call);
    const inner = await createJudgeModel(row.spec, {
      env: { [row.keyVariable]: KEY },
      apiKey: OTHER_KEY,
      baseURL: baseURL(),
    });
    await inner.doGenerate(call);
    const sent = live().requests.map((q) => q.headers[wire.keyHeader]);
    expect(sent).toEqual([wire.keyValue(KEY), wire.keyValue(OTHER_KEY)]);
    expect(JSON.stringify(inner)).not.toContain(OTHER_KEY);
  });

  it(
    row.keyOptional
      ? 'without a key, calls the server with none'
      : 'without a key, names the variable and sends nothing',
    async () => {
      const { model: m } = await model({});
      if (row.keyOptional) {
        await m.doGenerate(call);
        expect(live().requests[0]?.headers[wire.keyHeader]).toBeUndefined();
        return;
      }
      const e = (await m.doGenerate(call).catch((x: unknown) => x)) as ProviderCallError;
      expect(e.kind).toBe('config');
      expect(e.message).toContain(`set the environment variable ${row.keyVariable}`);
      expect(live().requests).toHaveLength(0);
    },
  );

  it(`takes its base URL from ${row.baseURLVariable}`, async () => {
    const inner = await createJudgeModel(row.spec, {
      env: { [row.keyVariable]: KEY, [row.baseURLVariable]: baseURL() },
    });
    expect(inner.endpoint).toBe(`${live().origin}${row.path}`);
    await inner.doGenerate(call);
    expect(live().requests.map((q) => q.path)).toEqual([row.path]);
  });

  it(`retries 429 (honouring retry-after), ${wire.overloaded}, invalid JSON and a truncated body`, async () => {
    const { model: m, clock } = await model();
    live().enqueue(
      { kind: 'status', status: 429, headers: { 'retry-after': '3' } },
      { kind: 'status', status: wire.overloaded },
      { kind: 'invalid-json' },
    );
    expect((await m.doGenerate(call)).text).toContain('meets');
    expect(clock.sleeps[0]).toBe(3000);
    live().enqueue({ kind: 'truncated' });
    expect((await m.doGenerate(call)).text).toContain('meets');
    expect(live().requests).toHaveLength(6);
  });

  it('honours a wait given in the error body (google.rpc.RetryInfo, as Gemini sends it)', async () => {
    const { model: m, clock } = await model();
    live().enqueue({ kind: 'status', status: 429, body: readFixture('gemini-error-429.json') });
    await m.doGenerate(call);
    expect(clock.sleeps).toEqual([2000]);
  });

  it('reports the provider error message and status, without retrying a 400', async () => {
    const { model: m } = await model();
    live().enqueue({ kind: 'status', status: 400, body: readFixture(wire.errorFixture) });
    const e = (await m.doGenerate(call).catch((x: unknown) => x)) as ProviderCallError;
    expect(e).toBeInstanceOf(ProviderCallError);
    expect(e.details).toMatchObject({ status: 400, retryable: false });
    expect(e.message).toContain(wire.errorText);
    expect(live().requests).toHaveLength(1);
  });

  it('a 401 quoting the apiKey option back stops the run, the key redacted', async () => {
    const inner = await createJudgeModel(row.spec, { apiKey: OTHER_KEY, baseURL: baseURL() });
    live().enqueue({ kind: 'echo-key', status: 401 });
    const e = (await withMiddleware(inner)
      .doGenerate(call)
      .catch((x: unknown) => x)) as ProviderCallError;
    expect(e.details).toMatchObject({ status: 401, retryable: false, fatal: 'auth' });
    expect(e.message).toContain('check the apiKey option');
    expect(`${e.message} ${e.details.raw}`).not.toContain(OTHER_KEY);
    expect(live().requests).toHaveLength(1);
  });
});

describe.each(PROVIDERS.filter((p) => p.wire === 'in-process'))('provider $name (in process)', (entry) => {
  it('answers a verdict without a network or a key', async () => {
    const row = EXPECTED[entry.name];
    const m = await createJudgeModel(row.spec);
    const verdict = JSON.parse((await m.doGenerate(call)).text).verdict;
    expect(VERDICTS).toContain(verdict);
    expect(m.provider).toBe(entry.name);
  });
});

it('every entry has a row, and every row an entry', () => {
  expect(PROVIDERS.map((p) => p.name).sort()).toEqual(Object.keys(EXPECTED).sort());
});
