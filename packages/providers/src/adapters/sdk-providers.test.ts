import { createJudgePromptBuilder, type ModelCallOptions } from '@gamut/core';
import { type FakeServer, startFakeServer } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJudgeModel } from '../create-judge-model.js';

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());

function judgeCall(): ModelCallOptions {
  const call = createJudgePromptBuilder().checkCall({
    questionId: 'q1',
    question: 'What dish is this?',
    answer: 'Beef bourguignon.',
    language: 'en',
    image: `data:image/png;base64,${PNG_1PX}`,
    model: 'answering-model-zz9',
    check: {
      id: 'I1.fact',
      tier: 'answer_critical',
      kind: 'fact',
      text: 'Identifies the dish as beef bourguignon',
      item: 'I1',
      secondary: false,
      snippets: [],
    } as never,
  });
  return { ...call, temperature: 0, maxOutputTokens: 600 };
}

/** Request bodies are JSON of each provider's shape; tests walk them freely. */
// biome-ignore lint/suspicious/noExplicitAny: JSON read back from the wire
type Loose = any;
const dig = (value: unknown): Loose => value;

const env = { OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: 'ak-test', GEMINI_API_KEY: 'gk-test' };

async function send(spec: string, baseURL: string) {
  const before = server.requests.length;
  const model = await createJudgeModel(spec, { env, baseURL });
  const result = await model.doGenerate(judgeCall());
  expect(server.requests.length).toBe(before + 1);
  const request = server.requests.at(-1)!;
  expect(JSON.stringify(request.body)).not.toContain('answering-model-zz9');
  return { result, request, body: dig(request.body) };
}

