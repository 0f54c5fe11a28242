import { describe, expect, it } from 'vitest';
import { InputError, ProviderError } from '../issues/errors.js';
import { Check } from '../schema/compiled-rubric.js';
import { MockJudgeModel } from '../test/mock-judge-model.js';
import type { CheckJudgeInput } from './check-judge.js';
import { createLlmCheckJudge } from './llm-check-judge.js';

const check = (id: string, text: string) =>
  Check.parse({ id, tier: 'valuable', kind: 'member', text, item: id.split('.')[0], secondary: false, snippets: [] });
const checks = [
  check('I2.m1', 'Mentions beef'),
  check('I2.m2', 'Mentions red wine'),
  check('I2.m3', 'Mentions onions'),
];
const base = {
  questionId: 'q1',
  question: 'What goes into it?',
  answer: 'Beef and red wine.',
  language: 'en' as const,
};
const input: CheckJudgeInput = { ...base, check: checks[0] as Check, model: 'gpt-answerer' };
const reply = (verdict: string, rationale = 'r', quote: string | null = null) =>
  JSON.stringify({ verdict, rationale, quote });

describe('createLlmCheckJudge, per check', () => {
  it('returns the validated verdict and sends deterministic parameters', async () => {
    const model = new MockJudgeModel({ replies: [reply('meets', 'names beef', 'Beef')] });
    const judge = createLlmCheckJudge({ model });
    expect(judge.id).toBe('mock:mock-judge');
    expect(await judge.judge(input)).toEqual({
      status: 'ok',
      verdict: 'meets',
      rationale: 'names beef',
      quote: 'Beef',
    });
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]).toMatchObject({ temperature: 0, maxOutputTokens: 600 });
    expect(JSON.stringify(model.calls[0])).not.toContain('gpt-answerer');
  });

  it('retries an off-menu reply with the error fed back, then accepts a valid one', async () => {
    const model = new MockJudgeModel({ replies: [reply('pass'), reply('Partially meets')] });
    const outcome = await createLlmCheckJudge({ model }).judge(input);
    expect(outcome).toEqual({ status: 'ok', verdict: 'partially_meets', rationale: 'r', quote: null });
    expect(model.calls).toHaveLength(2);
    const feedback = MockJudgeModel.promptText(model.calls[1]!);
    expect(feedback).toContain('"pass" is not on the menu');
  });

  it('records a judge failure with the raw reply after the bounded retries, never missing', async () => {
    const model = new MockJudgeModel({ reply: () => 'I think it meets the check.' });
    const outcome = await createLlmCheckJudge({ model, maxRepairRetries: 2 }).judge(input);
    expect(outcome).toEqual({
      status: 'failed',
      kind: 'invalid_reply',
      error: 'invalid judge reply after 3 attempt(s): the reply is not a JSON object',
      raw: 'I think it meets the check.',
    });
    expect(model.calls).toHaveLength(3);
    // each retry carries only the latest failure, so prompts stay bounded
    expect(model.calls[2]?.messages).toHaveLength(3);
  });

  it('says when an unusable reply was cut off at the token limit', async () => {
    const model = new MockJudgeModel({ reply: () => ({ text: '{"rationale": "a very long', finishReason: 'length' }) });
    const outcome = await createLlmCheckJudge({ model, maxRepairRetries: 0 }).judge(input);
    expect(outcome).toEqual({
      status: 'failed',
      kind: 'cut_off',
      error:
        'invalid judge reply after 1 attempt(s): the reply is not a JSON object (the reply was cut off at the output token limit)',
      raw: '{"rationale": "a very long',
    });
  });

  it('records a provider failure (retries exhausted) with the raw body', async () => {
    const err = new ProviderError('HTTP 500 after 4 attempts', { status: 500, retryable: true, raw: 'oops' });
    const model = new MockJudgeModel({ replies: [err] });
    expect(await createLlmCheckJudge({ model }).judge(input)).toEqual({
      status: 'failed',
      kind: 'provider_error',
      error: 'HTTP 500 after 4 attempts',
      raw: 'oops',
    });
  });

  it('stops on errors no retry can fix: a missing key, 401', async () => {
    const noKey = new ProviderError('OPENAI_API_KEY is not set', { provider: 'openai', retryable: false });
    await expect(createLlmCheckJudge({ model: new MockJudgeModel({ replies: [noKey] }) }).judge(input)).rejects.toBe(
      noKey,
    );
    const auth = new ProviderError('401', { status: 401, retryable: false });
    await expect(createLlmCheckJudge({ model: new MockJudgeModel({ replies: [auth] }) }).judge(input)).rejects.toBe(
      auth,
    );
  });

  it('stops on errors that are not the provider failing: bad input, bugs', async () => {
    const bad = new InputError({ rule: 'image', message: 'image q.png: cannot read the image file: ENOENT' });
    await expect(createLlmCheckJudge({ model: new MockJudgeModel({ replies: [bad] }) }).judge(input)).rejects.toBe(bad);
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const model = new MockJudgeModel({
      reply: () => {
        controller.abort();
        return new ProviderError('aborted', { retryable: false, status: 0 });
      },
    });
    await expect(createLlmCheckJudge({ model }).judge(input, controller.signal)).rejects.toThrow('aborted');
  });

  it('grades every check of an answer one call each by default', async () => {
    const model = new MockJudgeModel({ reply: () => reply('missing') });
    const outcomes = await createLlmCheckJudge({ model }).judgeAnswer({ ...base, checks });
    expect(outcomes.map((o) => o.status === 'ok' && o.verdict)).toEqual(['missing', 'missing', 'missing']);
    expect(model.calls).toHaveLength(3);
  });
});

