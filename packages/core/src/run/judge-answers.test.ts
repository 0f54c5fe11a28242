import { describe, expect, it } from 'vitest';
import type { CheckJudge, CheckJudgeInput } from '../judge/check-judge.js';
import { createMemoryStore } from '../memory/memory-store.js';
import { type Check, CheckId, ItemId } from '../schema/index.js';
import type { RunEvent } from './events.js';
import { type AnswerToJudge, type JudgeTarget, judgeAnswers } from './judge-answers.js';

const check = (id: string): Check => ({
  id: CheckId.parse(id),
  tier: 'valuable',
  kind: 'fact',
  text: `check ${id}`,
  item: ItemId.parse(id.split('.')[0]),
  secondary: false,
  snippets: [],
});
const targets = new Map<string, JudgeTarget>([
  [
    'q1',
    {
      questionId: 'q1',
      question: 'What is this?',
      textOnlyQuestion: 'What is X?',
      image: 'img.png',
      language: 'en',
      checks: [check('I1.fact'), check('I2.fact'), check('I3.fact')],
    },
  ],
  ['q2', { questionId: 'q2', question: '이것은?', language: 'ko', checks: [check('I1.fact')] }],
]);
const answers: AnswerToJudge[] = [
  { questionId: 'q1', model: 'a', setting: 'multimodal', response: 'r1' },
  { questionId: 'q1', model: 'a', setting: 'text_only', response: 'r2' },
  { questionId: 'q2', model: 'a', setting: 'multimodal', response: 'r3' },
];

/** Fails I3 of the text-only answer; records every input it saw. */
function recordingJudge() {
  const seen: CheckJudgeInput[] = [];
  const judge: CheckJudge = {
    id: 'fake',
    async judge(input) {
      seen.push(input);
      if (input.check.id === 'I3.fact' && input.setting === 'text_only')
        return { status: 'failed', error: 'bad reply', raw: '{"verdict":"yes"}' };
      return {
        status: 'ok',
        verdict: input.check.id === 'I2.fact' ? 'contradicts' : 'meets',
        rationale: 'r',
        quote: null,
      };
    },
  };
  return { judge, seen };
}

describe('judgeAnswers', () => {
  it('judges every (answer, check), records failures, and resumes without judging a check twice', async () => {
    const store = createMemoryStore();
    const first = recordingJudge();
    const events: RunEvent[] = [];
    const s1 = await judgeAnswers({
      runId: 'r',
      targets,
      answers,
      judge: first.judge,
      store,
      concurrency: 4,
      onEvent: (e) => events.push(e),
    });
    expect(s1).toEqual({ planned: 7, skipped: 0, judged: 6, failed: 1, aborted: false });
    expect(events[0]).toEqual({ type: 'checks-planned', total: 7, done: 0 });
    expect(events.filter((e) => e.type === 'check-failed')).toHaveLength(1);
    // The text-only setting gets the text-only question and no image; the multimodal one gets the image.
    const textOnly = first.seen.find((i) => i.setting === 'text_only');
    expect([textOnly?.question, textOnly?.image]).toEqual(['What is X?', undefined]);
    expect(first.seen.find((i) => i.setting === 'multimodal' && i.questionId === 'q1')?.image).toBe('img.png');
    const failures = await store.getJudgeFailures('r');
    expect(failures.map((f) => [f.checkId, f.setting, f.raw])).toEqual([['I3.fact', 'text_only', '{"verdict":"yes"}']]);

    const second = recordingJudge();
    const s2 = await judgeAnswers({ runId: 'r', targets, answers, judge: second.judge, store, concurrency: 4 });
    expect(s2).toEqual({ planned: 7, skipped: 6, judged: 0, failed: 1, aborted: false });
    expect(second.seen.map((i) => i.check.id)).toEqual(['I3.fact']);
  });

  it('takes answers from any iterable, reading it once per pass and never holding (answer, check) pairs', async () => {
    let passes = 0;
    const lazy: Iterable<AnswerToJudge> = {
      *[Symbol.iterator]() {
        passes++;
        yield* answers.map((a) => ({ ...a }));
      },
    };
    const store = createMemoryStore();
    const s = await judgeAnswers({
      runId: 'r',
      targets,
      answers: lazy,
      judge: recordingJudge().judge,
      store,
      concurrency: 2,
    });
    expect(s).toEqual({ planned: 7, skipped: 0, judged: 6, failed: 1, aborted: false });
    // Validate, plan, judge.
    expect(passes).toBe(3);
    const stored = [];
    for await (const v of store.verdicts('r')) stored.push(`${v.questionId}/${v.setting}/${v.checkId}`);
    expect(stored).toHaveLength(6);
  });

  it('a verdict the store cannot write stops the run with that error once writes in flight settle', async () => {
    const store = createMemoryStore();
    let writes = 0;
    const failing = {
      ...store,
      async putVerdict(v: Parameters<typeof store.putVerdict>[0]) {
        writes++;
        if (writes === 2) throw new Error('disk full');
        return store.putVerdict(v);
      },
    };
    const { judge, seen } = recordingJudge();
    await expect(judgeAnswers({ runId: 'r', targets, answers, judge, store: failing, concurrency: 1 })).rejects.toThrow(
      'disk full',
    );
    // The failure is seen before the next call: at most one more check is judged after it.
    expect(seen.length).toBeLessThanOrEqual(3);
  });

  it('refuses answers to questions without a rubric, naming them', async () => {
    await expect(
      judgeAnswers({
        runId: 'r',
        targets,
        answers: [{ questionId: 'q9', model: 'a', setting: 'multimodal', response: '' }],
        judge: recordingJudge().judge,
        store: createMemoryStore(),
        concurrency: 1,
      }),
    ).rejects.toMatchObject({ issues: [{ rule: 'unknown-question', question: 'q9', model: 'a' }] });
  });

  it('never has more than `concurrency` checks in flight, and stops taking work on abort', async () => {
    let inFlight = 0;
    let max = 0;
    const controller = new AbortController();
    let calls = 0;
    const judge: CheckJudge = {
      id: 'slow',
      async judge() {
        calls++;
        inFlight++;
        max = Math.max(max, inFlight);
        if (calls === 3) controller.abort();
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        return { status: 'ok', verdict: 'meets', rationale: '', quote: null };
      },
    };
    const s = await judgeAnswers({
      runId: 'r',
      targets,
      answers,
      judge,
      store: createMemoryStore(),
      concurrency: 2,
      signal: controller.signal,
    });
    expect(max).toBeLessThanOrEqual(2);
    expect(s.aborted).toBe(true);
    expect(calls).toBeLessThan(7);
  });

  it('batched mode grades the open checks of an answer in one call', async () => {
    const batches: string[][] = [];
    const judge = {
      id: 'batch',
      async judge(): Promise<never> {
        throw new Error('per-check call in batched mode');
      },
      async judgeAnswer(input: { checks: readonly Check[] }) {
        batches.push(input.checks.map((c) => c.id));
        return input.checks.map(() => ({
          status: 'ok' as const,
          verdict: 'missing' as const,
          rationale: '',
          quote: null,
        }));
      },
    };
    const s = await judgeAnswers({
      runId: 'r',
      targets,
      answers,
      judge,
      store: createMemoryStore(),
      concurrency: 2,
      batched: true,
    });
    expect(s.judged).toBe(7);
    expect(batches.sort()).toEqual([['I1.fact'], ['I1.fact', 'I2.fact', 'I3.fact'], ['I1.fact', 'I2.fact', 'I3.fact']]);
  });
});
