import { describe, expect, it } from 'vitest';
import { MockJudgeModel } from '../test/mock-judge-model.js';
import { askStructured, type Checked } from './ask-structured.js';
import { buildTemplate } from './build-template.js';

const template = buildTemplate('t', 1, 'system', 'user');
const check = (v: unknown): Checked<number> => {
  const n = (v as { n?: unknown }).n;
  return typeof n === 'number' && n > 0 ? { value: n } : { problems: ['n must be a positive number'] };
};
const ask = (model: MockJudgeModel, maxAttempts = 3) =>
  askStructured({
    model,
    template,
    system: 's',
    user: [{ type: 'text', text: 'u' }],
    schema: { name: 'x', schema: {} },
    check,
    maxAttempts,
  });

describe('askStructured', () => {
  it('returns a broken reply to the model with its problems, as a fresh call, and records every attempt', async () => {
    const model = new MockJudgeModel({ replies: ['not json', '{"n": -1}', '{"n": 3}'] });
    const r = await ask(model);
    expect(r).toMatchObject({ status: 'ok', value: 3 });
    expect(r.attempts.map((a) => a.problems)).toEqual([
      ['the reply is not a JSON object'],
      ['n must be a positive number'],
      [],
    ]);
    const third = model.calls[2];
    expect(third?.fresh).toBe(true);
    expect(third?.promptTemplate).toBe(template.ref);
    expect(third?.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(MockJudgeModel.promptText(third as never)).toContain(
      'Your reply breaks these rules:\n- n must be a positive number\nReply again with the whole JSON object, fixing every one of them.',
    );
  });

  it('is a recorded failure after the bounded number of attempts, naming the last problems', async () => {
    const model = new MockJudgeModel({ replies: ['{"n": 0}', '{"n": 0}'] });
    const r = await ask(model, 2);
    expect(r).toEqual(
      expect.objectContaining({
        status: 'failed',
        failure: 'no valid reply in 2 attempt(s): n must be a positive number',
      }),
    );
    expect(model.calls).toHaveLength(2);
  });
});
