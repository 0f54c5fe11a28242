import { createLlmCheckJudge, type JudgeModel, ProviderError } from '@gamut/core';
import { createMemoryStore } from '@gamut/core/test';
import { type BatchApi, type BatchServer, startBatchServer } from '@gamut/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createJudgeModel } from '../create-judge-model.js';
import { checkInput } from '../test-support/check-input.js';
import { type BatchEvent, type BatchFetch, createBatchFetch } from './batch-fetch.js';

const SPECS: Record<BatchApi, { spec: string; base: string }> = {
  openai: { spec: 'openai:gpt-4.1-mini', base: '/v1' },
  anthropic: { spec: 'anthropic:claude-haiku-4-5', base: '/v1' },
  gemini: { spec: 'google:gemini-2.5-flash', base: '/v1beta' },
};

// The verdict of each check follows a marker in its text, so a result given to the wrong call shows.
const VERDICT_OF = { A: 'meets', B: 'missing', C: 'contradicts', D: 'partially_meets', E: 'meets' } as const;
type Marker = keyof typeof VERDICT_OF;
const marker = (body: unknown) => (JSON.stringify(body).match(/check-([A-E])/)?.[1] ?? 'A') as Marker;
const reply = ({ body }: { body: unknown }) =>
  JSON.stringify({ rationale: `for ${marker(body)}`, quote: null, verdict: VERDICT_OF[marker(body)] });

let server: BatchServer | undefined;
const opened: BatchFetch[] = [];
afterEach(async () => {
  for (const f of opened.splice(0)) f.close();
  await server?.close();
  server = undefined;
});

async function judgeFor(
  api: BatchApi,
  o: { store?: ReturnType<typeof createMemoryStore>; limits?: { requests?: number; bytes?: number } } = {},
) {
  const store = o.store ?? createMemoryStore();
  const events: BatchEvent[] = [];
  const batch = createBatchFetch({
    ledger: store,
    pollMs: 5,
    gatherMs: 20,
    ...(o.limits && { limits: o.limits }),
    onEvent: (e) => events.push(e),
  });
  opened.push(batch);
  const s = server as BatchServer;
  const model: JudgeModel = await createJudgeModel(SPECS[api].spec, {
    apiKey: 'sk-test-batch',
    baseURL: `${s.origin}${SPECS[api].base}`,
    fetch: batch.fetch,
  });
  return { judge: createLlmCheckJudge({ model, maxRepairRetries: 0 }), store, events, batch };
}

const checks = (markers: string) => [...markers].map((m) => checkInput(`Says check-${m}`));

