import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildReportModel, type ReportCalibrationInput, type ReportInput } from '@gamut/core';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedHosts } from './host-check.js';
import { liveReportModel } from './live-model.js';
import { loadRun } from './load-run.js';
import { createViewApp } from './view-server.js';
import type { WebApp } from './web-app.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const HASH = 'b'.repeat(64);

let app: ReturnType<typeof createViewApp>;
let input: ReportInput;
let runDir: string;
let webApp: WebApp;
/** What the app answers: the port of the in-process requests until the socket tests listen. */
let hosts: ReadonlySet<string> = servedHosts(4173);

/** A run directory with one question, an image, a secret beside it and a symlink that leads to the secret. */
beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'gamut-view-'));
  const run = join(root, 'run');
  mkdirSync(join(run, 'images'), { recursive: true });
  writeFileSync(join(root, 'secret.png'), 'outside the run');
  writeFileSync(join(root, 'secret.txt'), 'outside the run');
  writeFileSync(join(run, 'images', 'q1.png'), PNG);
  symlinkSync(join(root, 'secret.png'), join(run, 'images', 'link.png'));
  const checks = [1, 2].map((i) => ({
    id: `I1.m${i}`,
    kind: 'member',
    tier: 'answer_critical',
    secondary: false,
    text: `Mentions ${i}`,
    item: 'I1',
    snippets: [],
  }));
  writeFileSync(join(run, 'rubrics.jsonl'), `${JSON.stringify({ question_id: 'q1', rubric_hash: HASH, checks })}\n`);
  writeFileSync(
    join(run, 'meta-rubrics.jsonl'),
    `${JSON.stringify({
      question_id: 'q1',
      question: '이것은 무엇인가요?',
      language: 'ko',
      image: 'images/q1.png',
      items: [
        { id: 'I1', type: 'strict_list', tier: 'answer_critical', text: 'x', members: [{ text: 'a' }, { text: 'b' }] },
      ],
    })}\n`,
  );
  writeFileSync(
    join(run, 'answers.jsonl'),
    `${JSON.stringify({ question_id: 'q1', model: 'm', setting: 'multimodal', response: 'a Ｗｉｄｅ word' })}\n`,
  );
  writeFileSync(
    join(run, 'verdicts.jsonl'),
    checks
      .map((c, i) =>
        JSON.stringify({
          question_id: 'q1',
          model: 'm',
          setting: 'multimodal',
          check_id: c.id,
          verdict: i ? 'missing' : 'meets',
          judge: 'offline',
        }),
      )
      .join('\n'),
  );
  writeFileSync(
    join(run, 'manifest.json'),
    JSON.stringify({
      run_id: 'r',
      toolkit_version: '0.1.0',
      dataset_hash: HASH,
      rubric_hashes: { q1: HASH },
      models: ['m'],
      judges: [{ spec: 'offline' }],
      lambda: 0.5,
      mu: -2,
      weights: { answer_critical: 0.6, valuable: 0.3, context: 0.1 },
      seed: 0,
      started_at: '2026-01-01T00:00:00.000Z',
    }),
  );
  const web = join(root, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'assets', 'app.js'), 'console.log(1)');
  webApp = {
    dir: web,
    indexHtml: '<!doctype html><title>t</title>',
    script: { src: './assets/app.js', code: '' },
    style: null,
  };
  runDir = run;
  input = await loadRun(run);
  app = createViewApp({ runDir: run, model: buildReportModel(input), app: webApp, hosts: () => hosts });
});

const get = (path: string) => app.request(`http://127.0.0.1:4173${path}`);

