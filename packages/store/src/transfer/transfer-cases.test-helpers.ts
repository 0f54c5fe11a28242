import type { StoredVerdict } from '@gamut/core';
import { sampleAnnotator, sampleReviewEvent, sampleRun, sampleVerdict } from '@gamut/core/test';
import { expect } from 'vitest';
import { type GamutStore, type RunBundle, readRunBundle, type StoredCall } from './bundle.js';

type Open = () => Promise<GamutStore>;

const run = sampleRun('run-t');
const verdict = (checkId: string, over: Partial<StoredVerdict> = {}) =>
  sampleVerdict({ runId: 'run-t', checkId, ...over });
const bundle = (over: Partial<RunBundle> = {}): RunBundle => ({
  run,
  answers: [
    {
      runId: 'run-t',
      questionId: 'q1',
      model: 'm1',
      setting: 'multimodal',
      response: '녹차입니다.',
      callKey: 'resp-1',
    },
  ],
  verdicts: [verdict('c1'), verdict('c2', { verdict: 'contradicts', quote: 'red' })],
  failures: [
    {
      runId: 'run-t',
      questionId: 'q1',
      model: 'm1',
      setting: 'multimodal',
      checkId: 'c3',
      judge: 'offline',
      sample: 0,
      error: 'timeout',
      raw: null,
      kind: 'timeout',
    },
  ],
  annotators: [sampleAnnotator('ann', 'run-t')],
  queues: [],
  events: [sampleReviewEvent('e1', { owner_id: 'run-t' }), sampleReviewEvent('e2', { owner_id: 'run-t' })],
  ...over,
});
const call = (key: string, valid: boolean): StoredCall => ({
  key,
  provider: 'openai',
  model_id: 'gpt-x',
  text: `{"verdict":"meets"} ${key}`,
  finish_reason: 'stop',
  response_id: null,
  input_tokens: 12,
  output_tokens: 3,
  cached_input_tokens: null,
  latency_ms: 41.5,
  cost_usd: 0.25,
  created_at: '2026-01-01T00:00:00.000Z',
  valid,
});

async function using<T>(open: Open, fn: (s: GamutStore) => Promise<T>): Promise<T> {
  const s = await open();
  try {
    return await fn(s);
  } finally {
    await s.close();
  }
}

/** What `RunTransfer` must do on every store; `fresh` opens an empty one, each call a new store. */
export function transferCases(fresh: () => Promise<Open>): Array<{ name: string; run: () => Promise<void> }> {
  return [
    {
      name: 'a run written whole reads back the same',
      async run() {
        const open = await fresh();
        await using(open, (s) => s.importRun(bundle()));
        const back = await using(open, async (s) => readRunBundle(s, (await s.getRun('run-t')) ?? run));
        expect(back).toEqual(bundle());
      },
    },
    {
      name: 'a second import duplicates nothing and updates what changed; a failure with a verdict there is dropped',
      async run() {
        const open = await fresh();
        const rows: number[] = [];
        await using(open, (s) => s.importRun(bundle(), (n) => rows.push(n)));
        // 1 run, 1 answer, 2 verdicts, 1 failure, 1 annotator, 2 events.
        expect(rows.reduce((a, b) => a + b, 0)).toBe(8);
        await using(open, (s) => s.putVerdict(verdict('c3')));
        const again = bundle({ verdicts: [verdict('c1', { verdict: 'missing' }), verdict('c2')] });
        await using(open, (s) => s.importRun(again));
        await using(open, async (s) => {
          expect((await s.getJudgeFailures('run-t')).map((f) => f.checkId)).toEqual([]);
          const vs = [];
          for await (const v of s.verdicts('run-t')) vs.push([v.checkId, v.verdict]);
          expect(vs).toEqual([
            ['c1', 'missing'],
            ['c2', 'meets'],
            ['c3', 'meets'],
          ]);
          expect((await s.listReviewEvents('run-t')).map((e) => e.id)).toEqual(['e1', 'e2']);
          expect(await s.listAnnotators('run-t')).toHaveLength(1);
          expect(await s.getAnswers('run-t')).toHaveLength(1);
        });
      },
    },
    {
      name: 'an import that fails part way leaves no part of the run',
      async run() {
        const open = await fresh();
        const bad = bundle({
          verdicts: [verdict('c1'), verdict('c2', { verdict: 'bogus' as StoredVerdict['verdict'] })],
        });
        await using(open, async (s) => {
          await expect(s.importRun(bad)).rejects.toThrow();
        });
        await using(open, async (s) => {
          expect(await s.getRun('run-t')).toBeUndefined();
          expect(await s.getAnswers('run-t')).toEqual([]);
          expect(await s.countVerdicts('run-t')).toBe(0);
          expect(await s.listReviewEvents('run-t')).toEqual([]);
        });
      },
    },
    {
      name: 'calls: only missing ones are added, each as it was (an unusable reply stays unusable)',
      async run() {
        const open = await fresh();
        expect(await using(open, (s) => s.importCalls([call('k2', true), call('k1', false)]))).toBe(2);
        expect(await using(open, (s) => s.importCalls([call('k1', true), call('k3', true)]))).toBe(1);
        await using(open, async (s) => {
          const all = [];
          for await (const c of s.calls()) all.push(c);
          expect(all).toEqual([call('k1', false), call('k2', true), call('k3', true)]);
          expect(await s.get('k1')).toBeUndefined();
          expect((await s.get('k2'))?.text).toBe('{"verdict":"meets"} k2');
          expect((await s.callTotals()).costUsd).toBeCloseTo(0.75);
        });
      },
    },
  ];
}
