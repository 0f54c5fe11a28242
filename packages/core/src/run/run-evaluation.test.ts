import { describe, expect, it } from 'vitest';
import { InputError, ProviderError } from '../issues/errors.js';
import type { ModelCallOptions } from '../judge/judge-model.js';
import { createLlmCheckJudge } from '../judge/llm-check-judge.js';
import { createMemoryStore } from '../memory/memory-store.js';
import type { RunStore } from '../ports/store.js';
import { CompiledRubric } from '../schema/index.js';
import { MockJudgeModel, type MockReply } from '../test/mock-judge-model.js';
import { FailureStreak } from './failure-streak.js';
import type { JudgeTarget } from './judge-answers.js';
import { type EvaluationJudge, type RunEvaluationOptions, runEvaluation } from './run-evaluation.js';

// Two questions of two answer-critical checks each: an answer's Gamut score is the mean of its two checks.
const rubrics = ['q1', 'q2'].map((q) =>
  CompiledRubric.parse({
    question_id: q,
    rubric_hash: (q === 'q1' ? 'a' : 'b').repeat(64),
    checks: [1, 2].map((i) => ({
      id: `I${i}.fact`,
      tier: 'answer_critical',
      kind: 'fact',
      text: `fact ${i} of ${q}`,
      item: `I${i}`,
      secondary: false,
      snippets: [],
    })),
  }),
);
const targets = new Map<string, JudgeTarget>(
  rubrics.map((r) => [
    r.question_id,
    { questionId: r.question_id, question: `question ${r.question_id}?`, language: 'en', checks: r.checks },
  ]),
);
const questions = rubrics.map((r) => ({ questionId: r.question_id, question: `question ${r.question_id}?` }));

/** 2026-01-01T00:00:01Z, :02, … one second further at every reading. */
function tickingClock() {
  let t = Date.parse('2026-01-01T00:00:00.000Z');
  return () => {
    t += 1000;
    return new Date(t);
  };
}

/** The model under test: the same answer to every question. */
const answering = () => [{ name: 'm', model: new MockJudgeModel({ modelId: 'm', reply: () => 'an answer' }) }];
const given = [
  { questionId: 'q1', model: 'm', setting: 'text' as const, response: 'x' },
  { questionId: 'q2', model: 'm', setting: 'text' as const, response: 'y' },
];

const verdict = (v: string) => JSON.stringify({ verdict: v, rationale: 'because', quote: null });

/** A judge over a mock model: `grade` decides each check's reply from the prompt, which names the check. */
function mockJudge(grade: (prompt: string) => MockReply = () => verdict('meets')) {
  const model = new MockJudgeModel({
    modelId: 'judge',
    reply: (o: ModelCallOptions) => grade(MockJudgeModel.promptText(o)),
  });
  const judge: EvaluationJudge = {
    spec: 'mock:judge',
    judge: createLlmCheckJudge({ model, maxRepairRetries: 0 }),
    batched: false,
    stopAfterFailures: 0,
  };
  return { model, judge };
}

function options(store: RunStore, over: Partial<RunEvaluationOptions> = {}): RunEvaluationOptions {
  return {
    store,
    clock: tickingClock(),
    runId: 'r',
    configParts: { dataset: 'd1', judges: 'j1', models: 'm1' },
    manifest: {
      toolkit_version: '0.0.0-test',
      dataset_hash: 'd1',
      rubric_hashes: {},
      models: ['m'],
      settings: ['text'],
      judges: [{ spec: 'mock:judge', parameters: {} }],
      prompt_templates: {},
      lambda: 0.5,
      mu: -1,
      weights: { answer_critical: 0.6, valuable: 0.3, context: 0.1 },
      seed: 0,
    },
    where: { store: 'test.db', config: 'run.yaml' },
    participants: { models: answering(), judges: [mockJudge().judge] },
    questions,
    concurrency: 1,
    targets,
    rubrics,
    gates: { judgeFailuresListedIn: 'verdicts.jsonl', answerFailuresListedIn: 'answer-failures.jsonl' },
    ...over,
  };
}

