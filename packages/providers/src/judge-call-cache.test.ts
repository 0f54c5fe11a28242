import { createLlmCheckJudge } from '@gamut/core';
import { useFakeServer } from '@gamut/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJudgeModel } from './create-judge-model.js';
import { withMiddleware } from './middleware/with-middleware.js';
import { checkInput } from './test-support/check-input.js';
import { MemoryCallCache } from './test-support/memory-call-cache.js';

const live = useFakeServer({ beforeAll, afterAll, beforeEach });

const input = checkInput();
const verdict = (v: string) => JSON.stringify({ rationale: 'r', quote: null, verdict: v });

async function judgeOn(cache: MemoryCallCache, maxRepairRetries = 2) {
  const inner = await createJudgeModel(`openai-compatible:judge@${live().origin}/v1`);
  return createLlmCheckJudge({ model: withMiddleware(inner, { cache, retries: 0 }), maxRepairRetries });
}

describe('the call cache keeps only replies that gave a verdict', () => {
  it('a rerun after a bad reply asks again and fills the check', async () => {
    const cache = new MemoryCallCache();
    live().enqueue({ kind: 'reply', text: 'It meets.' }, { kind: 'reply', text: 'Meets.' });
    const first = await (await judgeOn(cache, 1)).judge(input);
    expect(first).toMatchObject({ status: 'failed', kind: 'invalid_reply', raw: 'Meets.' });
    expect(live().requests).toHaveLength(2);
    // both bad replies are in the record, neither is served
    expect([...cache.entries.values()].map((e) => [e.value.text, e.meta.valid])).toEqual([
      ['It meets.', false],
      ['Meets.', false],
    ]);
    live().enqueue({ kind: 'reply', text: verdict('partially_meets') });
    const rerun = await (await judgeOn(cache, 1)).judge(input);
    expect(rerun).toMatchObject({ status: 'ok', verdict: 'partially_meets' });
    expect(live().requests).toHaveLength(3);
    // the verdict is now what a third run reuses, without a call
    const third = await (await judgeOn(cache, 1)).judge(input);
    expect(third).toMatchObject({ status: 'ok', verdict: 'partially_meets' });
    expect(live().requests).toHaveLength(3);
  });

  it('every repair is a new call, even when the model repeats itself word for word', async () => {
    const cache = new MemoryCallCache();
    live().setReply(() => 'Meets.');
    try {
      const outcome = await (await judgeOn(cache, 2)).judge(input);
      expect(outcome).toMatchObject({ status: 'failed', error: expect.stringContaining('after 3 attempt(s)') });
      // attempt 2 and 3 carry the same feedback (same key): the third is asked, not served from the second
      expect(live().requests).toHaveLength(3);
      expect(JSON.stringify(live().requests[2]?.body)).toBe(JSON.stringify(live().requests[1]?.body));
      await (await judgeOn(cache, 2)).judge(input);
      expect(live().requests).toHaveLength(6);
    } finally {
      live().setReply(() => verdict('meets'));
    }
  });

  it('a verdict that came from a repair is used; the bad first reply is asked again next time', async () => {
    const cache = new MemoryCallCache();
    live().enqueue({ kind: 'reply', text: 'It meets.' }, { kind: 'reply', text: verdict('missing') });
    expect(await (await judgeOn(cache)).judge(input)).toMatchObject({ status: 'ok', verdict: 'missing' });
    expect(live().requests).toHaveLength(2);
    live().enqueue({ kind: 'reply', text: verdict('contradicts') });
    expect(await (await judgeOn(cache)).judge(input)).toMatchObject({ status: 'ok', verdict: 'contradicts' });
    expect(live().requests).toHaveLength(3);
  });
});
