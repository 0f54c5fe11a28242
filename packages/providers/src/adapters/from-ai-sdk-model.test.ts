import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { createLlmCheckJudge, InputError, type ModelCallOptions, ProviderError } from '@gamut/core';
import { fakeClock, useFakeServer } from '@gamut/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withMiddleware } from '../middleware/with-middleware.js';
import { checkInput } from '../test-support/check-input.js';
import { MemoryCallCache } from '../test-support/memory-call-cache.js';
import { fromAiSdkModel } from './from-ai-sdk-model.js';

const live = useFakeServer({ beforeAll, afterAll, beforeEach });

// Shaped like no provider's key: only the apiKey option can get it redacted.
const KEY = 'users-own-key-5f3a9c1e77';

const call: ModelCallOptions = {
  system: 'Answer briefly.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'What is in a bourguignon?' }] }],
  maxOutputTokens: 100,
};

/** The user's own AI SDK model, made with the SDK's own factory, pointed at the local server. */
const userModel = () => createOpenAI({ apiKey: KEY, baseURL: `${live().origin}/v1` }).chat('gpt-4.1');

describe('fromAiSdkModel', () => {
  it('a model under test: its reply, usage, and the call cache behind withMiddleware', async () => {
    const cache = new MemoryCallCache();
    const model = withMiddleware(fromAiSdkModel(userModel()), { cache });
    expect([model.provider, model.modelId]).toEqual(['openai.chat', 'gpt-4.1']);
    live().setReply(() => 'Beef, red wine, onions.');
    const first = await model.doGenerate(call);
    expect(first.text).toBe('Beef, red wine, onions.');
    expect(first.usage).toEqual({ inputTokens: 1843, outputTokens: 31, cachedInputTokens: 1536 });
    expect((await model.doGenerate(call)).text).toBe('Beef, red wine, onions.');
    expect(live().requests).toHaveLength(1);
    expect(live().requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('a judge: the check judge gets a verdict through it, with retries on 429 honouring retry-after', async () => {
    const clock = fakeClock();
    const model = withMiddleware(fromAiSdkModel(userModel()), { clock, random: () => 0, retries: 2 });
    live().setReply(() => JSON.stringify({ rationale: 'It names beef.', quote: null, verdict: 'meets' }));
    live().enqueue({ kind: 'status', status: 429, headers: { 'retry-after': '2' } });
    const outcome = await createLlmCheckJudge({ model }).judge(checkInput());
    expect(outcome).toMatchObject({ status: 'ok', verdict: 'meets' });
    expect(clock.sleeps).toEqual([2000]);
    expect(live().requests).toHaveLength(2);
  });

  it('failure kinds as for a spec: a rejected key stops the run, the key given as apiKey redacted', async () => {
    const model = withMiddleware(fromAiSdkModel(userModel(), { apiKey: KEY }), { retries: 3 });
    live().enqueue({ kind: 'echo-key', status: 401 });
    const e = await model.doGenerate(call).catch((x: unknown) => x);
    expect(ProviderError.isProviderError(e)).toBe(true);
    const { message, details } = e as ProviderError;
    expect(details).toMatchObject({ status: 401, retryable: false, fatal: 'auth' });
    expect(message).toContain('Incorrect API key provided: Bearer [REDACTED]');
    expect(`${message} ${details.raw}`).not.toContain(KEY);
    expect(live().requests).toHaveLength(1);
  });

  it('an Anthropic model gets cache breakpoints on the shared prefix, as the anthropic: spec does', async () => {
    const anthropic = createAnthropic({ apiKey: KEY, baseURL: `${live().origin}/v1` }).messages('claude-haiku-4-5');
    const model = fromAiSdkModel(anthropic, { endpoint: 'https://gateway.example/v1/messages' });
    expect(model.endpoint).toBe('https://gateway.example/v1/messages');
    await model.doGenerate({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'shared', cacheBreakpoint: true },
            { type: 'text', text: 'one check' },
          ],
        },
      ],
    });
    const body = live().requests[0]?.body as { messages: Array<{ content: Array<{ cache_control?: unknown }> }> };
    expect(body.messages[0]?.content.map((c) => c.cache_control ?? null)).toEqual([{ type: 'ephemeral' }, null]);
  });

  it('refuses a model of another AI SDK major, saying which it needs', () => {
    const old = { ...userModel(), specificationVersion: 'v2' } as unknown as LanguageModelV3;
    let caught: unknown;
    try {
      fromAiSdkModel(old);
    } catch (e) {
      caught = e;
    }
    expect(InputError.isInputError(caught)).toBe(true);
    expect((caught as InputError).message).toContain('needs an AI SDK v6 model (specificationVersion "v3"), got "v2"');
  });
});
