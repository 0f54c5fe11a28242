import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type BatchApi,
  type BatchServer,
  GAMUT_BIN,
  judgeArgs,
  listenLocal,
  startBatchServer,
  useCliFixture,
} from '@gamut/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const metas = [
  {
    question_id: 'q-0001',
    question: 'What dish is this and what goes into it?',
    language: 'en',
    items: [
      { id: 'I1', type: 'fact', tier: 'answer_critical', text: 'Identifies the dish as beef bourguignon' },
      {
        id: 'I2',
        type: 'strict_list',
        tier: 'valuable',
        text: 'Core ingredients',
        members: [{ text: 'beef' }, { text: 'red wine' }],
      },
    ],
  },
  {
    question_id: 'q-0002',
    question: '이 음식은 무엇인가요?',
    language: 'ko',
    items: [{ id: 'I1', type: 'fact', tier: 'answer_critical', text: '김치찌개라고 말한다' }],
  },
];
const answers = [
  { question_id: 'q-0001', model: 'model-a', setting: 'multimodal', response: 'Beef bourguignon: beef in red wine.' },
  { question_id: 'q-0002', model: 'model-a', setting: 'multimodal', response: '김치찌개입니다.' },
];
const CHECKS = 3 + 1;

const fx = useCliFixture(
  { beforeAll, afterAll },
  { prefix: 'gamut-batch-', server: false, files: { 'meta.jsonl': metas, 'answers.jsonl': answers } },
);

// 1,000 input and 100 output tokens a call: gpt-4.1-mini lists 0.4 and 1.6 USD per million, so 0.00056
// a call at list price and 0.00028 at the batch price; claude-haiku-4-5 (1 and 5) 0.0015 → 0.00075;
// gemini-2.5-flash (0.3 and 2.5) 0.00055 → 0.000275.
const PROVIDERS: Record<BatchApi, { spec: string; env: (origin: string) => NodeJS.ProcessEnv; perCall: number }> = {
  openai: {
    spec: 'openai:gpt-4.1-mini',
    env: (o) => ({ OPENAI_API_KEY: 'sk-batch', OPENAI_BASE_URL: `${o}/v1` }),
    perCall: 0.00028,
  },
  anthropic: {
    spec: 'anthropic:claude-haiku-4-5',
    env: (o) => ({ ANTHROPIC_API_KEY: 'sk-ant-batch', ANTHROPIC_BASE_URL: `${o}/v1` }),
    perCall: 0.00075,
  },
  gemini: {
    spec: 'google:gemini-2.5-flash',
    env: (o) => ({ GEMINI_API_KEY: 'g-batch', GEMINI_BASE_URL: `${o}/v1beta` }),
    perCall: 0.000275,
  },
};
const verdictOf = (body: unknown) => (JSON.stringify(body).includes('red wine') ? 'partially_meets' : 'meets');

let server: BatchServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const args = (api: BatchApi, store: string, extra: string[] = []) => [
  ...judgeArgs(PROVIDERS[api].spec),
  '--batch',
  '--batch-poll',
  '20',
  '--store',
  store,
  '-o',
  `${store}.verdicts.jsonl`,
  ...extra,
];

/** Starts `gamut judge --batch` and SIGKILLs it once it has polled its batch twice: mid-poll, after the submit. */
function killMidPoll(api: BatchApi, store: string, s: BatchServer): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [GAMUT_BIN, ...args(api, store)], {
      cwd: fx.dir,
      env: { ...process.env, NO_COLOR: '1', ...PROVIDERS[api].env(s.origin) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
    });
    const watch = setInterval(() => {
      if (s.requests.filter((r) => r.kind === 'poll').length < 2) return;
      clearInterval(watch);
      child.kill('SIGKILL');
    }, 5);
    child.on('exit', () => {
      clearInterval(watch);
      resolve(stderr);
    });
  });
}

/** Starts `gamut judge --batch`; the server SIGKILLs it once it has accepted the batch, before replying with its id. */
async function killAtCreate(api: BatchApi, store: string): Promise<BatchServer> {
  let child: ReturnType<typeof spawn> | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  const s = await startBatchServer({
    onCreate: async () => {
      child?.kill('SIGKILL');
      await exited;
    },
  });
  child = spawn(process.execPath, [GAMUT_BIN, ...args(api, store)], {
    cwd: fx.dir,
    env: { ...process.env, NO_COLOR: '1', ...PROVIDERS[api].env(s.origin) },
    stdio: 'ignore',
  });
  const c = child;
  exited = new Promise((resolve) => c.on('exit', resolve));
  await exited;
  return s;
}