describe.each(['openai', 'anthropic', 'gemini'] as const)('%s batch API', (api) => {
  it('sends the calls gathered as one batch and gives each call its own result, matched by custom id', async () => {
    server = await startBatchServer({ reply });
    const { judge, events, store } = await judgeFor(api);
    const outcomes = await Promise.all(checks('ABCD').map((c) => judge.judge(c)));
    expect(outcomes.map((o) => (o.status === 'ok' ? o.verdict : o.error))).toEqual([
      'meets',
      'missing',
      'contradicts',
      'partially_meets',
    ]);
    const creates = server.requests.filter((r) => r.kind === 'create');
    expect(creates).toHaveLength(1);
    expect([...server.batches.values()][0]).toHaveLength(4);
    if (api === 'openai') expect(server.requests.filter((r) => r.kind === 'upload')).toHaveLength(1);
    // The key the SDK would have sent goes with the batch API's calls too.
    const auth = creates[0]!.headers;
    expect(auth.authorization ?? auth['x-api-key'] ?? auth['x-goog-api-key']).toContain('sk-test-batch');
    expect(events.map((e) => e.type)).toEqual(['submitted', 'polled', 'ended']);
    // Delivered requests are forgotten: a later run asks the cache, not the batch.
    const ids = [...server.batches.values()][0]!.map((i) => i.customId);
    expect((await store.findBatches(ids)).size).toBe(0);
  });

  it('splits to the request limit and to the byte limit', async () => {
    server = await startBatchServer({ reply });
    const byCount = await judgeFor(api, { limits: { requests: 2 } });
    await Promise.all(checks('ABCDE').map((c) => byCount.judge.judge(c)));
    expect([...server.batches.values()].map((b) => b.length)).toEqual([2, 2, 1]);
    server.requests.length = 0;
    const one = JSON.stringify([...server.batches.values()][0]![0]!.body).length;
    const byBytes = await judgeFor(api, { limits: { bytes: Math.floor(one * 2.5) } });
    await Promise.all(checks('ABCDE').map((c) => byBytes.judge.judge({ ...c, answer: 'Another answer.' })));
    expect(server.requests.filter((r) => r.kind === 'create')).toHaveLength(3);
  });

  it('an errored or expired request is a judge failure with the provider reason, forgotten so the next run asks again', async () => {
    server = await startBatchServer({
      reply,
      fault: ({ body }) =>
        marker(body) === 'B'
          ? { kind: 'error', message: 'max_tokens: too large for this model' }
          : marker(body) === 'C'
            ? { kind: 'expired' }
            : undefined,
    });
    const { judge, store } = await judgeFor(api);
    const [a, b, c] = await Promise.all(checks('ABC').map((x) => judge.judge(x)));
    expect(a).toMatchObject({ status: 'ok', verdict: 'meets' });
    expect(b).toMatchObject({ status: 'failed', kind: 'provider_error' });
    expect(b?.status === 'failed' && b.error).toContain('max_tokens: too large for this model');
    expect(c?.status === 'failed' && c.error).toMatch(/expire/i);
    const ids = [...server.batches.values()][0]!.map((i) => i.customId);
    expect((await store.findBatches(ids)).size).toBe(0);
    // Asked again, the failed ones go in a new batch.
    server.setFault(undefined);
    const again = await judgeFor(api, { store });
    const outcomes = await Promise.all(checks('BC').map((x) => again.judge.judge(x)));
    expect(outcomes.map((o) => o.status === 'ok' && o.verdict)).toEqual(['missing', 'contradicts']);
    expect(server.requests.filter((r) => r.kind === 'create')).toHaveLength(2);
  });

  it('a rerun polls the stored batch instead of submitting it again', async () => {
    server = await startBatchServer({ reply });
    server.hold(true);
    const store = createMemoryStore();
    const first = await judgeFor(api, { store });
    const stop = new AbortController();
    const pending = Promise.all(checks('ABC').map((c) => first.judge.judge(c, stop.signal).catch((e: unknown) => e)));
    await expect.poll(() => server!.requests.filter((r) => r.kind === 'poll').length).toBeGreaterThan(1);
    // The process goes away mid-poll: its calls are given up, its batch id stays in the store.
    stop.abort();
    first.batch.close();
    await pending;
    server.hold(false);
    const second = await judgeFor(api, { store });
    const outcomes = await Promise.all(checks('CAB').map((c) => second.judge.judge(c)));
    expect(outcomes.map((o) => o.status === 'ok' && o.verdict)).toEqual(['contradicts', 'meets', 'missing']);
    expect(server.requests.filter((r) => r.kind === 'create')).toHaveLength(1);
    expect(second.events.map((e) => e.type)).toEqual(['resumed', 'ended']);
  });

  it('killed after the provider accepted a batch but before its id was stored, a rerun finds it and submits nothing new', async () => {
    let release = () => {};
    const never = new Promise<void>((r) => {
      release = r;
    });
    // The first create is accepted and then never answered: the process is gone before it learns the id.
    server = await startBatchServer({ reply, onCreate: () => (creates++ === 0 ? never : undefined) });
    let creates = 0;
    const store = createMemoryStore();
    const first = await judgeFor(api, { store });
    const stop = new AbortController();
    const pending = Promise.all(checks('ABC').map((c) => first.judge.judge(c, stop.signal).catch((e: unknown) => e)));
    await expect.poll(() => server!.batches.size).toBe(1);
    stop.abort();
    first.batch.close();
    await pending;
    const second = await judgeFor(api, { store });
    const outcomes = await Promise.all(checks('CAB').map((c) => second.judge.judge(c)));
    release();
    expect(outcomes.map((o) => o.status === 'ok' && o.verdict)).toEqual(['contradicts', 'meets', 'missing']);
    expect(server.batches.size).toBe(1);
    expect(server.requests.filter((r) => r.kind === 'list').length).toBeGreaterThan(0);
    // Found, it is polled as any stored batch (this one was never polled: once running, then ended).
    // Anthropic's has no key: it is told by the custom ids of its results, so it ran to its end first.
    expect(second.events.map((e) => e.type)).toEqual(
      api === 'anthropic' ? ['polled', 'resumed', 'ended'] : ['resumed', 'polled', 'ended'],
    );
  });

  it('a submission the provider never received is submitted again on the rerun, once', async () => {
    server = await startBatchServer({ reply });
    const store = createMemoryStore();
    const refused = createBatchFetch({
      ledger: store,
      pollMs: 5,
      gatherMs: 5,
      // The connection drops before the create reaches the server (uploads go through).
      fetch: async (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        if (init?.method === 'POST' && /batches$|batchGenerateContent$/.test(url))
          throw new TypeError('socket hang up');
        return fetch(input, init);
      },
    });
    opened.push(refused);
    const s = server;
    const model = await createJudgeModel(SPECS[api].spec, {
      apiKey: 'sk-test-batch',
      baseURL: `${s.origin}${SPECS[api].base}`,
      fetch: refused.fetch,
    });
    const [failed] = await Promise.all(
      checks('A').map((c) => createLlmCheckJudge({ model, maxRepairRetries: 0 }).judge(c)),
    );
    expect(failed?.status).toBe('failed');
    expect(server.batches.size).toBe(0);
    const again = await judgeFor(api, { store });
    const [o] = await Promise.all(checks('A').map((c) => again.judge.judge(c)));
    expect(o).toMatchObject({ status: 'ok', verdict: 'meets' });
    expect(server.batches.size).toBe(1);
    expect(server.requests.filter((r) => r.kind === 'list').length).toBeGreaterThan(0);
  });

  it('a batch that fails validation fails each of its calls with the reason', async () => {
    server = await startBatchServer({ reply, failBatches: 'the input file has a line that is not JSON' });
    const { judge } = await judgeFor(api);
    if (api === 'anthropic') return; // Message Batches validate at create: nothing fails later.
    const [o] = await Promise.all(checks('A').map((c) => judge.judge(c)));
    expect(o?.status === 'failed' && o.error).toContain('the input file has a line that is not JSON');
  });
});

