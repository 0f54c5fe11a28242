import { join } from 'node:path';
import { openSqliteStore } from '@gamut/store';
import { useCliFixture } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, contentsOf, meta, seedReview } from './copy-store.test-helpers.js';

const fx = useCliFixture(
  { beforeAll, afterAll },
  { prefix: 'gamut-store-copy-', files: { 'meta.jsonl': meta, 'answers.jsonl': answers } },
);
const db = (store: string) => join(fx.dir, store, 'gamut.db');
let runId = '';

beforeAll(async () => {
  const judge = ['judge', '--rubrics', 'meta.jsonl', '--answers', 'answers.jsonl', '--quiet'];
  const r = await fx.gamut([
    ...judge,
    '--judge',
    `openai-compatible:judge-x@${fx.server.url}`,
    '--store',
    'a',
    '-o',
    'v.jsonl',
  ]);
  expect(r.code, r.stderr).toBe(0);
  expect((await fx.gamut(['compile', 'meta.jsonl', '-o', 'rubrics.jsonl'])).code).toBe(0);
  const a = openSqliteStore({ file: db('a') });
  runId = (await a.listRuns())[0]?.runId ?? '';
  await seedReview(a, runId);
  await a.close();
});

const copy = (...args: string[]) => fx.gamut(['store', 'copy', ...args]);
const score = (...args: string[]) => fx.gamut(['score', '--rubrics', 'rubrics.jsonl', '--json', ...args]);

describe('gamut store copy between SQLite stores', () => {
  it('copies a run with its answers, verdicts, review and calls; scores equal the verdict file’s', async () => {
    const r = await copy('a', 'b', '--json');
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.runs).toEqual([
      { run_id: runId, outcome: 'copied', answers: 0, verdicts: 8, failures: 0, annotators: 1, queues: 1, events: 2 },
    ]);
    // The two models gave the same answer, so the 8 checks took 4 distinct judge calls, each recorded once.
    expect(summary.calls).toEqual({ read: 4, added: 4 });
    const [a, b] = [openSqliteStore({ file: db('a') }), openSqliteStore({ file: db('b') })];
    try {
      expect(await contentsOf(b)).toEqual(await contentsOf(a));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    const fromFile = await score('--verdicts', 'v.jsonl');
    const fromA = await score('--store', 'a');
    const fromB = await score('--store', 'b', '--run', runId);
    expect(fromB.code, fromB.stderr).toBe(0);
    expect(fromB.stdout).toBe(fromA.stdout);
    expect(JSON.parse(fromB.stdout).models).toEqual(JSON.parse(fromFile.stdout).models);
  });

  it('a second copy duplicates nothing: the same run is topped up, no call or review row added', async () => {
    const r = await copy('a', 'b', '--json', '--run', runId);
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.runs[0].outcome).toBe('updated');
    expect(summary.calls).toEqual({ read: 4, added: 0 });
    const b = openSqliteStore({ file: db('b') });
    try {
      expect(await b.countVerdicts(runId)).toBe(8);
      expect((await b.listReviewEvents(runId)).map((e) => e.id)).toEqual(['e1', 'e2']);
      expect(await b.listAnnotators(runId)).toHaveLength(1);
      expect((await b.callTotals()).calls).toBe(4);
    } finally {
      await b.close();
    }
  });

  it('says what it copied, a line per run, when not asked for JSON', async () => {
    const r = await copy('a', 'b');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      `copied run ${runId} (already there, topped up): 0 answers, 8 verdicts, 0 failures, 1 annotator, 1 queue, 2 review events`,
    );
    expect(r.stderr).toContain(`into ${db('b')}; model calls: 0 of 4 added`);
  });

  it('refuses another run of the same name in TO: exit 2, what to do, nothing written', async () => {
    const c = openSqliteStore({ file: db('c') });
    const original = await openSqliteStore({ file: db('a') });
    const run = await original.getRun(runId);
    await original.close();
    if (run === undefined) throw new Error('the judged run is missing');
    await c.putRun({ ...run, startedAt: '2020-01-01T00:00:00.000Z' });
    await c.close();
    const r = await copy('a', 'c');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${db('c')} already has another run named ${runId}`);
    expect(r.stderr).toContain('nothing was copied');
    expect(r.stderr).toContain('--restart');
    const after = openSqliteStore({ file: db('c') });
    try {
      expect(await after.getAnswers(runId)).toEqual([]);
      expect((await after.getRun(runId))?.startedAt).toBe('2020-01-01T00:00:00.000Z');
      expect((await after.callTotals()).calls).toBe(0);
    } finally {
      await after.close();
    }
  });

  it('a run FROM does not have, or a FROM that is no store, is exit 2 naming it', async () => {
    const unknown = await copy('a', 'd', '--run', 'nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`no run nope in ${db('a')}; it has ${runId}`);
    const none = await copy('nowhere', 'd');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(db('nowhere'));
    expect(none.stderr).toContain('no store here to copy from');
    const same = await copy('a', './a');
    expect(same.code).toBe(2);
    expect(same.stderr).toContain('is both FROM and TO');
  });
});
