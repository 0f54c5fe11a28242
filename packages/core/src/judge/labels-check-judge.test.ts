import { describe, expect, it } from 'vitest';
import { type Check, CheckId, ItemId, VerdictLine } from '../schema/index.js';
import { createLabelsCheckJudge } from './labels-check-judge.js';

const check = (id: string): Check => ({
  id: CheckId.parse(id),
  tier: 'answer_critical',
  kind: 'fact',
  text: 'States the dish',
  item: ItemId.parse(id.split('.')[0]),
  secondary: false,
  snippets: [],
});
const line = (o: Record<string, unknown>) =>
  VerdictLine.parse({ question_id: 'q1', model: 'm1', check_id: 'I1.fact', verdict: 'meets', judge: 'human', ...o });
const input = (checkId: string, over: Record<string, unknown> = {}) => ({
  questionId: 'q1',
  question: 'Q?',
  answer: 'A.',
  language: 'en' as const,
  model: 'm1',
  setting: 'multimodal' as const,
  check: check(checkId),
  ...over,
});

describe('labels check judge', () => {
  const judge = createLabelsCheckJudge({
    id: 'labels:h.jsonl',
    lines: [
      line({ rationale: 'named it', quote: 'beef bourguignon' }),
      line({ check_id: 'I2.m1', verdict: 'contradicts' }),
      line({ check_id: 'I2.m1', setting: 'text_only', verdict: 'missing' }),
      line({ check_id: 'I3.fact', verdict: 'meets', judge: 'ann' }),
      line({ check_id: 'I3.fact', verdict: 'missing', judge: 'bob' }),
    ],
  });

  it('returns the labelled verdict with its rationale and quote', async () => {
    expect(await judge.judge(input('I1.fact'))).toEqual({
      status: 'ok',
      verdict: 'meets',
      rationale: 'named it',
      quote: 'beef bourguignon',
    });
    expect(judge.id).toBe('labels:h.jsonl');
  });

  it('tells settings and models apart', async () => {
    expect(await judge.judge(input('I2.m1'))).toMatchObject({ verdict: 'contradicts' });
    expect(await judge.judge(input('I2.m1', { setting: 'text_only' }))).toMatchObject({ verdict: 'missing' });
    expect(await judge.judge(input('I2.m1', { model: 'm2' }))).toMatchObject({ status: 'failed' });
  });

  it("a label without a setting answers for its question's text or multimodal answer, never the text-only one", async () => {
    // I1.fact is labelled without a setting only.
    expect(await judge.judge(input('I1.fact', { setting: 'text' }))).toMatchObject({ verdict: 'meets' });
    expect(await judge.judge(input('I1.fact', { setting: 'multimodal' }))).toMatchObject({ verdict: 'meets' });
    expect(await judge.judge(input('I1.fact', { setting: 'text_only' }))).toEqual({
      status: 'failed',
      kind: 'invalid_reply',
      error: 'no label for question q1, model m1, setting text_only, check I1.fact',
      raw: null,
    });
  });

  it('an absent label is a judge failure naming the check, never missing', async () => {
    const r = await judge.judge(input('I9.fact'));
    expect(r).toEqual({
      status: 'failed',
      kind: 'invalid_reply',
      error: 'no label for question q1, model m1, setting multimodal, check I9.fact',
      raw: null,
    });
  });

  it('conflicting labels are a failure naming both, unless one judge is chosen', async () => {
    expect(await judge.judge(input('I3.fact'))).toEqual({
      status: 'failed',
      kind: 'invalid_reply',
      error: 'conflicting labels: meets (ann) vs missing (bob)',
      raw: null,
    });
    const bob = createLabelsCheckJudge({
      id: 'labels:bob',
      lines: [line({ check_id: 'I3.fact', verdict: 'missing', judge: 'bob' })],
      judge: 'bob',
    });
    expect(await bob.judge(input('I3.fact'))).toMatchObject({ status: 'ok', verdict: 'missing' });
  });

  it("an earlier run's judge failure replays as that failure, with its kind and reason, unless a label stands beside it", async () => {
    const failed = (checkId: string, kind: string, judgeName = 'openai:gpt-4.1') =>
      VerdictLine.parse({
        question_id: 'q1',
        model: 'm1',
        check_id: checkId,
        verdict: null,
        failure: { kind, reason: `${kind} happened` },
        judge: judgeName,
      });
    const replay = createLabelsCheckJudge({
      id: 'labels:earlier.jsonl',
      lines: [
        failed('I1.fact', 'refusal'),
        failed('I2.m1', 'timeout'),
        line({ check_id: 'I2.m1', verdict: 'missing' }),
      ],
    });
    expect(await replay.judge(input('I1.fact'))).toEqual({
      status: 'failed',
      kind: 'refusal',
      error: 'judge failure recorded by openai:gpt-4.1: refusal happened',
      raw: null,
    });
    expect(await replay.judge(input('I2.m1'))).toMatchObject({ status: 'ok', verdict: 'missing' });
    // a failure line of the question's own setting only: none for the text-only answer
    expect(await replay.judge(input('I1.fact', { setting: 'text_only' }))).toMatchObject({ kind: 'invalid_reply' });
  });
});
