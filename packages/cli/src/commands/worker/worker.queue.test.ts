import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeServer, GAMUT_BIN, type RecordedRequest, runGamut, startFakeJudgeServer } from '@gamut/testkit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Needs a Redis and a PostgreSQL server (`npm run test:queue`; .ci/run starts both).
const REDIS = process.env.GAMUT_REDIS_URL ?? '';
const PG = process.env.GAMUT_PG_URL ?? '';
if (!REDIS || !PG)
  throw new Error('set GAMUT_REDIS_URL and GAMUT_PG_URL (scripts/redis-server.sh, scripts/pg-cluster.sh)');

const QUESTIONS = 24;
const ITEMS = 5;
const MODELS = ['model-a', 'model-b'];
const CHECKS = QUESTIONS * ITEMS * MODELS.length;
/** Checks whose first call gets a 429: one item of every sixth question, for each model. */
const RATE_LIMITED = (QUESTIONS / 6) * MODELS.length;

const jsonl = (rows: unknown[]) => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;
const question = (q: number) => `q-${String(q).padStart(3, '0')}`;

let dir: string;
let server: FakeServer;
const workers: ChildProcess[] = [];

/** A fresh database on the test server, so each run starts from an empty store. */
async function freshDatabase(name: string): Promise<string> {
  const client = new pg.Client({ connectionString: PG });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name}`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(PG);
  url.pathname = `/${name}`;
  return url.toString();
}

async function countRows(store: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: store });
  await client.connect();
  const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${table}`);
  await client.end();
  return (rows[0] as { n: number }).n;
}

function startWorker(store: string, extra: string[] = []): ChildProcess {
  const child = spawn(
    process.execPath,
    [GAMUT_BIN, 'worker', '--queue', REDIS, '--store', store, '--concurrency', '4', '--json', ...extra],
    {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1', OPENAI_COMPATIBLE_API_KEY: 'sk-worker' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let log = '';
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    log += d;
  });
  Object.defineProperty(child, 'log', { get: () => log });
  workers.push(child);
  return child;
}

const logOf = (c: ChildProcess) => (c as ChildProcess & { log: string }).log;

async function stopWorkers(): Promise<void> {
  await Promise.all(
    workers.splice(0).map(
      (w) =>
        new Promise<void>((done) => {
          if (w.exitCode !== null || w.signalCode !== null) return done();
          w.on('exit', () => done());
          w.kill('SIGTERM');
        }),
    ),
  );
}

async function until(what: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Verdict lines less what depends on where they were judged, in a stable order. */
function verdicts(file: string): string[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .map((v) => JSON.stringify([v.question_id, v.model, v.setting, v.check_id, v.judge, v.verdict, v.rationale]))
    .sort();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gamut-queue-'));
  const metas = Array.from({ length: QUESTIONS }, (_, q) => ({
    question_id: question(q),
    question: `Question ${q}: what is in dish ${q}?`,
    language: 'en',
    items: Array.from({ length: ITEMS }, (_, i) => ({
      id: `I${i + 1}`,
      type: 'fact',
      tier: i === 0 ? 'answer_critical' : 'valuable',
      text: `Dish ${q} has ingredient ${i}${q % 6 === 1 && i === 2 ? ' [429]' : ''}`,
    })),
  }));
  const answers = metas.flatMap((m, q) =>
    MODELS.map((model) => ({
      question_id: m.question_id,
      model,
      setting: 'multimodal',
      response: `${model} says dish ${q} holds ingredients ${q % 3} and ${q % 5}.`,
    })),
  );
  writeFileSync(join(dir, 'meta.jsonl'), jsonl(metas));
  writeFileSync(join(dir, 'answers.jsonl'), jsonl(answers));
  // Slow enough replies that a worker is killed with checks in hand.
  server = await startFakeJudgeServer({ latencyMs: 150 });
}, 60_000);

