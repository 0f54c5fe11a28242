import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createJudgePromptBuilder, type JudgeModel, type ModelCallOptions } from '@gamut/core';
import { type FakeServer, startFakeServer } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJudgeModel } from '../create-judge-model.js';
import { readSpec } from '../judge-spec.js';
import type { SdkProviderEntry } from '../registry/provider-entry.js';
import { chatBody, leanChatModel } from './lean-chat.js';
import { leanFetch } from './lean-fetch.js';
import { sdkJudgeModel } from './sdk-providers.js';

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());

function judgeCall(criterion: string): ModelCallOptions {
  const call = createJudgePromptBuilder().checkCall({
    questionId: 'q1',
    question: 'What dish is this?',
    answer: 'Beef bourguignon, slow-cooked in red wine — "the classic".',
    language: 'en',
    model: 'answering-model',
    check: {
      id: 'I1.fact',
      tier: 'answer_critical',
      kind: 'fact',
      text: criterion,
      item: 'I1',
      secondary: false,
      snippets: [],
    } as never,
  });
  return { ...call, temperature: 0, maxOutputTokens: 600, seed: 7 };
}

const env = { OPENAI_COMPATIBLE_API_KEY: 'sk-lean' };

/** The judge model `gamut judge` makes for this server: lean path included. */
function leanModel(url = server.url): Promise<JudgeModel> {
  return createJudgeModel(`openai-compatible:judge-model@${url}`, { env });
}

/** The same model with the SDK's chat model as it is, for comparison. */
function sdkModel(url = server.url): JudgeModel {
  const text = `openai-compatible:judge-model@${url}`;
  const { spec, entry } = readSpec(text);
  const plain: SdkProviderEntry = {
    ...(entry as SdkProviderEntry),
    load: async ({ modelId, baseURL, apiKey, fetch }) =>
      createOpenAICompatible({
        name: 'openai-compatible',
        baseURL,
        apiKey,
        fetch,
        includeUsage: true,
        supportsStructuredOutputs: true,
      }).chatModel(modelId),
  };
  return sdkJudgeModel(plain, { ...spec, text }, { env });
}

/** What an error says and how it is classified, without its stack. */
async function failureOf(p: Promise<unknown>) {
  const e = (await p.then(
    () => undefined,
    (err: unknown) => err,
  )) as { message: string; kind: string; details: Record<string, unknown> } | undefined;
  if (e === undefined) return { message: 'the call did not fail' };
  const { message, kind, details } = e;
  return { message, kind, status: details.status, retryable: details.retryable, raw: details.raw };
}

