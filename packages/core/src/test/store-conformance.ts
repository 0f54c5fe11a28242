import type { RunStore } from '../ports/store.js';
import { batchConformanceCases } from './store-conformance-batches.js';
import { reviewConformanceCases } from './store-conformance-review.js';
import { assert, assertEqual, collect, sampleRun, sampleVerdict } from './store-fixtures.js';

/**
 * The behaviour every RunStore must have, as plain cases any test runner can
 * register: `for (const c of storeConformanceCases(target)) it(c.name, c.run)`.
 */
export interface StoreConformanceTarget {
  /** A fresh, empty location (a new database file, a new schema…). */
  fresh(): Promise<StoreLocation>;
}

export interface StoreLocation {
  /** Opens a store on the location; may be called again while earlier stores are still open. */
  open(): Promise<RunStore>;
}

export interface ConformanceCase {
  name: string;
  run(): Promise<void>;
}

export function storeConformanceCases(target: StoreConformanceTarget): ConformanceCase[] {
  const withStore = (fn: (s: RunStore, loc: StoreLocation) => Promise<void>) => async () => {
    const loc = await target.fresh();
    const s = await loc.open();
    try {
      await fn(s, loc);
    } finally {
      await s.close();
    }
  };

  return [
    {
      name: 'opens (and migrates) the same location twice, keeping what was written',
      run: async () => {
        const loc = await target.fresh();
        const a = await loc.open();
        await a.putRun(sampleRun());
        await a.close();
        const b = await loc.open();
        const again = await b.getRun('run-1');
        await b.close();
        assertEqual(again, sampleRun(), 'run after reopen');
        const c = await loc.open();
        assertEqual((await c.listRuns()).length, 1, 'runs after a third open');
        await c.close();
      },
    },
    {
      name: 'runs: upsert replaces the manifest and status; unknown run is undefined',
      run: withStore(async (s) => {
        assert((await s.getRun('nope')) === undefined, 'unknown run must be undefined');
        await s.putRun(sampleRun());
        await s.putRun({ ...sampleRun(), configHash: 'e'.repeat(64) });
        await s.setRunStatus('run-1', 'finished', '2026-01-01T01:00:00.000Z');
        const r = await s.getRun('run-1');
        assertEqual(r?.configHash, 'e'.repeat(64), 'config hash after upsert');
        assertEqual([r?.status, r?.endedAt], ['finished', '2026-01-01T01:00:00.000Z'], 'status');
        assertEqual((await s.listRuns()).length, 1, 'one run');
      }),
    },
    {
      name: 'runs: a rename moves the run, its manifest id, answers, verdicts and failures; never over another run',
      run: withStore(async (s) => {
        await s.putRun(sampleRun());
        await s.putRun(sampleRun('run-2'));
        await s.putAnswer({
          runId: 'run-1',
          questionId: 'q1',
          model: 'm1',
          setting: 'text',
          response: 'r',
          callKey: null,
        });
        await s.putVerdict(sampleVerdict());
        await s.putVerdict(sampleVerdict({ runId: 'run-2' }));
        await s.putJudgeFailure({ ...sampleVerdict({ checkId: 'I2.m1' }), error: 'timeout', raw: null });
        await s.renameRun('run-1', 'run-1.old');
        assert((await s.getRun('run-1')) === undefined, 'the old id is free');
        const moved = await s.getRun('run-1.old');
        assertEqual([moved?.runId, moved?.manifest.run_id], ['run-1.old', 'run-1.old'], 'run and manifest id');
        assertEqual(
          (await s.getAnswers('run-1.old')).map((a) => a.runId),
          ['run-1.old'],
          'answers moved',
        );
        assertEqual((await collect(s.verdicts('run-1.old'))).length, 1, 'verdicts moved');
        assertEqual((await s.getJudgeFailures('run-1.old')).length, 1, 'failures moved');
        assertEqual(
          [
            (await s.getAnswers('run-1')).length,
            await s.countVerdicts('run-1'),
            (await s.getJudgeFailures('run-1')).length,
          ],
          [0, 0, 0],
          'nothing left under the old id',
        );
        assertEqual(await s.countVerdicts('run-2'), 1, 'the other run is untouched');
        let refused = false;
        await s.renameRun('run-2', 'run-1.old').catch(() => {
          refused = true;
        });
        assert(refused, 'renaming onto an existing run must fail');
        assertEqual(await s.countVerdicts('run-2'), 1, 'a refused rename moves nothing');
      }),
    },
    {
      name: 'answers: idempotent upsert by (run, question, model, setting); runs kept apart',
      run: withStore(async (s) => {
        const a = {
          runId: 'run-1',
          questionId: 'q1',
          model: 'm1',
          setting: 'multimodal' as const,
          response: 'one',
          callKey: null,
        };
        await s.putAnswer(a);
        await s.putAnswer(a);
        await s.putAnswer({ ...a, response: '둘', callKey: 'k1' });
        await s.putAnswer({ ...a, setting: 'text_only' });
        await s.putAnswer({ ...a, questionId: 'q2', setting: 'text', response: 'plain' });
        await s.putAnswer({ ...a, runId: 'run-2' });
        const got = await s.getAnswers('run-1');
        assertEqual(
          got.map((x) => [x.questionId, x.setting, x.response, x.callKey]),
          [
            ['q1', 'multimodal', '둘', 'k1'],
            ['q1', 'text_only', 'one', null],
            ['q2', 'text', 'plain', null],
          ],
          'answers of run-1',
        );
      }),
    },
    {
      name: 'verdict pages: the verdicts in the same order, across page boundaries, no empty page',
      run: withStore(async (s) => {
        // 1,203 verdicts, written out of order: more than one page of any store that pages by a thousand.
        const ids = Array.from({ length: 1203 }, (_, i) => `C${String((i * 7) % 1203).padStart(4, '0')}`);
        await Promise.all(ids.map((checkId) => s.putVerdict(sampleVerdict({ checkId }))));
        await s.putVerdict(sampleVerdict({ runId: 'run-2' }));
        const pages = await collect(s.verdictPages('run-1'));
        assertEqual(
          pages.some((p) => p.length === 0),
          false,
          'no empty page',
        );
        const flat = pages.flat().map((v) => v.checkId);
        assertEqual(flat, [...ids].sort(), 'every verdict of run-1 once, in check order');
        assertEqual(
          flat,
          (await collect(s.verdicts('run-1'))).map((v) => v.checkId),
          'the order of verdicts()',
        );
        assertEqual(await collect(s.verdictPages('run-9')), [], 'an unknown run has no pages');
      }),
    },
    {
      name: 'verdicts: idempotent upsert, stable order, keys for resume',
      run: withStore(async (s) => {
        await s.putVerdict(sampleVerdict({ checkId: 'I2.m1' }));
        await s.putVerdict(sampleVerdict());
        await s.putVerdict(sampleVerdict({ verdict: 'contradicts', quote: '"x"' }));
        await s.putVerdict(sampleVerdict({ sample: 1 }));
        await s.putVerdict(sampleVerdict({ runId: 'run-2' }));
        const got = await collect(s.verdicts('run-1'));
        assertEqual(
          got.map((v) => [v.checkId, v.sample, v.verdict, v.quote]),
          [
            ['I1.fact', 0, 'contradicts', '"x"'],
            ['I1.fact', 1, 'meets', null],
            ['I2.m1', 0, 'meets', null],
          ],
          'verdicts of run-1',
        );
        assertEqual(got[0]?.rationale, '이유: 답이 맞다', 'Korean text round-trips');
        assertEqual(await s.countVerdicts('run-1'), 3, 'verdicts counted');
        assertEqual(await s.countVerdicts('run-9'), 0, 'no verdicts in an unknown run');
        const v = sampleVerdict();
        const answer = { runId: 'run-1', questionId: v.questionId, model: v.model, setting: v.setting };
        assertEqual(
          [...(await s.finishedChecks({ ...answer, judge: v.judge, sample: 0 }))].sort(),
          ['I1.fact', 'I2.m1'],
          'finished checks of one answer, sample 0',
        );
        assertEqual([...(await s.finishedChecks({ ...answer, judge: v.judge, sample: 1 }))], ['I1.fact'], 'sample 1');
        assertEqual((await s.finishedChecks({ ...answer, judge: 'other-judge', sample: 0 })).size, 0, 'other judge');
        assertEqual(
          (await s.finishedChecks({ ...answer, model: 'other-model', judge: v.judge, sample: 0 })).size,
          0,
          'other model',
        );
      }),
    },
    {
      name: 'judge failures: recorded with the raw reply, replaced by a later verdict',
      run: withStore(async (s) => {
        const f = {
          ...sampleVerdict({ checkId: 'I3.fact' }),
          error: 'off-menu verdict "yes"',
          raw: '{"verdict":"yes"}',
        };
        await s.putJudgeFailure(f);
        await s.putJudgeFailure({ ...f, error: 'second try: invalid JSON', raw: '{' });
        await s.putJudgeFailure({ ...f, checkId: 'I4.fact', raw: null });
        let failures = await s.getJudgeFailures('run-1');
        assertEqual(
          failures.map((x) => [x.checkId, x.error, x.raw]),
          [
            ['I3.fact', 'second try: invalid JSON', '{'],
            ['I4.fact', 'off-menu verdict "yes"', null],
          ],
          'failures',
        );
        assert(!(await s.finishedChecks({ ...f, sample: 0 })).has('I3.fact'), 'a failure is not a verdict');
        await s.putVerdict(sampleVerdict({ checkId: 'I3.fact' }));
        failures = await s.getJudgeFailures('run-1');
        assertEqual(
          failures.map((x) => x.checkId),
          ['I4.fact'],
          'failure cleared by verdict',
        );
      }),
    },
    {
      name: 'judge failures keep their kind; a later failure replaces it',
      run: withStore(async (s) => {
        const f = { ...sampleVerdict({ checkId: 'I5.fact' }), error: 'refused', raw: null, kind: 'refusal' as const };
        await s.putJudgeFailure(f);
        await s.putJudgeFailure({ ...f, checkId: 'I6.fact', error: 'no kind', kind: undefined });
        assertEqual(
          (await s.getJudgeFailures('run-1')).map((x) => [x.checkId, x.kind]),
          [
            ['I5.fact', 'refusal'],
            ['I6.fact', undefined],
          ],
          'kinds',
        );
        await s.putJudgeFailure({ ...f, kind: 'timeout' });
        assertEqual((await s.getJudgeFailures('run-1'))[0]?.kind, 'timeout', 'replaced kind');
      }),
    },
    {
      name: 'labels are appended, never overwritten',
      run: withStore(async (s) => {
        const l = {
          questionId: 'q1',
          model: 'm1',
          setting: 'multimodal' as const,
          checkId: 'I1.fact',
          verdict: 'meets' as const,
          author: 'ann',
          reason: 'states it',
          createdAt: '2026-01-01T00:00:00.000Z',
        };
        await s.appendLabel(l);
        await s.appendLabel(l);
        await s.appendLabel({
          ...l,
          verdict: 'missing',
          author: '민지',
          reason: '언급 없음',
          createdAt: '2026-01-02T00:00:00.000Z',
        });
        await s.appendLabel({ ...l, checkId: 'I2.m1' });
        const all = await s.getLabels({ checkId: 'I1.fact' });
        assertEqual(
          all.map((x) => [x.verdict, x.author, x.reason]),
          [
            ['meets', 'ann', 'states it'],
            ['meets', 'ann', 'states it'],
            ['missing', '민지', '언급 없음'],
          ],
          'labels in order of appending',
        );
        assertEqual((await s.getLabels()).length, 4, 'all labels');
      }),
    },
    {
      name: 'call cache: get after put, upsert, totals of tokens and cost',
      run: withStore(async (s) => {
        assert((await s.get('k0')) === undefined, 'miss before put');
        const value = {
          text: '{"verdict":"meets"}',
          usage: { inputTokens: 100, outputTokens: 10, cachedInputTokens: 80 },
        };
        const meta = { provider: 'openai', modelId: 'gpt', latencyMs: 210, costUsd: 0.001 };
        await s.put('k1', value, meta);
        await s.put('k1', value, meta);
        await s.put(
          'k2',
          {
            text: 'x',
            usage: { inputTokens: null, outputTokens: null, cachedInputTokens: null },
            finishReason: 'stop',
            responseId: 'r2',
          },
          { ...meta, costUsd: null },
        );
        assertEqual(await s.get('k1'), value, 'cached value');
        assertEqual((await s.get('k2'))?.responseId, 'r2', 'response id');
        const t = await s.callTotals();
        assertEqual(
          t,
          { calls: 2, inputTokens: 100, outputTokens: 10, cachedInputTokens: 80, costUsd: 0.001 },
          'totals',
        );
      }),
    },
    {
      name: 'call cache: an invalid reply is kept for the record but never served; a valid one replaces it',
      run: async () => {
        const loc = await target.fresh();
        const s = await loc.open();
        const meta = { provider: 'openai', modelId: 'gpt', latencyMs: 210, costUsd: 0.002 };
        const usage = { inputTokens: 100, outputTokens: 10, cachedInputTokens: null };
        await s.put('k', { text: 'I think it meets.', usage }, { ...meta, valid: false });
        assert((await s.get('k')) === undefined, 'an invalid reply is not served');
        assertEqual((await s.callTotals()).calls, 1, 'the invalid reply is in the record');
        await s.close();
        const again = await loc.open();
        assert((await again.get('k')) === undefined, 'nor after reopening');
        const valid = { text: '{"verdict":"meets"}', usage };
        await again.put('k', valid, { ...meta, valid: true });
        assertEqual(await again.get('k'), valid, 'the valid reply is served');
        await again.close();
        const third = await loc.open();
        assertEqual(await third.get('k'), valid, 'and kept');
        await third.close();
      },
    },
    {
      name: 'concurrent writers on one location lose nothing',
      run: async () => {
        const loc = await target.fresh();
        const a = await loc.open();
        const b = await loc.open();
        try {
          const writes: Promise<void>[] = [];
          for (let i = 0; i < 200; i++) {
            const s = i % 2 === 0 ? a : b;
            writes.push(s.putVerdict(sampleVerdict({ checkId: `C${String(i).padStart(3, '0')}` })));
            writes.push(
              s.put(
                `key-${i}`,
                { text: String(i), usage: { inputTokens: 1, outputTokens: 1, cachedInputTokens: 0 } },
                { provider: 'p', modelId: 'm', latencyMs: 1, costUsd: 0 },
              ),
            );
          }
          await Promise.all(writes);
          assertEqual(await a.countVerdicts('run-1'), 200, 'verdicts seen by writer a');
          assertEqual(await b.countVerdicts('run-1'), 200, 'verdicts seen by writer b');
          assertEqual((await a.callTotals()).calls, 200, 'calls');
        } finally {
          await a.close();
          await b.close();
        }
      },
    },
    {
      name: 'run lease: one holder at a time across connections; renewed, released, taken when stale or its holder is gone',
      run: async () => {
        const loc = await target.fresh();
        const a = await loc.open();
        const b = await loc.open();
        const T = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
        const ask = (ownerId: string, now: number, extra: { replacing?: string } = {}) => ({
          runId: 'run-1',
          ownerId,
          pid: ownerId === 'A' ? 100 : 200,
          host: 'h',
          now: T(now),
          staleBefore: T(now - 30),
          ...extra,
        });
        try {
          assertEqual(await a.acquireRunLease(ask('A', 40)), { acquired: true }, 'A takes a free lease');
          assertEqual(await a.acquireRunLease(ask('A', 41)), { acquired: true }, 'A holds it again');
          const refused = await b.acquireRunLease(ask('B', 50));
          assertEqual(
            refused,
            {
              acquired: false,
              holder: { runId: 'run-1', ownerId: 'A', pid: 100, host: 'h', startedAt: T(40), heartbeatAt: T(41) },
            },
            'B is told who holds it',
          );
          assertEqual(await b.acquireRunLease({ ...ask('B', 50), runId: 'run-2' }), { acquired: true }, 'runs apart');
          assertEqual(await a.renewRunLease('run-1', 'A', T(60)), true, 'A renews');
          assertEqual(await b.renewRunLease('run-1', 'B', T(60)), false, 'B cannot renew what it does not hold');
          // 30 s after A's last heartbeat (60 s) the lease is stale.
          assertEqual((await b.acquireRunLease(ask('B', 89))).acquired, false, 'not yet stale at 89 s');
          assertEqual(await b.acquireRunLease(ask('B', 91)), { acquired: true }, 'stale at 91 s: B takes it');
          assertEqual(await a.renewRunLease('run-1', 'A', T(92)), false, 'A learns it lost the lease');
          await a.releaseRunLease('run-1', 'A');
          assertEqual((await a.acquireRunLease(ask('A', 93))).acquired, false, "A's release does not free B's lease");
          assertEqual(await a.acquireRunLease(ask('A', 94, { replacing: 'B' })), { acquired: true }, 'B found gone');
          await a.releaseRunLease('run-1', 'A');
          assertEqual(await b.acquireRunLease(ask('B', 95)), { acquired: true }, 'released: free again');
        } finally {
          await a.close();
          await b.close();
        }
      },
    },
    {
      name: 'what a write promised is there for a new connection even if the writer never closed (crash)',
      run: async () => {
        const loc = await target.fresh();
        const crashed = await loc.open();
        await crashed.putRun(sampleRun());
        await crashed.putVerdict(sampleVerdict());
        await crashed.putJudgeFailure({ ...sampleVerdict({ checkId: 'I9.fact' }), error: 'timeout', raw: null });
        await crashed.put(
          'k',
          { text: 't', usage: { inputTokens: 1, outputTokens: 2, cachedInputTokens: 0 } },
          { provider: 'p', modelId: 'm', latencyMs: 5, costUsd: null },
        );
        // No flush, no close: the next connection must see every resolved write.
        const next = await loc.open();
        try {
          assertEqual((await next.getRun('run-1'))?.runId, 'run-1', 'run');
          assertEqual(await next.countVerdicts('run-1'), 1, 'verdicts');
          assertEqual((await next.getJudgeFailures('run-1')).length, 1, 'failures');
          assertEqual((await next.get('k'))?.text, 't', 'cached call');
        } finally {
          await next.close();
          await crashed.close();
        }
      },
    },
    ...reviewConformanceCases(withStore),
    ...batchConformanceCases(withStore),
  ];
}
