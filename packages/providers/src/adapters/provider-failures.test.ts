import { type CheckOutcome, createLlmCheckJudge, ProviderError } from '@gamut/core';
import { fakeClock, readFixture, useFakeServer } from '@gamut/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJudgeModel } from '../create-judge-model.js';
import { withMiddleware } from '../middleware/with-middleware.js';
import { checkInput } from '../test-support/check-input.js';
import { type Family, familyModel } from '../test-support/families.js';
import { MemoryCallCache } from '../test-support/memory-call-cache.js';

/**
 * Refusals, safety blocks, errors waiting cannot fix and thinking replies, each
 * in its provider's recorded wire format (fixtures/providers), served by a real
 * local HTTP server to the real adapters.
 */
const live = useFakeServer({ beforeAll, afterAll, beforeEach });

const input = checkInput('Names the dish and the year');

async function judgeOf(family: Family, cache = new MemoryCallCache()) {
  const inner = await familyModel(family, live().origin);
  const model = withMiddleware(inner, { cache, retries: 2, clock: fakeClock() });
  return { judge: createLlmCheckJudge({ model }), model, cache };
}

/** A recorded body served as a 200 (or the given status) reply, verbatim. */
const fixture = (name: string, status = 200, body = readFixture(name)) => ({ kind: 'status' as const, status, body });

const geminiFinishing = (reason: string) => {
  const body = JSON.parse(readFixture('gemini-safety.json'));
  body.candidates[0].finishReason = reason;
  return JSON.stringify(body);
};

describe('refusals and safety blocks are judge failures of kind refusal, asked again once', () => {
  const cases: [Family, string, string][] = [
    [
      'openai-chat',
      readFixture('openai-chat-refusal.json'),
      "OpenAI refusal: I'm sorry, I can't assist with that request.",
    ],
    [
      'openai-chat',
      readFixture('openai-chat-content-filter.json'),
      'OpenAI content filter blocked the reply (finish_reason content_filter)',
    ],
    [
      'responses',
      readFixture('openai-responses-refusal.json'),
      "OpenAI refusal: I'm sorry, but I can't help with that.",
    ],
    [
      'anthropic',
      readFixture('anthropic-refusal.json'),
      'Anthropic refusal: This request was declined because it could enable cyber harm.',
    ],
    ['gemini', readFixture('gemini-safety.json'), 'Gemini blocked the reply: SAFETY'],
    ['gemini', readFixture('gemini-blocked-prompt.json'), 'Gemini blocked the prompt: SAFETY'],
    ...['RECITATION', 'PROHIBITED_CONTENT', 'BLOCKLIST', 'SPII'].map((r): [Family, string, string] => [
      'gemini',
      geminiFinishing(r),
      `Gemini blocked the reply: ${r}`,
    ]),
  ];

  it.each(cases.map(([family, body, reason]) => [family, reason, body]))('%s → %s', async (family, reason, body) => {
    const { judge, cache } = await judgeOf(family);
    live().enqueue({ kind: 'status', status: 200, body }, { kind: 'status', status: 200, body });
    const outcome = await judge.judge(input);
    expect(outcome).toMatchObject({ status: 'failed', kind: 'refusal', error: reason });
    expect((outcome as Extract<CheckOutcome, { status: 'failed' }>).error).not.toContain('JSON');
    // asked twice (the first ask and one more), never repaired with feedback
    expect(live().requests).toHaveLength(2);
    expect(JSON.stringify(live().requests[1]?.body)).toBe(JSON.stringify(live().requests[0]?.body));
    // kept for the record, never served: a rerun asks again
    expect([...cache.entries.values()].every((e) => e.meta.valid === false)).toBe(true);
    await (await judgeOf(family, cache)).judge.judge(input);
    expect(live().requests).toHaveLength(3);
  });

  it('a refusal then a verdict: the verdict stands', async () => {
    const { judge } = await judgeOf('anthropic');
    live().enqueue(fixture('anthropic-refusal.json'));
    expect(await judge.judge(input)).toMatchObject({ status: 'ok', verdict: 'meets' });
    expect(live().requests).toHaveLength(2);
  });
});

