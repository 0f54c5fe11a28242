import {
  AgentOutput,
  buildPageIndex,
  createLlmRagJudge,
  GoldenQuestion,
  type RagJudgeInput,
  type RagJudgeOutcome,
  WikiPage,
} from '@gamut/core';
import { fakeClock, type RecordedRequest, readFixture, useFakeServer } from '@gamut/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withMiddleware } from './middleware/with-middleware.js';
import { type Family, familyModel } from './test-support/families.js';
import { MemoryCallCache } from './test-support/memory-call-cache.js';

/**
 * The LLM RAG judge over the real adapters and call middleware, against a local
 * server answering in each provider's recorded wire format (fixtures/providers):
 * refusals and safety blocks, replies cut off at the token limit, and which
 * replies the call cache serves again.
 */
const live = useFakeServer({ beforeAll, afterAll, beforeEach });
const page = WikiPage.parse({
  page_id: 'POL-1',
  title: 'Incident notices',
  status: 'current',
  version: 1,
  body: 'Customers are told of a P1 incident within 30 minutes.',
});
const input: RagJudgeInput = {
  question: GoldenQuestion.parse({
    question_id: 'Q-1',
    question: 'How soon are customers told of a P1 incident?',
    answerable: true,
    type: 'single_page',
    origin: 'synthetic',
    required_facts: [{ id: 'F1', fact: 'within 30 minutes', page_ids: ['POL-1'], values: ['30 minutes'] }],
    gold_answer: 'Within 30 minutes.',
  }),
  output: AgentOutput.parse({
    question_id: 'Q-1',
    agent: 'a',
    retrieved: [{ page_id: 'POL-1', chunk_id: 'POL-1#0', rank: 1, score: 1 }],
    answer: 'Customers are told within 30 minutes [POL-1].',
  }),
  index: buildPageIndex([page]),
};

/** A valid reply of each step of the worked question. */
const STEPS: Record<string, string> = {
  'rag-abstention': JSON.stringify({ abstained: false, correct: true, reason: 'matches' }),
  'rag-claims': JSON.stringify({ claims: [{ sentence: 1, text: 'Customers are told within 30 minutes', key: true }] }),
  'rag-facts': JSON.stringify({ facts: [{ id: 'F1', verdict: 'meets', quote: 'within 30 minutes', reason: '' }] }),
  'rag-support': JSON.stringify({
    claims: [{ index: 1, supported: true, contradicted: false, location: 'POL-1 sentence 1', reason: '' }],
  }),
  'rag-citation': JSON.stringify({ supports: true, location: 'sentence 1', reason: '' }),
};
const STEP_ORDER = Object.keys(STEPS);

/** Words only the prompt of each step holds (llm-rag-prompts.ts), found in any wire format. */
const MARKERS: [string, string][] = [
  ['Answer to grade:', 'rag-abstention'],
  ['Answer, one sentence per line:', 'rag-claims'],
  ['Required facts:', 'rag-facts'],
  ['Retrieved wiki passages:', 'rag-support'],
  ['The relevant part of the cited page', 'rag-citation'],
];

/** The step a request is for. */
function stepOf(r: RecordedRequest): string {
  const text = JSON.stringify(r.body);
  return MARKERS.find(([marker]) => text.includes(marker))?.[1] ?? '?';
}

async function judgeOf(family: Family, cache = new MemoryCallCache()) {
  const model = withMiddleware(await familyModel(family, live().origin), { cache, retries: 1, clock: fakeClock() });
  return { judge: createLlmRagJudge({ model }), cache };
}

beforeEach(() => live().setReply((r) => STEPS[stepOf(r)] ?? '{}'));

const failed = (o: RagJudgeOutcome) => o as Extract<RagJudgeOutcome, { status: 'failed' }>;

