import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Annotator, buildReportModel, type ReviewQueue, type RunStore, tokenHash } from '@gamut/core';
import { createMemoryStore } from '@gamut/core/test';
import { runGamut } from '@gamut/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { servedHosts } from './host-check.js';
import { loadRun } from './load-run.js';
import { createViewApp } from './view-server.js';
import type { WebApp } from './web-app.js';

const WEB: WebApp = {
  dir: '/nonexistent',
  indexHtml: '<!doctype html><title>t</title>',
  script: { src: '', code: '' },
  style: null,
};
const HOSTS = servedHosts(4173);
const AT = '2026-12-01T12:00:00.000Z';
const person = (name: string, role: Annotator['role']): Annotator => ({
  owner_id: 'demo',
  name,
  role,
  token_hash: tokenHash(`token-${name}`),
  created_at: AT,
});
/** Two items of the demo run: the model is in the payload, and must never reach a reviewer. */
const QUEUE: ReviewQueue = {
  owner_id: 'demo',
  id: 'labels-1',
  kind: 'verdict_label',
  title: 'test',
  per_item: 2,
  labels: ['meets', 'partially_meets', 'missing', 'contradicts'],
  sampling: { judge: 'offline' },
  strata: [],
  items: [
    {
      id: 'i001',
      payload: { question_id: 'q-en-01', model: 'atlas-large', setting: 'multimodal', check_id: 'I1.fact' },
      stratum: 'fact|meets',
    },
    {
      id: 'i002',
      payload: { question_id: 'q-en-02', model: 'cinder-7b', setting: 'text_only', check_id: 'I1.fact' },
      stratum: 'fact|missing',
    },
  ],
  created_by: null,
  created_at: AT,
};

let store: RunStore;
let app: ReturnType<typeof createViewApp>;
let team: ReturnType<typeof createViewApp>;
let ids = 0;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gamut-view-review-'));
  expect((await runGamut(['demo', '--out', join(dir, 'd')])).code).toBe(0);
  const input = await loadRun(join(dir, 'd'));
  store = createMemoryStore();
  for (const p of [
    person('ann', 'annotator'),
    person('bo', 'annotator'),
    person('mj', 'adjudicator'),
    person('rev', 'reviewer'),
  ])
    await store.appendAnnotator(p);
  await store.appendReviewQueue(QUEUE);
  const review = { ownerId: 'demo', runDir: 'd', run: input, store, now: () => AT, newId: () => `e${++ids}` };
  const base = { runDir: join(dir, 'd'), model: buildReportModel(input), app: WEB, hosts: () => HOSTS, review };
  app = createViewApp(base);
  team = createViewApp({ ...base, tokensRequired: true });
}, 120_000);