describe('runEvaluation', () => {
  it('answers, judges, scores and stores the run finished, its times read from the clock', async () => {
    const store = createMemoryStore();
    // q1: both checks meet (1.0); q2: one meets, one is missing (0.5).
    const { judge, model } = mockJudge((p) => verdict(p.includes('fact 2 of q2') ? 'missing' : 'meets'));
    const out = await runEvaluation(options(store, { participants: { models: answering(), judges: [judge] } }));

    expect(out.status).toBe('finished');
    if (out.status !== 'finished') return;
    expect(model.calls).toHaveLength(4);
    expect(out.judges[0]?.summary).toMatchObject({ planned: 4, skipped: 0, judged: 4, failed: 0 });
    expect(out.judges[0]?.report?.models.map((m) => [m.model, m.setting, m.gamut, m.n])).toEqual([
      ['m', 'text', 0.75, 2],
    ]);
    expect(out.gate).toEqual([]);
    // The first reading starts the run, the second ends it.
    const run = await store.getRun('r');
    expect([run?.status, run?.startedAt, run?.endedAt]).toEqual([
      'finished',
      '2026-01-01T00:00:01.000Z',
      '2026-01-01T00:00:02.000Z',
    ]);
    expect(run?.manifest).toMatchObject({
      run_id: 'r',
      started_at: '2026-01-01T00:00:01.000Z',
      ended_at: '2026-01-01T00:00:02.000Z',
    });
    expect(run?.manifest.config_hash).toBe(run?.configHash);
    expect((await store.getAnswers('r')).map((a) => [a.questionId, a.model, a.setting, a.response])).toEqual([
      ['q1', 'm', 'text', 'an answer'],
      ['q2', 'm', 'text', 'an answer'],
    ]);
  });

  it('resumes a run killed while writing its outputs: nothing is sent again, the start time is kept', async () => {
    const store = createMemoryStore();
    const first = mockJudge();
    const killed = runEvaluation(
      options(store, {
        participants: { models: [], judges: [first.judge] },
        givenAnswers: [{ questionId: 'q1', model: 'm', setting: 'text', response: 'given' }],
        writeOutputs: async () => {
          throw new Error('killed');
        },
      }),
    );
    await expect(killed).rejects.toThrow('killed');
    expect((await store.getRun('r'))?.status).toBe('running');
    expect(first.model.calls).toHaveLength(2);

    const second = mockJudge();
    let resumed: string | undefined;
    const clock = tickingClock();
    clock(); // 00:00:01 was the killed run's start
    const out = await runEvaluation(
      options(store, {
        clock,
        participants: { models: [], judges: [second.judge] },
        givenAnswers: [{ questionId: 'q1', model: 'm', setting: 'text', response: 'given' }],
        onStarted: (s) => {
          resumed = s.resumed?.status;
        },
      }),
    );
    expect(second.model.calls).toHaveLength(0);
    expect(resumed).toBe('running');
    expect(out.status === 'finished' && out.judges[0]?.summary).toMatchObject({ planned: 2, skipped: 2, judged: 0 });
    const run = await store.getRun('r');
    expect([run?.status, run?.startedAt, run?.endedAt]).toEqual([
      'finished',
      '2026-01-01T00:00:01.000Z',
      '2026-01-01T00:00:02.000Z',
    ]);
  });

  it('resumes an interrupted run with only the checks it had not judged', async () => {
    const store = createMemoryStore();
    const stop = new AbortController();
    const first = mockJudge(() => {
      stop.abort(new Error('interrupted'));
      return verdict('meets');
    });
    const out = await runEvaluation(
      options(store, { signal: stop.signal, participants: { models: [], judges: [first.judge] }, givenAnswers: given }),
    );
    expect(out).toMatchObject({ status: 'interrupted', runId: 'r', checks: { planned: 4, aborted: true } });
    const run = await store.getRun('r');
    expect([run?.status, run?.endedAt]).toEqual(['interrupted', '2026-01-01T00:00:02.000Z']);
    const judgedFirst = await store.countVerdicts('r');

    const second = mockJudge();
    const again = await runEvaluation(options(store, { participants: { models: [], judges: [second.judge] } }));
    expect(second.model.calls).toHaveLength(4 - judgedFirst);
    expect(again.status === 'finished' && again.judges[0]?.summary).toMatchObject({
      skipped: judgedFirst,
      judged: 4 - judgedFirst,
    });
    expect(await store.countVerdicts('r')).toBe(4);
  });

  it('refuses to resume a changed configuration, naming the parts that changed, and stores nothing', async () => {
    const store = createMemoryStore();
    await runEvaluation(options(store));
    const before = await store.getRun('r');
    const judge = mockJudge();
    const changed = runEvaluation(
      options(store, {
        configParts: { dataset: 'd1', judges: 'j2', models: 'm2' },
        participants: { models: [], judges: [judge.judge] },
      }),
    );
    await expect(changed).rejects.toSatisfy(
      (e) =>
        InputError.isInputError(e) &&
        e.issues[0]?.rule === 'config-changed' &&
        e.issues[0]?.file === 'run.yaml' &&
        e.issues[0]?.message.includes('(changed: judges, models)'),
    );
    expect(judge.model.calls).toHaveLength(0);
    expect(await store.getRun('r')).toEqual(before);
  });

  it('--resume without a run refuses; --restart keeps the earlier run aside under its start time', async () => {
    const store = createMemoryStore();
    await expect(runEvaluation(options(store, { mode: 'resume' }))).rejects.toSatisfy(
      (e) => InputError.isInputError(e) && e.issues[0]?.message === 'there is no run "r" in test.db to resume',
    );
    expect(await store.listRuns()).toEqual([]);

    await runEvaluation(options(store));
    const moved: string[] = [];
    let restarted: unknown;
    await runEvaluation(
      options(store, {
        mode: 'restart',
        configParts: { dataset: 'd2', judges: 'j1', models: 'm1' },
        // A directory already sits at the first suffix: the second one is used.
        aside: {
          taken: async (suffix) => suffix === '20260101T000001Z',
          move: async (suffix, runId) => {
            moved.push(`${suffix} ${runId}`);
            return `runs/r.${suffix}`;
          },
        },
        onStarted: (s) => {
          restarted = s.restarted;
        },
      }),
    );
    expect(moved).toEqual(['20260101T000001Z-2 r.20260101T000001Z-2']);
    expect(restarted).toEqual({ runId: 'r.20260101T000001Z-2', dir: 'runs/r.20260101T000001Z-2' });
    expect((await store.listRuns()).map((r) => [r.runId, r.manifest.run_id, r.status]).sort()).toEqual([
      ['r', 'r', 'finished'],
      ['r.20260101T000001Z-2', 'r.20260101T000001Z-2', 'finished'],
    ]);
  });

  it('leaves an answer with a judge failure unscored and gates on the failures beyond the allowance', async () => {
    // q2's second check gets a reply that is no verdict: q2 is unscored, q1 (1.0) is the model's mean.
    const failing = () => mockJudge((p) => (p.includes('fact 2 of q2') ? 'not json' : verdict('meets'))).judge;
    const run = (over: Partial<RunEvaluationOptions>) =>
      runEvaluation(
        options(createMemoryStore(), {
          participants: { models: [], judges: [failing()] },
          givenAnswers: given,
          ...over,
        }),
      );

    const out = await run({});
    if (out.status !== 'finished') throw new Error(out.status);
    const report = out.judges[0]?.report;
    expect(report?.models.map((m) => [m.gamut, m.n, m.unscored])).toEqual([[1, 1, 1]]);
    expect(report?.unscored.map((u) => [u.question_id, u.check_ids, u.kinds])).toEqual([
      ['q2', ['I2.fact'], ['invalid_reply']],
    ]);
    expect(out.failures.map((f) => [f.questionId, f.checkId])).toEqual([['q2', 'I2.fact']]);
    expect(out.gate).toEqual([
      '1 of 4 checks ended as a judge failure, 0 allowed by --max-judge-failures; listed in verdicts.jsonl',
    ]);

    const count = await run({ gates: { judgeFailuresListedIn: 'v', maxJudgeFailures: { count: 1 } } });
    expect(count.status === 'finished' && count.gate).toEqual([]);
    // ⌊0.25 × 4⌋ = 1 allowed; ⌊0.2 × 4⌋ = 0.
    const quarter = await run({ gates: { judgeFailuresListedIn: 'v', maxJudgeFailures: { fraction: 0.25 } } });
    expect(quarter.status === 'finished' && quarter.gate).toEqual([]);
    const fifth = await run({ gates: { judgeFailuresListedIn: 'v', maxJudgeFailures: { fraction: 0.2 } } });
    expect(fifth.status === 'finished' && fifth.gate).toEqual([
      '1 of 4 checks ended as a judge failure, 0 (20% of 4) allowed by --max-judge-failures; listed in v',
    ]);
  });

  it('gates on --fail-under per judge, naming the judge when asked', async () => {
    const store = createMemoryStore();
    const { judge } = mockJudge((p) => verdict(p.includes('fact 2') ? 'missing' : 'meets')); // 0.5 each
    const out = await runEvaluation(
      options(store, {
        participants: { models: answering(), judges: [judge] },
        gates: { judgeFailuresListedIn: 'v', failUnder: 0.6, nameJudges: true },
      }),
    );
    expect(out.status === 'finished' && out.gate).toEqual([
      'mock:judge: m (text) scored 50.0, below --fail-under 60.0',
    ]);
  });

  it('records a failed answer and gates on it; a fatal provider error fails the run', async () => {
    const store = createMemoryStore();
    const flaky = new MockJudgeModel({
      reply: (o) => (MockJudgeModel.promptText(o).includes('q2') ? new Error('HTTP 500') : 'an answer'),
    });
    const judge = mockJudge();
    const out = await runEvaluation(
      options(store, { participants: { models: [{ name: 'm', model: flaky }], judges: [judge.judge] } }),
    );
    if (out.status !== 'finished') throw new Error(out.status);
    expect(out.answerFailures).toEqual([{ questionId: 'q2', model: 'm', setting: 'text', error: 'HTTP 500' }]);
    // Only q1 was answered, so only its two checks were judged.
    expect(judge.model.calls).toHaveLength(2);
    expect(out.gate).toEqual([
      '1 of 2 answers failed (the model under test gave no answer, so nothing was judged); listed in answer-failures.jsonl',
    ]);

    const fatalStore = createMemoryStore();
    const refused = new MockJudgeModel({
      replies: [new ProviderError('HTTP 401: invalid key', { status: 401, retryable: false })],
    });
    const fatal = runEvaluation(
      options(fatalStore, { participants: { models: [{ name: 'm', model: refused }], judges: [mockJudge().judge] } }),
    );
    await expect(fatal).rejects.toThrow('HTTP 401: invalid key');
    const run = await fatalStore.getRun('r');
    expect([run?.status, run?.endedAt]).toEqual(['failed', '2026-01-01T00:00:02.000Z']);
  });

  it("stops early when a judge's first calls all fail, and marks the run failed", async () => {
    const store = createMemoryStore();
    const streak = new FailureStreak(3);
    const model = new MockJudgeModel({
      reply: () => {
        streak.failed('provider_error', 'connect ECONNREFUSED 127.0.0.1:9');
        return new ProviderError('connect ECONNREFUSED 127.0.0.1:9', { retryable: true });
      },
    });
    const judge: EvaluationJudge = {
      spec: 'mock:judge',
      judge: createLlmCheckJudge({ model }),
      batched: false,
      callStreak: streak,
    };
    const out = await runEvaluation(
      options(store, { participants: { models: [], judges: [judge] }, givenAnswers: given }),
    );
    expect(out).toMatchObject({
      status: 'stopped',
      stop: { failures: 3, kind: 'provider_error', error: 'connect ECONNREFUSED 127.0.0.1:9' },
    });
    expect(model.calls).toHaveLength(3);
    const run = await store.getRun('r');
    expect([run?.status, run?.endedAt]).toEqual(['failed', '2026-01-01T00:00:02.000Z']);
  });

  it('names a run by its config hash when asked, so the same inputs resume the same run', async () => {
    const store = createMemoryStore();
    const named = (h: string) => `judge-${h.slice(0, 16)}`;
    const a = await runEvaluation(options(store, { runId: named }));
    const b = await runEvaluation(options(store, { runId: named }));
    const c = await runEvaluation(options(store, { runId: named, configParts: { dataset: 'other' } }));
    expect(a.runId).toMatch(/^judge-[0-9a-f]{16}$/);
    expect(b.runId).toBe(a.runId);
    expect(c.runId).not.toBe(a.runId);
    expect((await store.listRuns()).length).toBe(2);
  });
});
