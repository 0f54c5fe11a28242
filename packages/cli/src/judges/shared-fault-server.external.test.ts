import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, useCliFixture } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBenchFile } from '../../../../test/support/external-data.js';
import { answers, CHECKS, limitsJudgeArgs, limitsVerdicts, metas } from './limits-workload.test-helpers.js';

// `gamut judge` against ../shared/bench/fault-server.mjs, the fault server real providers are
// measured against (its faults are its own, not ours: a token bucket answering 429 with
// retry-after-ms, seeded 429s in every header form, 5xx pages, garbage bodies, hangs, permanent
// per-check failures, replies that echo the key). Run by `npm run test:external`, not `npm test`.
const KEY = 'sk-fault-server-test-0123456789abcdef';

interface LogEntry {
  t0: number;
  t1: number | null;
  key: string;
  status: number;
  fault: string;
}

const fx = useCliFixture(
  { beforeAll, afterAll },
  { prefix: 'gamut-shared-faults-', files: { 'meta.jsonl': metas, 'answers.jsonl': answers }, server: false },
);

let server: ChildProcess | undefined;
let base = '';
beforeAll(async () => {
  const port = await freePort();
  server = spawn(process.execPath, [sharedBenchFile('fault-server.mjs'), String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => server?.stdout?.once('data', resolve));
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => {
  server?.kill('SIGTERM');
});

const post = (path: string, body?: unknown) =>
  fetch(`${base}${path}`, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) });
async function configure(cfg: Record<string, number>): Promise<void> {
  const off = { RATE_RPS: 0, P429: 0, P5XX: 0, PGARBAGE: 0, PHANG: 0, STICKY500: 0, ECHO_AUTH_401: 0 };
  await post('/config', { LATENCY_MS: 50, ...off, ...cfg });
  await post('/reset');
}
async function serverLog(): Promise<LogEntry[]> {
  const text = await (await fetch(`${base}/log`)).text();
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as LogEntry);
}
const judge = (store: string, extra: string[] = []) =>
  fx.gamut(limitsJudgeArgs(`${base}/v1`, store, extra), {
    timeoutMs: 400_000,
    env: { OPENAI_COMPATIBLE_API_KEY: KEY },
  });
const verdicts = (store: string) => limitsVerdicts(fx.dir, store);
/** Every byte the run left in its store folder, as text. */
const storeBytes = (store: string) =>
  readdirSync(join(fx.dir, store))
    .map((f) => readFileSync(join(fx.dir, store, f)).toString('latin1'))
    .join('');

describe('gamut judge against the shared fault server', () => {
  it(`${CHECKS} checks under 10 % 429 / 5 % 5xx / 2 % garbage / 1 % hangs end with every verdict of the fault-free run`, async () => {
    await configure({ SEED: 7 });
    const clean = await judge('clean');
    expect(clean.code, clean.stderr).toBe(0);
    await configure({ SEED: 7, P429: 0.1, P5XX: 0.05, PGARBAGE: 0.02, PHANG: 0.01 });
    const faulty = await judge('faulty', ['--timeout', '2000']);
    expect(faulty.stderr).toBe('');
    expect(faulty.code).toBe(0);
    const seen = new Set((await serverLog()).map((e) => e.fault.split('-')[0]));
    for (const kind of ['429', '500', '502', '503', 'hang']) expect(seen).toContain(kind);
    expect(verdicts('clean').size).toBe(CHECKS);
    expect(verdicts('faulty')).toEqual(verdicts('clean'));
  }, 900_000);

  it('a 40 requests/s token bucket and no --rpm: every check, at ≥ 80 % of the rate, 429s on at most half the checks', async () => {
    await configure({ RATE_RPS: 40 });
    const r = await judge('rate');
    expect(r.code, r.stderr).toBe(0);
    expect([...verdicts('rate').values()].filter((v) => v !== 'null')).toHaveLength(CHECKS);
    const log = await serverLog();
    const ok = log.filter((e) => e.status === 200);
    const seconds = (Math.max(...ok.map((e) => e.t1 ?? 0)) - Math.min(...log.map((e) => e.t0))) / 1000;
    expect(CHECKS / seconds).toBeGreaterThanOrEqual(0.8 * 40);
    expect(new Set(log.filter((e) => e.status === 429).map((e) => e.key)).size).toBeLessThanOrEqual(CHECKS / 2);
  }, 900_000);

  it('checks that always fail end as listed judge failures (exit 1), and a rerun asks them again', async () => {
    await configure({ SEED: 3, STICKY500: 0.02 });
    const first = await judge('sticky', ['--retries', '1']);
    expect(first.code).toBe(1);
    const failed = [...verdicts('sticky')].filter(([, v]) => v === 'null').map(([k]) => k);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThan(CHECKS / 10);
    await configure({ SEED: 3 });
    const rerun = await judge('sticky', ['--retries', '1']);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(new Set((await serverLog()).map((e) => e.key)).size).toBe(failed.length);
    expect([...verdicts('sticky').values()].every((v) => v !== 'null')).toBe(true);
  }, 900_000);

  it('a provider that echoes the key back: the run stops (exit 4) and the key is in neither the output nor the store', async () => {
    await configure({ ECHO_AUTH_401: 1 });
    const r = await judge('echo');
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('401');
    expect(`${r.stdout}${r.stderr}`).not.toContain(KEY);
    expect(storeBytes('echo')).not.toContain(KEY);
  }, 60_000);
});