afterAll(async () => {
  await stopWorkers();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const judgeArgs = (store: string, extra: string[] = []) => [
  'judge',
  '--rubrics',
  'meta.jsonl',
  '--answers',
  'answers.jsonl',
  '--judge',
  `openai-compatible:judge-q@${server.url}`,
  '--store',
  store,
  '--quiet',
  ...extra,
];

describe('gamut judge --queue with gamut worker processes', () => {
  it('gives the verdicts a single-process run gives, with one of 3 workers SIGKILLed mid-run: none lost, none twice', async () => {
    const store = await freshDatabase('gamut_queue_kill');
    const pool = [startWorker(store), startWorker(store), startWorker(store)];
    // The coordinator has no key: a call it made itself would fail; every call is a worker's, with its own key.
    const run = runGamut(judgeArgs(store, ['--queue', REDIS, '-o', join(dir, 'queued.jsonl')]), {
      cwd: dir,
      env: { OPENAI_COMPATIBLE_API_KEY: '' },
      timeoutMs: 180_000,
    });
    // Killed once a fifth of the checks were asked for: it has checks in hand, unfinished.
    await until(() => server.requests.length >= CHECKS / 5, 60_000);
    pool[0]!.kill('SIGKILL');
    const queued = await run;
    expect(queued.stderr).toBe('');
    expect(queued.code).toBe(0);
    const calls = server.requests.slice();

    // The same judge in one process (the server's verdict is a pure function of the prompt).
    const single = await runGamut(
      judgeArgs(join(dir, 'single-store'), ['--concurrency', '12', '-o', join(dir, 'single.jsonl')]),
      { cwd: dir, env: { OPENAI_COMPATIBLE_API_KEY: 'sk-single' }, timeoutMs: 120_000 },
    );
    expect(single.code).toBe(0);
    expect(verdicts(join(dir, 'single.jsonl'))).toHaveLength(CHECKS);
    expect(verdicts(join(dir, 'queued.jsonl'))).toEqual(verdicts(join(dir, 'single.jsonl')));

    // One row per check: nothing lost, nothing stored twice, no judge failure left behind.
    expect(await countRows(store, 'verdicts')).toBe(CHECKS);
    expect(await countRows(store, 'judge_failures')).toBe(0);
    // The killed worker had judged some checks, and the other two finished its share.
    for (const w of pool) expect(logOf(w)).toContain('"type":"judged"');
    // Every call carried a worker's key.
    expect(new Set(calls.map((r) => r.headers.authorization))).toEqual(new Set(['Bearer sk-worker']));

    // Each [429] check's first call was turned away (retry-after 1 s) and its worker paused the queue for
    // every worker: while the pause held, no worker took a new check, so the first calls sent were those
    // of checks the limited worker already had in hand (its pace learned from the 429 held them back):
    // at most its 4 per 429. Unpaused, the other two workers keep sending (here about 8 per window).
    const first = new Map<string, RecordedRequest>();
    for (const r of calls) if (!first.has(r.key)) first.set(r.key, r);
    const limited = calls.filter((r) => r.status === 429);
    expect(limited).toHaveLength(RATE_LIMITED);
    const sentWhilePaused = limited.map((l) => {
      const at = l.completedAt!;
      return [...first.values()].filter((r) => r.receivedAt > at + 150 && r.receivedAt < at + 800).length;
    });
    expect(sentWhilePaused.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(RATE_LIMITED * 4);
    expect(pool.some((w) => logOf(w).includes('"type":"rate-limited"'))).toBe(true);
    await stopWorkers();
  }, 240_000);

  it('gamut run --queue: the models answer in the coordinator, the workers judge, the run directory is the same', async () => {
    const config = (name: string) =>
      [
        `name: ${name}`,
        'dataset: meta.jsonl',
        'models:',
        `  - { spec: "openai-compatible:answerer@${server.url}", name: model-a }`,
        'judges:',
        `  - "openai-compatible:judge-r@${server.url}"`,
        'settings: [text]',
        'concurrency: 8',
        `output: out/${name}`,
        '',
      ].join('\n');
    writeFileSync(join(dir, 'single.yaml'), config('single'));
    writeFileSync(join(dir, 'queued.yaml'), config('queued'));
    const env = { OPENAI_COMPATIBLE_API_KEY: 'sk-run' };
    const single = await runGamut(['run', 'single.yaml', '--store', join(dir, 'run-store'), '--quiet'], {
      cwd: dir,
      env,
      timeoutMs: 120_000,
    });
    expect(single.stderr).toBe('');
    expect(single.code).toBe(0);
    const store = await freshDatabase('gamut_queue_run');
    startWorker(store);
    startWorker(store);
    const queued = await runGamut(['run', 'queued.yaml', '--store', store, '--queue', REDIS, '--quiet'], {
      cwd: dir,
      env,
      timeoutMs: 120_000,
    });
    expect(queued.stderr).toBe('');
    expect(queued.code).toBe(0);
    const lines = (name: string) => verdicts(join(dir, 'out', name, 'verdicts.jsonl'));
    expect(lines('queued')).toHaveLength(QUESTIONS * ITEMS);
    expect(lines('queued')).toEqual(lines('single'));
    expect(await countRows(store, 'verdicts')).toBe(QUESTIONS * ITEMS);
    await stopWorkers();
  }, 240_000);

  it('refuses a SQLite store with --queue, and an unreachable Redis without showing its password (exit 2)', async () => {
    const sqlite = await runGamut(judgeArgs(join(dir, 'local-store'), ['--queue', REDIS]), { cwd: dir });
    expect(sqlite.code).toBe(2);
    expect(sqlite.stderr).toContain('--queue needs --store postgres://');
    const store = await freshDatabase('gamut_queue_refused');
    const down = await runGamut(judgeArgs(store, ['--queue', 'redis://user:hunter2@127.0.0.1:1']), { cwd: dir });
    expect(down.code).toBe(2);
    expect(down.stderr).toContain('cannot reach Redis');
    expect(down.stderr).toContain('redis://user:***@127.0.0.1:1');
    expect(down.stderr).not.toContain('hunter2');
    const worker = await runGamut(['worker', '--queue', REDIS, '--store', join(dir, 'local-store')], { cwd: dir });
    expect(worker.code).toBe(2);
    expect(worker.stderr).toContain('gamut worker --queue needs --store postgres://');
  }, 60_000);
});