describe('errors waiting cannot fix stop the run at once, saying what to do', () => {
  const cases: [Family, number, string, string, RegExp][] = [
    [
      'openai-chat',
      429,
      'openai-error-429-insufficient-quota.json',
      'quota',
      /HTTP 429: You exceeded your current quota.*waiting will not help/,
    ],
    [
      'responses',
      400,
      'openai-error-400-billing-hard-limit.json',
      'billing',
      /HTTP 400: Billing hard limit has been reached.*raise the spend limit/,
    ],
    [
      'anthropic',
      400,
      'anthropic-error-400-credit.json',
      'billing',
      /HTTP 400: Your credit balance is too low.*add credit/,
    ],
    ['gemini', 429, 'gemini-error-429-free-tier-limit-0.json', 'quota', /HTTP 429: .*limit: 0.*waiting will not help/s],
    ['openai-chat', 401, 'openai-error-401.json', 'auth', /HTTP 401: Incorrect API key provided.*check OPENAI_API_KEY/],
    ['anthropic', 401, 'anthropic-error-401.json', 'auth', /HTTP 401: invalid x-api-key.*check ANTHROPIC_API_KEY/],
    ['gemini', 400, 'gemini-error-400-api-key.json', 'auth', /HTTP 400: API key not valid.*check GEMINI_API_KEY/],
    [
      'openai-chat',
      404,
      'openai-error-404-model.json',
      'unknown_model',
      /HTTP 404: The model `gpt-4.1-typo` does not exist.*check the model name and the endpoint http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions/,
    ],
    ['openai-chat', 402, 'openai-error-400-billing-hard-limit.json', 'billing', /HTTP 402/],
  ];

  it.each(cases)('%s HTTP %i (%s) → %s', async (family, status, name, reason, message) => {
    const { judge, model } = await judgeOf(family);
    live().enqueue(fixture(name, status));
    const error = await judge.judge(input).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(ProviderError.isProviderError(error)).toBe(true);
    const details = (error as ProviderError).details;
    expect(details).toMatchObject({ fatal: reason, status, retryable: false });
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message.startsWith(`${model.provider}:${model.modelId}: HTTP ${status}: `)).toBe(true);
    // not retried like a rate limit
    expect(live().requests).toHaveLength(1);
    expect(model.totals().retries).toBe(0);
  });

  it('a rate-limit 429 is still retried: Gemini RESOURCE_EXHAUSTED per minute, OpenAI rate_limit_exceeded', async () => {
    for (const family of ['gemini', 'openai-chat'] as const) {
      live().requests.length = 0;
      const { judge, model } = await judgeOf(family);
      live().enqueue({ kind: 'status', status: 429 });
      expect(await judge.judge(input)).toMatchObject({ status: 'ok' });
      expect(live().requests).toHaveLength(2);
      expect(model.totals().retries).toBe(1);
    }
  });
});

describe('thinking is never read as the verdict', () => {
  // Each fixture's thinking holds a draft verdict (meets); its answer is partially_meets.
  const cases: [Family, string][] = [
    ['compatible', 'openai-chat-think-inline.json'],
    ['compatible', 'openai-chat-reasoning-content.json'],
    ['responses', 'openai-responses-reasoning.json'],
    ['anthropic', 'anthropic-thinking.json'],
    ['gemini', 'gemini-thinking.json'],
  ];
  it.each(cases)('%s: %s', async (family, name) => {
    const { judge } = await judgeOf(family);
    live().enqueue(fixture(name));
    expect(await judge.judge(input)).toMatchObject({ status: 'ok', verdict: 'partially_meets' });
    expect(live().requests).toHaveLength(1);
  });

  it('a think block whose opening tag was in the template, and one never closed', async () => {
    const draft = '{"rationale":"draft","quote":null,"verdict":"meets"}';
    const final = '{"rationale":"final","quote":null,"verdict":"contradicts"}';
    const { judge } = await judgeOf('compatible');
    live().enqueue({ kind: 'reply', text: `Draft: ${draft}\nNo, the year is wrong.\n</think>\n\n${final}` });
    expect(await judge.judge(input)).toMatchObject({ status: 'ok', verdict: 'contradicts', rationale: 'final' });
    // cut off while thinking: the draft is not an answer
    const { judge: again } = await judgeOf('compatible');
    live().enqueue(
      { kind: 'reply', text: `<think>Draft: ${draft} but let me` },
      { kind: 'reply', text: `<think>Draft: ${draft} but let me` },
      { kind: 'reply', text: `<think>Draft: ${draft} but let me` },
    );
    expect(await again.judge(input)).toMatchObject({ status: 'failed', kind: 'invalid_reply' });
    expect(live().requests).toHaveLength(4);
  });
});

describe('failure kinds', () => {
  it('a call that never answers within its deadline, after its retries, is a timeout', async () => {
    const inner = await createJudgeModel(`openai-compatible:judge@${live().origin}/v1`);
    const model = withMiddleware(inner, { timeoutMs: 50, retries: 1, clock: fakeClock() });
    live().enqueue({ kind: 'hang' }, { kind: 'hang' });
    const outcome = await createLlmCheckJudge({ model }).judge(input);
    expect(outcome).toMatchObject({ status: 'failed', kind: 'timeout', raw: null });
    expect((outcome as Extract<CheckOutcome, { status: 'failed' }>).error).toMatch(/no reply within 50 ms/);
    expect(live().requests).toHaveLength(2);
  });

  it('a reply cut at the token limit that gives no verdict is cut_off', async () => {
    const { judge } = await judgeOf('anthropic');
    const body = JSON.parse(readFixture('anthropic-messages.json'));
    body.content[0].text = '{"rationale":"The answer names the dish and';
    body.stop_reason = 'max_tokens';
    const cut = { kind: 'status' as const, status: 200, body: JSON.stringify(body) };
    live().enqueue(cut, cut, cut);
    expect(await judge.judge(input)).toMatchObject({ status: 'failed', kind: 'cut_off' });
  });
});
