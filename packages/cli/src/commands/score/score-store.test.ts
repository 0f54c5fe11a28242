import { useCliFixture } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const meta = {
  question_id: 'q-1',
  question: 'What is it?',
  language: 'en',
  items: [
    { id: 'I1', type: 'fact', tier: 'answer_critical', text: 'Says it is tea' },
    { id: 'I2', type: 'fact', tier: 'valuable', text: 'Says it is green' },
  ],
};
const answers = ['m-a', 'm-b'].map((model) => ({ question_id: 'q-1', model, setting: 'text_only', response: 'Tea.' }));

const fx = useCliFixture(
  { beforeAll, afterAll },
  { prefix: 'gamut-score-store-', files: { 'meta.jsonl': [meta], 'answers.jsonl': answers }, server: false },
);
const score = (...args: string[]) => fx.gamut(['score', '--rubrics', 'rubrics.jsonl', ...args]);

beforeAll(async () => {
  expect((await fx.gamut(['compile', 'meta.jsonl', '-o', 'rubrics.jsonl'])).code).toBe(0);
  const judge = ['judge', '--rubrics', 'meta.jsonl', '--answers', 'answers.jsonl', '--judge', 'offline'];
  const r = await fx.gamut([...judge, '--quiet', '--store', 'one', '-o', 'v.jsonl']);
  expect(r.code, r.stderr).toBe(0);
});

describe('gamut score --store', () => {
  it('scores the stored run as it scores the verdicts file', async () => {
    const fromFile = await score('--verdicts', 'v.jsonl', '--json');
    const fromStore = await score('--store', 'one', '--json');
    expect(fromStore.code, fromStore.stderr).toBe(0);
    expect(JSON.parse(fromStore.stdout)).toEqual(JSON.parse(fromFile.stdout));
  });

  it('takes its verdicts from one place, and --run only with --store', async () => {
    const both = await score('--verdicts', 'v.jsonl', '--store', 'one');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--verdicts <file>, or --store <dir|url>');
    const neither = await score();
    expect(neither.code).toBe(2);
    const run = await score('--verdicts', 'v.jsonl', '--run', 'x');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--run names a run in a store: pass --store <dir|url> too');
  });

  it('a run the store does not have is exit 2 listing the runs it has', async () => {
    const r = await score('--store', 'one', '--run', 'nope');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no run nope in the store; it has judge-[0-9a-f]{16}/);
  });
});