describe.each(['openai', 'anthropic', 'gemini'] as const)('gamut judge --batch on the %s batch API', (api) => {
  it('killed mid-poll, the rerun polls the stored batch: no second create, every check judged at the batch price', async () => {
    server = await startBatchServer({
      reply: ({ body }) => ({
        text: JSON.stringify({ rationale: 'From the answer.', quote: null, verdict: verdictOf(body) }),
        usage: { inputTokens: 1000, outputTokens: 100 },
      }),
    });
    server.hold(true);
    const store = `store-${api}`;
    const first = await killMidPoll(api, store, server);
    expect(first).toMatch(/batch \S+ submitted \(4 requests\); polling every 20 ms/);
    expect(server.requests.filter((r) => r.kind === 'create')).toHaveLength(1);

    server.hold(false);
    const again = await fx.gamut([...args(api, store), '--json'], { env: PROVIDERS[api].env(server.origin) });
    const events = again.stderr
      .split('\n')
      .filter((l) => l.startsWith('{"event":"batch_'))
      .map((l) => JSON.parse(l) as { event: string; requests?: number; succeeded?: number });
    expect(events.map((e) => e.event)).toEqual(['batch_resumed', 'batch_ended']);
    expect(events[0]!.requests).toBe(4);
    expect(events[1]!.succeeded).toBe(4);
    expect(again.code, again.stderr).toBe(0);
    // The server's log: one batch created, ever; its results read once the rerun polled it (Gemini's come inline).
    const kinds = server.requests.map((r) => r.kind);
    expect(kinds.filter((k) => k === 'create')).toHaveLength(1);
    expect(kinds.at(-1)).toBe(api === 'gemini' ? 'poll' : 'results');
    const lines = readFileSync(join(fx.dir, `${store}.verdicts.jsonl`), 'utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(CHECKS);
    const verdicts = lines.map((l) => JSON.parse(l) as { question_id: string; verdict: string });
    // Each call got its own result: the server answers partially_meets where the prompt holds q-0001's answer.
    expect(verdicts.map((v) => `${v.question_id} ${v.verdict}`).sort()).toEqual([
      'q-0001 partially_meets',
      'q-0001 partially_meets',
      'q-0001 partially_meets',
      'q-0002 meets',
    ]);
    const summary = JSON.parse(again.stdout) as {
      checks: { judged: number };
      calls: { calls: number; costUsd: number };
    };
    expect(summary.checks.judged).toBe(CHECKS);
    expect(summary.calls.calls).toBe(CHECKS);
    expect(summary.calls.costUsd).toBeCloseTo(CHECKS * PROVIDERS[api].perCall, 10);
  });
});

describe.each(['openai', 'anthropic', 'gemini'] as const)(
  'gamut judge --batch on the %s batch API, killed at submit',
  (api) => {
    it('killed after the provider accepted the batch but before its id was stored, the rerun finds it: nothing submitted twice', async () => {
      const store = `store-submit-${api}`;
      server = await killAtCreate(api, store);
      expect(server.requests.filter((r) => r.kind === 'create')).toHaveLength(1);
      const again = await fx.gamut([...args(api, store), '--json'], { env: PROVIDERS[api].env(server.origin) });
      expect(again.code, again.stderr).toBe(0);
      const events = again.stderr
        .split('\n')
        .filter((l) => l.startsWith('{"event":"batch_'))
        .map((l) => (JSON.parse(l) as { event: string }).event);
      expect(events.filter((e) => e !== 'batch_polled')).toEqual(['batch_resumed', 'batch_ended']);
      const kinds = server.requests.map((r) => r.kind);
      expect(kinds.filter((k) => k === 'create')).toHaveLength(1);
      expect(kinds).toContain('list');
      expect(server.batches.size).toBe(1);
      const lines = readFileSync(join(fx.dir, `${store}.verdicts.jsonl`), 'utf8')
        .trim()
        .split('\n');
      expect(lines).toHaveLength(CHECKS);
    });
  },
);

describe('gamut judge --batch: failures and refusals', () => {
  it('an expired request is a judge failure with the reason; the next run submits only it again', async () => {
    server = await startBatchServer({
      fault: ({ body }) => (JSON.stringify(body).includes('김치찌개') ? { kind: 'expired' } : undefined),
      pollsBeforeEnd: 0,
    });
    const env = PROVIDERS.anthropic.env(server.origin);
    const first = await fx.gamut([...args('anthropic', 'store-expiry'), '--json'], { env });
    expect(first.code).toBe(1);
    const failures = (JSON.parse(first.stdout) as { judge_failures: { question_id: string; error: string }[] })
      .judge_failures;
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ question_id: 'q-0002' });
    expect(failures[0]!.error).toContain('expired: the batch reached its 24 h limit');
    server.setFault(undefined);
    const second = await fx.gamut([...args('anthropic', 'store-expiry'), '--json'], { env });
    expect(second.code, second.stderr).toBe(0);
    const batches = [...server.batches.values()];
    expect(batches.map((b) => b.length)).toEqual([CHECKS, 1]);
  });

  it('a key the batch API refuses stops the run (exit 4) naming what the provider said', async () => {
    const refusing = await listenLocal((_req, res) =>
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end('{"error":{"message":"Incorrect API key provided: sk-bad***","type":"invalid_request_error"}}'),
    );
    try {
      const env = { OPENAI_API_KEY: 'sk-bad', OPENAI_BASE_URL: `${refusing.origin}/v1` };
      const r = await fx.gamut(args('openai', 'store-refused'), { env });
      expect(r.code).toBe(4);
      expect(r.stderr).toContain('HTTP 401: Incorrect API key provided');
    } finally {
      await refusing.close();
    }
  });

  it('refuses --batch with a judge that has no batch API, and with --queue (exit 2, nothing submitted)', async () => {
    const offline = await fx.gamut([...judgeArgs('offline'), '--batch', '--quiet']);
    expect(offline.code).toBe(2);
    expect(offline.stderr).toContain('offline makes no model calls: drop --batch');
    const compatible = await fx.gamut([
      ...judgeArgs('openai-compatible:m@http://127.0.0.1:9/v1'),
      '--batch',
      '--quiet',
    ]);
    expect(compatible.code).toBe(2);
    expect(compatible.stderr).toContain(
      'has no batch API: --batch works with openai:, openai-chat:, anthropic: and google:',
    );
    const queued = await fx.gamut([
      ...judgeArgs('openai:gpt-4.1-mini'),
      '--batch',
      '--queue',
      'redis://127.0.0.1:9',
      '--store',
      'postgres://u@127.0.0.1:9/db',
    ]);
    expect(queued.code).toBe(2);
    expect(queued.stderr).toContain('--batch and --queue both decide who makes the judge calls');
  });
});