describe('Anthropic Message Batches keep no key: a lost submission is told by its custom ids', () => {
  /** Another run's batch of as many requests, submitted and ended just before this run's. */
  async function otherRunsBatch() {
    const other = await judgeFor('anthropic');
    await Promise.all(checks('DEA').map((c) => other.judge.judge({ ...c, answer: 'Another run.' })));
    expect([...(server as BatchServer).batches.values()].map((b) => b.length)).toEqual([3]);
  }

  it('two batches of the same size created within seconds are not confused: the rerun gets its own results', async () => {
    let release = () => {};
    const never = new Promise<void>((r) => {
      release = r;
    });
    let creates = 0;
    // The second create (this run's) is accepted and never answered.
    server = await startBatchServer({ reply, onCreate: () => (creates++ === 1 ? never : undefined) });
    await otherRunsBatch();
    const store = createMemoryStore();
    const first = await judgeFor('anthropic', { store });
    const stop = new AbortController();
    const pending = Promise.all(checks('ABC').map((c) => first.judge.judge(c, stop.signal).catch((e: unknown) => e)));
    await expect.poll(() => server!.batches.size).toBe(2);
    stop.abort();
    first.batch.close();
    await pending;
    const [, ours] = [...server.batches.keys()];
    const second = await judgeFor('anthropic', { store });
    const outcomes = await Promise.all(checks('CAB').map((c) => second.judge.judge(c)));
    release();
    // Matched to the other run's batch, every call would have failed with "no result for this request".
    expect(outcomes.map((o) => (o.status === 'ok' ? o.verdict : o.error))).toEqual(['contradicts', 'meets', 'missing']);
    expect(server.batches.size).toBe(2);
    expect(second.events.filter((e) => e.type === 'resumed').map((e) => e.batchId)).toEqual([ours]);
    // Its results were read once, when they told it apart: not a second time to deliver them.
    expect(server.requests.filter((r) => r.kind === 'results' && r.batchId === ours)).toHaveLength(1);
  });

  it('a submission that never arrived is not taken for another run’s batch of its size: it is submitted again', async () => {
    server = await startBatchServer({ reply });
    await otherRunsBatch();
    const store = createMemoryStore();
    // Recorded as being submitted, as a run killed before its create reached the provider leaves it.
    const lost = createBatchFetch({
      ledger: store,
      pollMs: 5,
      gatherMs: 5,
      fetch: async (input, init) => {
        if (init?.method === 'POST') throw new TypeError('socket hang up');
        return fetch(input, init);
      },
    });
    opened.push(lost);
    const model = await createJudgeModel(SPECS.anthropic.spec, {
      apiKey: 'sk-test-batch',
      baseURL: `${server.origin}/v1`,
      fetch: lost.fetch,
    });
    const failed = await Promise.all(
      checks('ABC').map((c) => createLlmCheckJudge({ model, maxRepairRetries: 0 }).judge(c)),
    );
    expect(failed.map((o) => o.status)).toEqual(['failed', 'failed', 'failed']);
    const again = await judgeFor('anthropic', { store });
    const outcomes = await Promise.all(checks('ABC').map((c) => again.judge.judge(c)));
    expect(outcomes.map((o) => o.status === 'ok' && o.verdict)).toEqual(['meets', 'missing', 'contradicts']);
    expect([...server.batches.values()].map((b) => b.length)).toEqual([3, 3]);
    expect(again.events.map((e) => e.type)).toEqual(['submitted', 'polled', 'ended']);
  });
});

it('a batch API that refuses the key stops the run (a fatal provider error), as the synchronous API would', async () => {
  server = await startBatchServer();
  const store = createMemoryStore();
  const batch = createBatchFetch({
    ledger: store,
    pollMs: 5,
    gatherMs: 5,
    fetch: async () => new Response('{"error":{"message":"Incorrect API key provided"}}', { status: 401 }),
  });
  opened.push(batch);
  const model = await createJudgeModel('openai:gpt-4.1-mini', {
    apiKey: 'sk-bad',
    baseURL: `${server.origin}/v1`,
    fetch: batch.fetch,
  });
  const judge = createLlmCheckJudge({ model });
  const e = await judge.judge(checkInput()).catch((x: unknown) => x);
  expect(ProviderError.isProviderError(e)).toBe(true);
  expect((e as ProviderError).message).toContain('Incorrect API key provided');
});