describe('the LLM RAG judge: refusals and safety blocks are failures of kind refusal, asked again once', () => {
  const cases: [Family, string, string][] = [
    ['openai-chat', 'openai-chat-refusal.json', "OpenAI refusal: I'm sorry, I can't assist with that request."],
    ['openai-chat', 'openai-chat-content-filter.json', 'OpenAI content filter blocked the reply'],
    ['responses', 'openai-responses-refusal.json', "OpenAI refusal: I'm sorry, but I can't help with that."],
    ['anthropic', 'anthropic-refusal.json', 'Anthropic refusal: This request was declined'],
    ['gemini', 'gemini-safety.json', 'Gemini blocked the reply: SAFETY'],
    ['gemini', 'gemini-blocked-prompt.json', 'Gemini blocked the prompt: SAFETY'],
  ];
  it.each(cases)('%s: %s', async (family, name, reason) => {
    const { judge, cache } = await judgeOf(family);
    const refusal = { kind: 'status' as const, status: 200, body: readFixture(name) };
    live().enqueue(refusal, refusal);
    const outcome = failed(await judge.judge(input));
    expect(outcome.status).toBe('failed');
    expect(outcome.kind).toBe('refusal');
    expect(outcome.error.startsWith(`rag-abstention: ${reason}`)).toBe(true);
    expect(outcome.error).not.toContain('JSON');
    // asked twice, the same request both times (no repair feedback), and no later step
    expect(live().requests.map(stepOf)).toEqual(['rag-abstention', 'rag-abstention']);
    expect(JSON.stringify(live().requests[1]?.body)).toBe(JSON.stringify(live().requests[0]?.body));
    // kept for the record, never served: a rerun asks again
    expect([...cache.entries.values()].map((e) => e.meta.valid)).toEqual([false]);
    expect((await (await judgeOf(family, cache)).judge.judge(input)).status).toBe('ok');
    expect(live().requests).toHaveLength(2 + STEP_ORDER.length);
  });

  it('a refusal then a valid reply: the step stands, and the refusal used no repair', async () => {
    const { judge } = await judgeOf('anthropic');
    live().enqueue({ kind: 'status', status: 200, body: readFixture('anthropic-refusal.json') });
    const outcome = await judge.judge(input);
    expect(outcome.status).toBe('ok');
    expect(live().requests.map(stepOf)).toEqual(['rag-abstention', ...STEP_ORDER]);
  });
});

describe('the LLM RAG judge and the call cache', () => {
  it('reuses only replies that validated; an invalid one is asked again on a rerun, and a repair is a new call', async () => {
    const first = await judgeOf('compatible');
    // rag-facts: not JSON, then off the schema, then still off it → a judge failure
    live().enqueue(
      { kind: 'reply', text: STEPS['rag-abstention'] as string },
      { kind: 'reply', text: STEPS['rag-claims'] as string },
      { kind: 'reply', text: 'The fact is met.' },
      { kind: 'reply', text: '{"facts":[{"id":"F1","verdict":"yes"}]}' },
      { kind: 'reply', text: '{"facts":[{"id":"F1","verdict":"yes"}]}' },
    );
    const outcome = failed(await first.judge.judge(input));
    expect(outcome).toMatchObject({
      status: 'failed',
      kind: 'invalid_reply',
      raw: '{"facts":[{"id":"F1","verdict":"yes"}]}',
    });
    expect(outcome.error).toMatch(/^rag-facts: invalid reply after 3 attempts: facts\.0\.verdict: /);
    expect(live().requests.map(stepOf)).toEqual([
      'rag-abstention',
      'rag-claims',
      'rag-facts',
      'rag-facts',
      'rag-facts',
    ]);
    const valid = [...first.cache.entries.values()].map((e) => e.meta.valid);
    expect(valid).toEqual([true, true, false, false, false]);

    // The rerun sends only what had no usable reply: rag-facts and the steps after it.
    const rerun = await judgeOf('compatible', first.cache);
    expect((await rerun.judge.judge(input)).status).toBe('ok');
    expect(live().requests.slice(5).map(stepOf)).toEqual(['rag-facts', 'rag-support', 'rag-citation']);
    // and a third run sends nothing
    expect((await (await judgeOf('compatible', first.cache)).judge.judge(input)).status).toBe('ok');
    expect(live().requests).toHaveLength(8);
  });

  it('a reply cut off at the output token limit is a failure of kind cut_off', async () => {
    const body = JSON.parse(readFixture('openai-chat-completion.json'));
    body.choices[0].message.content = '{"abstained": false, "corr';
    body.choices[0].finish_reason = 'length';
    const cut = { kind: 'status' as const, status: 200, body: JSON.stringify(body) };
    const { judge } = await judgeOf('openai-chat');
    live().enqueue(cut, cut, cut);
    const outcome = failed(await judge.judge(input));
    expect(outcome.kind).toBe('cut_off');
    expect(outcome.error).toMatch(
      /^rag-abstention: invalid reply after 3 attempts: .*cut off at the output token limit/,
    );
    expect(outcome.raw).toBe('{"abstained": false, "corr');
    expect(live().requests).toHaveLength(3);
  });
});