describe('gamut view API', () => {
  it('serves the summary, a question, answers and an image', async () => {
    const summary = await (await get('/api/summary')).json();
    expect(summary.leaderboard[0]).toMatchObject({ model: 'm', setting: 'multimodal', gamut: 0.5, n: 1 });
    const q = await (await get('/api/questions/q1')).json();
    expect(q.question).toBe('이것은 무엇인가요?');
    expect(q.answers[0].judgements.offline.codes).toBe('MS');
    const answers = await (await get('/api/answers?setting=multimodal&limit=5')).json();
    expect(answers).toEqual({
      total: 1,
      offset: 0,
      limit: 5,
      answers: [{ question_id: 'q1', model: 'm', setting: 'multimodal', gamut: 0.5 }],
    });
    const img = await get('/api/images/images/q1.png');
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await get('/')).status).toBe(200);
    expect((await get('/assets/app.js')).status).toBe(200);
  });

  it('finds the questions whose answers hold every word of a search', async () => {
    expect(await (await get('/api/search?q=wide%20WORD')).json()).toEqual({ question_ids: ['q1'] });
    expect(await (await get('/api/search?q=wide%20other')).json()).toEqual({ question_ids: [] });
    expect(await (await get('/api/search?q=%20')).json()).toEqual({ question_ids: [] });
  });

  it('answers null, not 404, for the comparison when no second run was named', async () => {
    const res = await get('/api/compare');
    expect(res.status).toBe(200);
    expect(await res.json()).toBeNull();
  });

  it('refuses a request addressed to another host name with 421', async () => {
    const res = await app.request('http://127.0.0.1:4173/api/summary', { headers: { host: 'rebound.example:4173' } });
    expect(res.status).toBe(421);
    expect(await res.text()).toMatch(/answers only requests addressed to http:\/\/127\.0\.0\.1:4173\//);
    expect((await app.request('http://localhost:4173/api/summary')).status).toBe(200);
  });

  it.each([
    ['/api/answers?setting=audio', /setting must be one of multimodal, text_only, text; got "audio"/],
    ['/api/answers?limit=ten', /limit must be an integer between 0 and 1000; got "ten"/],
    ['/api/answers?limit=5000', /limit must be an integer between 0 and 1000/],
    ['/api/answers?offset=-1', /offset must be an integer/],
    ['/api/answers?model=', /model must be a non-empty string/],
    ['/api/answers?sort=score', /unknown parameter\(s\): sort/],
    ['/api/images/%E0%A4%A.png', /malformed path encoding/],
    ['/assets/%E0%A4%A.js', /malformed path encoding/],
    ['/api/search', /q is required/],
    [`/api/search?q=${'x'.repeat(501)}`, /q must be at most 500 characters; got 501/],
  ])('answers 400 with a message for bad parameters: %s', async (path, message) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(message);
  });

  it.each([
    '/api/images/../secret.png',
    '/api/images/..%2fsecret.png',
    '/api/images/%2e%2e/secret.png',
    '/api/images/%2e%2e%2fsecret.png',
    '/api/images/images/..%2f..%2fsecret.png',
    '/api/images/%252e%252e%252fsecret.png',
    '/api/images/..%5csecret.png',
    '/api/images/%2Fetc%2Fpasswd.png',
    '/api/images/images/link.png',
    '/api/images/images/q1.png%00.png',
    '/api/images/rubrics.jsonl',
    '/api/images/images/missing.png',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/../secret.txt',
    '/api/questions/nope',
    '/api/rag/questions/q1',
    '/api/unknown',
  ])('answers 404 and nothing else for %s', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('outside the run');
  });
});

describe('gamut view with labels added while it runs', () => {
  it('reads the labels per request: the calibrated column comes with the first request after them', async () => {
    // Another process (gamut review) adjudicates both checks of q1 while the viewer runs.
    let stored: ReportCalibrationInput | null = null;
    const builds: (ReportCalibrationInput | null)[] = [];
    const build = (labels: ReportCalibrationInput | null) => {
      builds.push(labels);
      return buildReportModel({ ...input, ...(labels && { calibration: labels }) });
    };
    const live = createViewApp({
      runDir,
      model: liveReportModel({ labels: async () => stored, build, firstLabels: null, first: build(null) }),
      app: webApp,
      hosts: () => hosts,
    });
    const summary = async () => (await live.request('http://127.0.0.1:4173/api/summary')).json();
    expect((await summary()).calibration).toBeUndefined();
    const label = (check_id: string, verdict: string) => ({
      value: { question_id: 'q1', model: 'm', setting: 'multimodal', check_id, verdict, judge: 'adj' },
    });
    stored = { file: 'review labels of r', labels: [label('I1.m1', 'meets'), label('I1.m2', 'missing')] };
    const after = await summary();
    expect(after.calibration).toMatchObject({ n_labels: 2, labels: 'review labels of r' });
    expect(after.leaderboard[0].calibrated).toMatchObject({ n_labels: 2 });
    // Unchanged labels: the model is not built again (once at start, once for the new labels).
    await summary();
    await live.request('http://127.0.0.1:4173/api/questions/q1');
    expect(builds).toEqual([null, stored]);
  });
});

describe('gamut view over a real socket', () => {
  let server: ReturnType<typeof serve>;
  let port: number;
  beforeAll(async () => {
    await new Promise<void>((done) => {
      server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
        port = info.port;
        hosts = servedHosts(port);
        done();
      });
    });
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  /** Sends the path exactly as written: no client-side `..` normalisation. */
  const raw = (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (d: string) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });

  it.each([
    '/api/images/../../secret.png',
    '/api/images/images/../../secret.png',
    '/api/images/..%2f..%2fsecret.png',
    '/assets/../../secret.txt',
    '/assets/../../../../../../etc/passwd',
  ])('answers 404 for the raw path %s', async (path) => {
    const res = await raw(path);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('outside the run');
  });

  it('serves an image inside the run', async () => {
    expect((await raw('/api/images/images/q1.png')).status).toBe(200);
  });
});
