import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createViewApp } from '@gamut/node';
import {
  type FakeServer,
  type GamutResult,
  judgeArgs,
  refusedOrigin,
  startFakeServer,
  useCliFixture,
} from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportModelOfRun } from '../web/build-report.js';

const facts = (n: number, marked = -1) =>
  Array.from({ length: n }, (_, i) => ({
    id: `I${i + 1}`,
    type: 'fact',
    tier: i < 2 ? 'answer_critical' : 'valuable',
    text: `States fact ${i + 1}${i === marked ? ' [offmenu]' : ''}`,
  }));
// 58 checks: q1 has 6 (its 3rd always answered off the menu) × models a, b, c; q2 has 10 × a, b, c, d.
const metas = [
  { question_id: 'q1', question: 'What about q1?', language: 'en', items: facts(6, 2) },
  { question_id: 'q2', question: 'What about q2?', language: 'en', items: facts(10) },
];
const answers = [
  ...['a', 'b', 'c'].map((m) => ({ question_id: 'q1', model: m, response: `Answer of ${m} to q1.` })),
  ...['a', 'b', 'c', 'd'].map((m) => ({ question_id: 'q2', model: m, response: `Answer of ${m} to q2.` })),
];

const fx = useCliFixture(
  { beforeAll, afterAll },
  {
    prefix: 'gamut-failures-',
    files: { 'meta.jsonl': metas, 'answers.jsonl': answers },
  },
);
const servers: FakeServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

/** A local server answering every request the same way. */
async function serveAlways(status: number, type: string, body: string, headers: Record<string, string> = {}) {
  const s = await startFakeServer({
    faults: () => ({ kind: 'status', status, headers: { 'content-type': type, ...headers }, body }),
  });
  servers.push(s);
  return s.url;
}

/** A port nothing listens on: connections are refused. */
const closedPort = async () => `${await refusedOrigin()}/v1`;

const judge = (url: string, store: string) =>
  fx.gamut([...judgeArgs(`openai-compatible:judge-m@${url}`), '--store', store, '-o', `${store}.jsonl`, '--quiet']);

describe.concurrent('a provider that cannot be used stops gamut judge early with exit 4 (a provider failure)', () => {
  // Before: 58 checks × 5 attempts each, about 45 s, and exit 0. Now it stops on the first calls.
  it('a refused connection', async () => {
    const url = await closedPort();
    const t0 = Date.now();
    const r = await judge(url, 'refused');
    const seconds = (Date.now() - t0) / 1000;
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toContain('gamut: stopped after 8 calls in a row failed: ');
    expect(r.stderr).toContain(`connection refused at ${url}: is the server running?`);
    expect(r.stderr).toContain('run the same command again to resume');
    expect(seconds).toBeLessThan(10);
  }, 60_000);

  it('a server answering 429 to every call', async () => {
    const url = await serveAlways(429, 'application/json', '{"error":{"message":"Rate limit reached"}}', {
      'retry-after': '1',
    });
    const t0 = Date.now();
    const r = await judge(url, 'limited');
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toMatch(/stopped after \d+ calls in a row failed: .*HTTP 429: Rate limit reached/);
    expect(r.stderr).toContain('rate-limited: lower --concurrency, set --rpm');
    // Rate limits alone stop a run after 10 s of nothing else getting through.
    expect((Date.now() - t0) / 1000).toBeLessThan(25);
  }, 60_000);

  it('a server answering a web page', async () => {
    const url = await serveAlways(200, 'text/html', '<!doctype html><html><body><h1>It works!</h1></body></html>');
    const t0 = Date.now();
    const r = await judge(url, 'html');
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toMatch(/stopped after 8 calls in a row failed: .*invalid response/);
    expect(r.stderr).toContain(`the server at ${url} does not answer with the provider's API (a web page?)`);
    expect((Date.now() - t0) / 1000).toBeLessThan(10);
  }, 60_000);
});