describe('the lean chat path of openai-compatible models', () => {
  it('sends byte for byte the request the SDK sends, and reads its reply as the SDK does', async () => {
    const viaSdk = await sdkModel().doGenerate(judgeCall('Names the dish'));
    const sdkRequest = server.requests.at(-1)!;
    const viaLean = await (await leanModel()).doGenerate(judgeCall('Names the dish'));
    const leanRequest = server.requests.at(-1)!;

    // The lean model's first call asks nothing more of the server than the call itself.
    expect(leanRequest.n).toBe(sdkRequest.n + 1);
    expect(leanRequest.raw).toBe(sdkRequest.raw);
    expect(leanRequest.path).toBe('/v1/chat/completions');
    expect(leanRequest.headers.authorization).toBe('Bearer sk-lean');
    for (const h of ['authorization', 'content-type', 'user-agent', 'content-length'])
      expect(leanRequest.headers[h]).toBe(sdkRequest.headers[h]);
    expect(JSON.parse(leanRequest.raw).response_format.json_schema).toMatchObject({
      name: 'gamut_verdict',
      strict: true,
    });
    expect(viaLean).toEqual(viaSdk);
    expect(viaLean.text).toContain('"verdict":"meets"');
    expect(viaLean.usage.inputTokens).toBeGreaterThan(0);
  });

  it('leaves HTTP errors, garbled bodies and refused connections to the SDK: the same errors either way', async () => {
    const model = await leanModel();
    for (const fault of [
      { kind: 'status', status: 500 },
      { kind: 'status', status: 429, headers: { 'retry-after-ms': '1500' } },
      { kind: 'invalid-json' },
      { kind: 'truncated' },
    ] as const) {
      server.enqueue(fault);
      const lean = await failureOf(model.doGenerate(judgeCall(`fault ${JSON.stringify(fault)}`)));
      server.enqueue(fault);
      const sdk = await failureOf(sdkModel().doGenerate(judgeCall(`fault ${JSON.stringify(fault)}`)));
      expect(lean.message).not.toBe('the call did not fail');
      expect(lean).toEqual(sdk);
    }
  });

  it('reads replies in other shapes (refusals, reasoning, content parts, tool calls, no choices) as the SDK does', async () => {
    const model = await leanModel();
    const completion = (message: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: 'judge-model',
        choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 12, completion_tokens: 3, prompt_tokens_details: { cached_tokens: 4 } },
        ...extra,
      });
    const bodies = [
      completion({ content: null, refusal: "I can't help with that." }),
      completion({ content: '{"verdict":"meets"}', reasoning_content: 'Thinking it over.' }),
      completion({ content: [{ type: 'text', text: '{"verdict":"meets"}' }] }),
      completion({ content: null, tool_calls: [{ id: 't1', function: { name: 'grade', arguments: '{}' } }] }),
      completion({ content: 'x' }, { choices: [] }),
      completion({ content: 'x', refusal: false }),
      completion({ content: '{"__proto__":{"verdict":"meets"}}' }),
    ];
    for (const body of bodies) {
      const outcome = async (m: JudgeModel) => {
        server.enqueue({ kind: 'status', status: 200, body });
        return m.doGenerate(judgeCall('shape')).then(
          (r) => ({ ok: r }),
          (e: Error) => ({ error: e.message }),
        );
      };
      expect(await outcome(model)).toEqual(await outcome(sdkModel()));
    }
  });

  it('fails a call that cannot connect as a network error', async () => {
    const other = await startFakeServer();
    const url = other.url;
    await other.close();
    const lean = await failureOf((await leanModel(url)).doGenerate(judgeCall('refused')));
    expect(lean).toMatchObject({ kind: 'network', retryable: true });
    expect(lean).toEqual(await failureOf(sdkModel(url).doGenerate(judgeCall('refused'))));
  });

  it("writes the body as JSON.stringify writes the SDK's arguments, and leaves other calls to the SDK", () => {
    const long = `${'An answer long enough to be escaped once: "quoted", \\ and a line break.\n'.repeat(8)}−`;
    const schema = { type: 'object', properties: { verdict: { type: 'string' } } };
    const text = (t: string) => ({ type: 'text' as const, text: t });
    const cases = [
      {
        call: {
          prompt: [
            { role: 'system' as const, content: long },
            { role: 'user' as const, content: [text('Q'), text(long), text('check')] },
          ],
          maxOutputTokens: 600,
          temperature: 0,
          seed: 3,
          responseFormat: { type: 'json' as const, schema, name: 'v', description: 'one verdict' },
        },
        expected: {
          model: 'm',
          max_tokens: 600,
          temperature: 0,
          response_format: {
            type: 'json_schema',
            json_schema: { schema, strict: true, name: 'v', description: 'one verdict' },
          },
          seed: 3,
          messages: [
            { role: 'system', content: long },
            {
              role: 'user',
              content: [
                { type: 'text', text: 'Q' },
                { type: 'text', text: long },
                { type: 'text', text: 'check' },
              ],
            },
          ],
        },
      },
      {
        call: {
          prompt: [{ role: 'user' as const, content: [text('only')] }],
          responseFormat: { type: 'json' as const },
        },
        expected: {
          model: 'm',
          response_format: { type: 'json_object' },
          messages: [{ role: 'user', content: 'only' }],
        },
      },
      {
        call: {
          prompt: [{ role: 'user' as const, content: [text('plain')] }],
          temperature: 0.25,
          responseFormat: { type: 'text' as const },
        },
        expected: { model: 'm', temperature: 0.25, messages: [{ role: 'user', content: 'plain' }] },
      },
    ];
    for (const { call, expected } of cases) {
      // Twice: the second time from the memoised pieces.
      expect(chatBody('m', call)).toBe(JSON.stringify(expected));
      expect(chatBody('m', call)).toBe(JSON.stringify(expected));
    }
    const prompt = [{ role: 'user' as const, content: [text('x')] }];
    expect(chatBody('m', { prompt, topP: 0.5 })).toBeUndefined();
    expect(chatBody('m', { prompt, headers: { 'x-a': '1' } })).toBeUndefined();
    expect(chatBody('m', { prompt, providerOptions: { openaiCompatible: { user: 'u' } } })).toBeUndefined();
    expect(
      chatBody('m', { prompt: [{ role: 'user', content: [{ type: 'file', data: 'aGk=', mediaType: 'image/png' }] }] }),
    ).toBeUndefined();
    expect(chatBody('m', { prompt: [{ role: 'assistant', content: [text('draft')] }] })).toBeUndefined();
  });

  it('asks the SDK model once, for its URL and headers, and sends nothing then: later calls are lean', async () => {
    let sdkCalls = 0;
    const before = server.requests.length;
    const model = leanChatModel('judge-model', 'openai-compatible', leanFetch, (fetch) => {
      const sdk = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: server.url,
        fetch,
        supportsStructuredOutputs: true,
      }).chatModel('judge-model');
      return {
        specificationVersion: 'v3',
        provider: sdk.provider,
        modelId: sdk.modelId,
        supportedUrls: sdk.supportedUrls,
        doStream: (o) => sdk.doStream(o),
        doGenerate: (o) => {
          sdkCalls++;
          return sdk.doGenerate(o);
        },
      };
    });
    const call = {
      prompt: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Grade this.' }] }],
      responseFormat: { type: 'json' as const, schema: { type: 'object' } },
    };
    for (let i = 0; i < 3; i++) expect((await model.doGenerate(call)).finishReason.unified).toBe('stop');
    expect(sdkCalls).toBe(1);
    expect(server.requests.length).toBe(before + 3);
    // A call the lean path does not build is the SDK's.
    await model.doGenerate({ ...call, topP: 0.5 });
    expect(sdkCalls).toBe(2);
  });
});