const call = (path: string, who?: string, init: RequestInit = {}, on = app) =>
  on.request(`http://127.0.0.1:4173${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(who && { 'x-gamut-token': `token-${who}` }) },
  });
const post = (who: string, body: unknown) =>
  call('/api/review/queues/labels-1/events', who, { method: 'POST', body: JSON.stringify(body) });

describe('gamut view review API', () => {
  it('says without a token whether there is a review, and asks for a token for anything else', async () => {
    expect(await (await call('/api/review')).json()).toEqual({ available: true, run: 'demo' });
    const none = await call('/api/review/me');
    expect(none.status).toBe(401);
    expect((await none.json()).error).toMatch(/a personal token is required \(the x-gamut-token header\)/);
    const wrong = await call('/api/review/me', 'nobody');
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toBe('no annotator of run demo has this token');
  });

  it('shows a token only its role’s queues, and an annotator no counts of others’ labels', async () => {
    const ann = await (await call('/api/review/me', 'ann')).json();
    expect(ann).toMatchObject({ name: 'ann', role: 'annotator', run: 'demo' });
    expect(ann.queues.map((q: { id: string }) => q.id)).toEqual(['labels-1']);
    expect(ann.queues[0].counts).toBeUndefined();
    expect((await (await call('/api/review/me', 'mj')).json()).queues[0].counts).toEqual({
      waiting: 2,
      done: 0,
      disagreement: 0,
      adjudicated: 0,
    });
    // A reviewer works wiki flags and build steps, not verdict labels.
    expect((await (await call('/api/review/me', 'rev')).json()).queues).toEqual([]);
    expect((await call('/api/review/queues/labels-1', 'rev')).status).toBe(404);
  });

  it('serves an item blind: the answer, check and snippets, never the model, the stratum or the judge', async () => {
    const res = await call('/api/review/queues/labels-1?item=i001', 'ann');
    const text = await res.text();
    const page = JSON.parse(text);
    expect(page.item.payload).toEqual({ question_id: 'q-en-01', setting: 'multimodal', check_id: 'I1.fact' });
    expect(page.content.check.id).toBe('I1.fact');
    expect(page.content.answer.length).toBeGreaterThan(50);
    expect(page.item_ids).toEqual(['i001', 'i002']);
    expect(text).not.toMatch(/atlas-large|fact\|meets|stratum|offline|lexical baseline/);
    expect((await call('/api/review/queues/labels-1?item=i999', 'ann')).status).toBe(404);
  });

  it('records labels as events the server completes, refuses what the rules refuse, and undoes with a new event', async () => {
    expect((await post('ann', { kind: 'label', item_id: 'i001', value: 'meets', reason: 'names it' })).status).toBe(
      201,
    );
    const refused = await post('ann', { kind: 'label', item_id: 'i001', value: 'great' });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toMatch(/"great" is not a label of this queue/);
    expect((await post('ann', { kind: 'adjudicate', item_id: 'i001', value: 'meets' })).status).toBe(409);
    expect((await post('ann', { kind: 'label', item_id: 'i001' })).status).toBe(400);
    // bo sees nothing of ann's label.
    const bo = await (await call('/api/review/queues/labels-1?item=i001', 'bo')).json();
    expect([bo.item.mine, bo.item.decisions]).toEqual([null, null]);
    expect((await post('bo', { kind: 'label', item_id: 'i001', value: 'missing', reason: 'not said' })).status).toBe(
      201,
    );
    // ann's undo reverses her own last label, as an event.
    const undo = await post('ann', { kind: 'undo' });
    expect(undo.status).toBe(201);
    expect((await undo.json()).event).toMatchObject({
      kind: 'undo',
      item_id: 'i001',
      undoes: 'e1',
      who: 'ann',
      at: AT,
    });
    expect((await post('ann', { kind: 'undo' })).status).toBe(409);
    expect((await post('ann', { kind: 'label', item_id: 'i001', value: 'partially_meets' })).status).toBe(201);
    const events = await store.listReviewEvents('demo');
    expect(events.map((e) => [e.who, e.kind, e.kind === 'label' ? e.value : ''])).toEqual([
      ['ann', 'label', 'meets'],
      ['bo', 'label', 'missing'],
      ['ann', 'undo', ''],
      ['ann', 'label', 'partially_meets'],
    ]);
  });

  it('gives the adjudicator both labels and notes, and progress and agreement; an annotator neither', async () => {
    const mj = await (await call('/api/review/queues/labels-1', 'mj')).json();
    expect(mj.item.item_id).toBe('i001');
    expect(
      mj.item.decisions.map((d: { who: string; value: string; reason: string }) => [d.who, d.value, d.reason]),
    ).toEqual([
      ['bo', 'missing', 'not said'],
      ['ann', 'partially_meets', ''],
    ]);
    expect((await call('/api/review/queues/labels-1/status', 'ann')).status).toBe(403);
    const before = await (await call('/api/review/queues/labels-1/status', 'mj')).json();
    expect(before.counts).toEqual({ waiting: 1, done: 0, disagreement: 1, adjudicated: 0 });
    expect(before.judge_vs_final).toBeNull();
    expect((await post('mj', { kind: 'adjudicate', item_id: 'i001', value: 'missing' })).status).toBe(201);
    const after = await (await call('/api/review/queues/labels-1/status', 'mj')).json();
    expect(after.counts).toEqual({ waiting: 1, done: 0, disagreement: 0, adjudicated: 1 });
    expect(after.judge_vs_final).toMatchObject({ judge: 'offline', n: 1 });
    expect(after.annotators.pairs[0]).toMatchObject({ a: 'ann', b: 'bo', n: 1, agreement: 0 });
  });
});

describe('gamut view --host: every request needs a token', () => {
  it('sends a page load to the sign-in form and refuses anything else without a token', async () => {
    const home = await call('/', undefined, {}, team);
    expect([home.status, home.headers.get('location')]).toEqual([303, '/login']);
    expect((await call('/api/summary', undefined, {}, team)).status).toBe(401);
    expect((await call('/api/review', undefined, {}, team)).status).toBe(401);
    expect((await call('/assets/app.js', undefined, {}, team)).status).toBe(401);
    expect((await call('/api/summary', 'nobody', {}, team)).status).toBe(401);
    expect((await call('/api/summary', 'ann', {}, team)).status).toBe(200);
    const login = await call('/login', undefined, {}, team);
    expect(login.status).toBe(200);
    expect(await login.text()).toMatch(/<form method="post" action="\/login">/);
  });

  it('signs in with a token, sets a same-site cookie and serves the run with it', async () => {
    const form = (token: string) =>
      team.request('http://127.0.0.1:4173/login', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `token=${encodeURIComponent(token)}`,
      });
    expect((await form('nope')).status).toBe(401);
    const ok = await form('token-bo');
    expect([ok.status, ok.headers.get('location')]).toEqual([303, '/']);
    const cookie = ok.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^gamut_token=token-bo; Path=\/; SameSite=Strict/);
    const withCookie = await team.request('http://127.0.0.1:4173/api/summary', {
      headers: { cookie: 'gamut_token=token-bo' },
    });
    expect(withCookie.status).toBe(200);
    // The review routes still want the header: a cookie alone could be sent by another site's page.
    const reviewByCookie = await team.request('http://127.0.0.1:4173/api/review/me', {
      headers: { cookie: 'gamut_token=token-bo' },
    });
    expect(reviewByCookie.status).toBe(401);
    // The Host header is still checked first.
    const foreign = await team.request('http://127.0.0.1:4173/api/summary', {
      headers: { host: 'evil.example:4173', 'x-gamut-token': 'token-bo' },
    });
    expect(foreign.status).toBe(421);
  });
});
