import { Check, createLlmCheckJudge, VERDICTS } from '@gamut/core';
import { describe, expect, it } from 'vitest';
import { createJudgeModel } from '../create-judge-model.js';
import { ProviderCallError } from '../provider-call-error.js';

const checks = ['beef', 'red wine', 'onions'].map((m, i) =>
  Check.parse({
    id: `I2.m${i + 1}`,
    tier: 'valuable',
    kind: 'member',
    text: `Mentions ${m}`,
    item: 'I2',
    secondary: false,
    snippets: [],
  }),
);
const input = {
  questionId: 'q1',
  question: 'What goes in?',
  answer: 'Beef and wine.',
  language: 'en' as const,
  checks,
};

async function run(spec: string, batched = false) {
  const judge = createLlmCheckJudge({ model: await createJudgeModel(spec), batched, maxRepairRetries: 1 });
  return judge.judgeAnswer(input);
}

describe('mock: judge specs', () => {
  it('mock:judge is deterministic and on the menu', async () => {
    const a = await run('mock:judge');
    expect(a).toEqual(await run('mock:judge'));
    for (const o of a) expect(o.status === 'ok' && VERDICTS.includes(o.verdict)).toBe(true);
  });

  it('mock:judge answers batched calls for every listed id', async () => {
    const outcomes = await run('mock:judge', true);
    expect(outcomes.every((o) => o.status === 'ok')).toBe(true);
  });

  it('mock:fenced is repaired; mock:flaky recovers once the error is fed back', async () => {
    expect((await run('mock:fenced')).every((o) => o.status === 'ok')).toBe(true);
    expect((await run('mock:flaky')).every((o) => o.status === 'ok')).toBe(true);
  });

  it('mock:garbage and mock:off-menu end as judge failures with the raw reply', async () => {
    const garbage = await run('mock:garbage');
    expect(garbage[0]).toEqual({
      status: 'failed',
      kind: 'invalid_reply',
      error: 'invalid judge reply after 2 attempt(s): the reply is not a JSON object',
      raw: 'I think the answer is mostly fine.',
    });
    const offMenu = await run('mock:off-menu');
    expect(offMenu[0]?.status === 'failed' && offMenu[0].error).toContain('"pass" is not on the menu');
  });

  it('mock:error fails retryably, mock:unauthorized stops the run', async () => {
    const failed = await run('mock:error');
    expect(failed[0]).toMatchObject({ status: 'failed', error: 'mock:error: HTTP 503: mock failure' });
    await expect(run('mock:unauthorized')).rejects.toBeInstanceOf(ProviderCallError);
  });
});