describe('adapters against recorded wire formats', () => {
  it('openai: Responses API with a strict json_schema, image as data URL, cached tokens read', async () => {
    const { result, request, body } = await send('openai:gpt-4.1', `${server.origin}/v1`);
    expect(request.path).toBe('/v1/responses');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(body.model).toBe('gpt-4.1');
    expect(body.store).toBe(false);
    expect(body.temperature).toBe(0);
    expect(body.max_output_tokens).toBe(600);
    expect(body.text.format).toMatchObject({ type: 'json_schema', name: 'gamut_verdict', strict: true });
    expect(body.text.format.schema.properties.verdict.enum).toEqual([
      'meets',
      'partially_meets',
      'missing',
      'contradicts',
    ]);
    const content = body.input[1].content;
    expect(content[1]).toEqual({ type: 'input_image', image_url: `data:image/png;base64,${PNG_1PX}` });
    expect(content.at(-1).text).toContain('Identifies the dish as beef bourguignon');
    expect(result).toEqual({
      text: '{"rationale":"The answer states it.","quote":null,"verdict":"meets"}',
      usage: { inputTokens: 1843, outputTokens: 31, cachedInputTokens: 1536 },
      finishReason: 'stop',
      responseId: 'resp_68879a1c2e5c8191b7d0b9f3a4c1e0f20a6d5c4b3a291807',
    });
  });

  it('openai-chat: Chat Completions with response_format json_schema', async () => {
    const { result, request, body } = await send('openai-chat:gpt-4.1-mini', `${server.origin}/v1`);
    expect(request.path).toBe('/v1/chat/completions');
    expect(body.model).toBe('gpt-4.1-mini');
    expect(body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'gamut_verdict', strict: true },
    });
    expect(body.messages[0].role).toBe('system');
    expect(body.messages[1].content[1]).toMatchObject({
      type: 'image_url',
      image_url: { url: `data:image/png;base64,${PNG_1PX}` },
    });
    expect(result.usage).toEqual({ inputTokens: 1843, outputTokens: 31, cachedInputTokens: 1536 });
    expect(result.responseId).toBe('chatcmpl-BxQ3rV8mG2kF7yLwT1aN9pZsE4cH');
  });

  it('openai-compatible: sends the schema (supportsStructuredOutputs) to the spec base URL, no key needed', async () => {
    const model = await createJudgeModel(`openai-compatible:Qwen/Qwen3-8B@${server.origin}/v1`, { env: {} });
    const result = await model.doGenerate(judgeCall());
    const { path, body, headers } = server.requests.at(-1)!;
    expect(path).toBe('/v1/chat/completions');
    expect(headers.authorization).toBeUndefined();
    expect(dig(body).model).toBe('Qwen/Qwen3-8B');
    expect(dig(body).response_format.type).toBe('json_schema');
    expect(dig(body).response_format.json_schema.schema.required).toEqual(['rationale', 'quote', 'verdict']);
    expect(result.usage.cachedInputTokens).toBe(1536);
  });

  it('ollama: OpenAI-compatible API under OLLAMA_HOST/v1', async () => {
    const host = server.origin.replace('http://', '');
    const model = await createJudgeModel('ollama:llama3.1:8b', { env: { OLLAMA_HOST: host } });
    await model.doGenerate(judgeCall());
    const { path, body } = server.requests.at(-1)!;
    expect(path).toBe('/v1/chat/completions');
    expect(dig(body).model).toBe('llama3.1:8b');
  });

  it('anthropic: cache_control on the shared prefix only, image as base64, cache reads reported', async () => {
    const { result, request, body } = await send('anthropic:claude-sonnet-4-5', `${server.origin}/v1`);
    expect(request.path).toBe('/v1/messages');
    expect(request.headers['x-api-key']).toBe('ak-test');
    expect(body.model).toBe('claude-sonnet-4-5');
    expect(body.system[0].text).toContain('Verdicts, and what each means');
    const content = body.messages[0].content as Loose[];
    expect(content.map((c) => c.type)).toEqual(['text', 'image', 'text', 'text', 'text']);
    expect(content[1]?.source).toEqual({ type: 'base64', media_type: 'image/png', data: PNG_1PX });
    expect(content.map((c) => c.cache_control ?? null)).toEqual([null, null, null, { type: 'ephemeral' }, null]);
    expect(content[3]?.text).toContain('Beef bourguignon.');
    expect(body.output_config.format.type).toBe('json_schema');
    expect(body.output_config.format.schema.properties.verdict.enum).toContain('contradicts');
    expect(result.text).toContain('"verdict":"meets"');
    // input = uncached 312 + cache reads 1536 (+ cache writes 0)
    expect(result.usage).toEqual({ inputTokens: 1848, outputTokens: 38, cachedInputTokens: 1536 });
    expect(result.responseId).toBe('msg_01XFDUDYJgAACzvnptvVoYEL');
  });

  it('google: responseSchema and inline image data, cachedContentTokenCount read', async () => {
    const { result, request, body } = await send('google:gemini-2.5-flash', `${server.origin}/v1beta`);
    expect(request.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(request.headers['x-goog-api-key']).toBe('gk-test');
    expect(body.generationConfig.responseMimeType).toBe('application/json');
    expect(JSON.stringify(body.generationConfig.responseSchema ?? body.generationConfig.responseJsonSchema)).toContain(
      'partially_meets',
    );
    const parts = body.contents[0].parts as Loose[];
    expect(parts[1]).toEqual({ inlineData: { mimeType: 'image/png', data: PNG_1PX } });
    expect(body.systemInstruction.parts[0].text).toContain('Verdicts, and what each means');
    expect(result.usage).toEqual({ inputTokens: 1843, outputTokens: 31, cachedInputTokens: 1536 });
    expect(result.responseId).toBe('aKqHaN6sKJ2m1dkP8-SQoQs');
  });

  it('sends Korean text intact and tells the judge to read Korean', async () => {
    const call = createJudgePromptBuilder().checkCall({
      questionId: 'q-ko',
      question: '이 요리는 무엇이며 무엇이 들어가나요?',
      answer: '뵈프 부르기뇽입니다. 소고기와 레드 와인이 들어갑니다.',
      language: 'ko',
      check: {
        id: 'I2.m2',
        tier: 'answer_critical',
        kind: 'member',
        text: '레드 와인을 언급한다',
        item: 'I2',
        secondary: false,
        snippets: [],
      } as never,
    });
    server.setReply(() => JSON.stringify({ rationale: '레드 와인을 언급함', quote: '레드 와인', verdict: 'meets' }));
    const model = await createJudgeModel('openai-chat:gpt-4.1', { env, baseURL: `${server.origin}/v1` });
    const result = await model.doGenerate(call);
    const body = dig(server.requests.at(-1)?.body);
    expect(body.messages[0].content).toContain('The question, the answer and the check are in Korean.');
    expect(JSON.stringify(body.messages[1].content)).toContain('소고기와 레드 와인이 들어갑니다');
    expect(body.messages[1].content.at(-1).text).toContain('레드 와인을 언급한다');
    expect(JSON.parse(result.text).quote).toBe('레드 와인');
  });
});