describe('createLlmCheckJudge, batched', () => {
  it('grades all checks in one call', async () => {
    const model = new MockJudgeModel({
      replies: [
        JSON.stringify({
          verdicts: [
            { check_id: 'I2.m2', verdict: 'meets', rationale: 'wine', quote: 'red wine' },
            { check_id: 'I2.m1', verdict: 'meets', rationale: 'beef', quote: 'Beef' },
            { check_id: 'I2.m3', verdict: 'missing', rationale: 'no onions', quote: null },
          ],
        }),
      ],
    });
    const outcomes = await createLlmCheckJudge({ model, batched: true }).judgeAnswer({ ...base, checks });
    expect(outcomes).toEqual([
      { status: 'ok', verdict: 'meets', rationale: 'beef', quote: 'Beef' },
      { status: 'ok', verdict: 'meets', rationale: 'wine', quote: 'red wine' },
      { status: 'ok', verdict: 'missing', rationale: 'no onions', quote: null },
    ]);
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]?.maxOutputTokens).toBe(1100);
  });

  it('grades ids the reply left out, or gave twice, one by one; ignores unknown ids', async () => {
    const model = new MockJudgeModel({
      replies: [
        JSON.stringify({
          verdicts: [
            { check_id: 'I2.m1', verdict: 'meets', rationale: 'a', quote: null },
            { check_id: 'I2.m3', verdict: 'meets', rationale: 'b', quote: null },
            { check_id: 'I2.m3', verdict: 'missing', rationale: 'c', quote: null },
            { check_id: 'I9.x', verdict: 'missing', rationale: 'd', quote: null },
          ],
        }),
      ],
      reply: () => reply('contradicts'),
    });
    const outcomes = await createLlmCheckJudge({ model, batched: true }).judgeAnswer({ ...base, checks });
    expect(outcomes.map((o) => o.status === 'ok' && o.verdict)).toEqual(['meets', 'contradicts', 'contradicts']);
    expect(model.calls).toHaveLength(3);
    expect(MockJudgeModel.promptText(model.calls[1]!)).toContain('Mentions red wine');
    expect(MockJudgeModel.promptText(model.calls[2]!)).toContain('Mentions onions');
  });

  it('falls back to per-check calls when the batched reply stays unusable', async () => {
    const model = new MockJudgeModel({ replies: ['nope', 'still nope'], reply: () => reply('meets') });
    const judge = createLlmCheckJudge({ model, batched: true, maxRepairRetries: 1 });
    const outcomes = await judge.judgeAnswer({ ...base, checks });
    expect(outcomes.every((o) => o.status === 'ok' && o.verdict === 'meets')).toBe(true);
    expect(model.calls).toHaveLength(2 + 3);
  });
});