describe('a run where 3 of 58 checks end as judge failures', () => {
  const run = () => join(fx.dir, 'runs', 'three-failures');
  const scoreArgs = () => [
    'score',
    '--rubrics',
    join(run(), 'rubrics.jsonl'),
    '--verdicts',
    join(run(), 'verdicts.jsonl'),
  ];
  let result: GamutResult;

  beforeAll(async () => {
    writeFileSync(
      join(fx.dir, 'run.yaml'),
      [
        'name: three-failures',
        'dataset: meta.jsonl',
        'answers: answers.jsonl',
        `judges: ["openai-compatible:judge-m@${fx.server.url}"]`,
        'retries: 0',
        '',
      ].join('\n'),
    );
    result = await fx.gamut(['run', 'run.yaml', '--store', 'run-store']);
  }, 60_000);

  it('exits 1 naming how many and where they are listed, and still writes scores', () => {
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(
      `3 of 58 checks ended as judge failures, 0 allowed by --max-judge-failures; listed in ${run()}/verdicts.jsonl`,
    );
    for (const m of ['a', 'b', 'c']) {
      expect(result.stderr).toContain(`${m} (text): 1 answer unscored (judge failures: 1 invalid_reply) — listed in`);
    }
    expect(result.stdout).toMatch(/Unscored/);
  });

  it('writes the failures into verdicts.jsonl, so the file is the whole record', () => {
    const lines = readFileSync(join(run(), 'verdicts.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(58);
    const failed = lines.filter((l) => l.verdict === null);
    expect(failed.map((l) => `${l.model}/${l.question_id}/${l.check_id}/${l.failure.kind}`).sort()).toEqual([
      'a/q1/I3.fact/invalid_reply',
      'b/q1/I3.fact/invalid_reply',
      'c/q1/I3.fact/invalid_reply',
    ]);
  });

  it('scores: the failed answers are left out of the means, counted and listed', async () => {
    const r = await fx.gamut([...scoreArgs(), '--json']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    const byModel = Object.fromEntries(report.models.map((m: { model: string }) => [m.model, m]));
    // a, b and c keep only their q2 answer in the mean; d answered only q2.
    for (const m of ['a', 'b', 'c']) expect([byModel[m].n, byModel[m].unscored]).toEqual([1, 1]);
    expect([byModel.d.n, byModel.d.unscored]).toEqual([1, 0]);
    const q2 = (m: string) => report.answers.find((a: { model: string; question_id: string }) => a.model === m);
    expect(byModel.a.gamut).toBe(q2('a').gamut);
    expect(report.unscored.map((u: { model: string }) => u.model)).toEqual(['a', 'b', 'c']);
    expect(report.unscored[0]).toMatchObject({ question_id: 'q1', check_ids: ['I3.fact'], kinds: ['invalid_reply'] });

    const text = await fx.gamut(scoreArgs());
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('Unscored');
    expect(text.stdout).toContain('a (text): 1 answer unscored (judge failures: 1 invalid_reply) — listed in');
  });

  it('reports and views with the failures visible', async () => {
    const out = join(fx.dir, 'report.html');
    const r = await fx.gamut(['report', run(), '-o', out]);
    expect(r.code, r.stderr).toBe(0);
    const model = await reportModelOfRun(run());
    expect(model.summary.judge_failures).toBe(3);
    expect(model.summary.unscored).toHaveLength(3);
    expect(model.summary.leaderboard.map((row) => [row.model, row.n, row.unscored])).toEqual(
      expect.arrayContaining([
        ['a', 1, 1],
        ['d', 1, 0],
      ]),
    );
    const app = createViewApp({
      runDir: run(),
      model,
      app: { dir: fx.dir, indexHtml: '<!doctype html>', script: { src: './x.js', code: '' }, style: null },
      hosts: () => new Set(['127.0.0.1']),
    });
    const q1 = await (await app.request('http://127.0.0.1/api/questions/q1')).json();
    const a = q1.answers.find((x: { model: string }) => x.model === 'a');
    expect(a.gamut).toBeNull();
    expect(a.failures).toEqual([
      {
        check_id: 'I3.fact',
        judge: 'openai-compatible:judge-m',
        kind: 'invalid_reply',
        reason: expect.stringContaining('invalid judge reply'),
      },
    ]);
    // The failed check is a state of its own (F), beside the verdicts of the other five.
    const codes = Object.values(a.judgements as Record<string, { codes: string }>)[0]?.codes ?? '';
    expect(codes).toMatch(/^[MPSC]{2}F[MPSC]{3}$/);
  });
});
