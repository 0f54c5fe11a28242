import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedBenchFile } from '../../../../test/support/external-data.js';
import { runGamut } from '../test-support/run-gamut.js';

// `gamut judge` against ../shared/bench/fault-server.mjs: a real token-bucket rate limit, and
// seeded 429s, 5xx, garbage and hangs. Run by `npm run test:external`, not `npm test`.
const QUESTIONS = 50;
const ITEMS = 12;
const CHECKS = QUESTIONS * ITEMS;
const RATE_RPS = 40;

interface LogEntry {
  t0: number;
  t1: number | null;
  key: string;
  status: number;
  fault: string;
}

let dir: string;
let server: ChildProcess;
let base: string;

const jsonl = (rows: unknown[]) => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;
const post = (path: string, body?: unknown) =>
  fetch(`${base}${path}`, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) });
async function configure(cfg: Record<string, number>): Promise<void> {
  await post('/config', { LATENCY_MS: 50, RATE_RPS: 0, P429: 0, P5XX: 0, PGARBAGE: 0, PHANG: 0, ...cfg });
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
  runGamut(
    [
      'judge',
      '--rubrics',
      'meta.jsonl',
      '--answers',
      'answers.jsonl',
      '--judge',
      `openai-compatible:judge-x@${base}/v1`,
      '--concurrency',
      '64',
      '--store',
      store,
      '-o',
      `${store}.jsonl`,
      '--quiet',
      ...extra,
    ],
    { cwd: dir, timeoutMs: 170_000 },
  );
function verdicts(store: string): Map<string, string> {
  const lines = readFileSync(join(dir, `${store}.jsonl`), 'utf8')
    .trim()
    .split('\n');
  return new Map(
    lines.map((l) => {
      const v = JSON.parse(l) as { question_id: string; check_id: string; verdict: string | null };
      return [`${v.question_id}/${v.check_id}`, String(v.verdict)];
    }),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gamut-limits-'));
  const metas = Array.from({ length: QUESTIONS }, (_, q) => ({
    question_id: `q-${String(q).padStart(3, '0')}`,
    question: `What does item set ${q} say?`,
    language: 'en',
    items: Array.from({ length: ITEMS }, (_, i) => ({
      id: `I${i + 1}`,
      type: 'fact',
      tier: 'valuable',
      text: `States fact ${i + 1} of set ${q}`,
    })),
  }));
  writeFileSync(join(dir, 'meta.jsonl'), jsonl(metas));
  const answers = metas.map((m) => ({
    question_id: m.question_id,
    model: 'm',
    setting: 'text_only',
    response: `An answer about ${m.question_id}.`,
  }));
  writeFileSync(join(dir, 'answers.jsonl'), jsonl(answers));
  const port = await freePort();
  server = spawn(process.execPath, [sharedBenchFile('fault-server.mjs'), String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => server.stdout?.once('data', resolve));
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

describe('gamut judge against the shared fault server', () => {
  it(`a ${CHECKS}-check run under a ${RATE_RPS} requests/s limit and no --rpm: every check, ≥ 80 % of the rate, 429s on at most half`, async () => {
    await configure({ RATE_RPS });
    const r = await judge('rate');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const judged = verdicts('rate');
    expect(judged.size).toBe(CHECKS);
    expect([...judged.values()].every((v) => v !== 'null')).toBe(true);
    const log = await serverLog();
    const ok = log.filter((e) => e.status === 200);
    expect(ok).toHaveLength(CHECKS);
    // From the first request received to the last answer written, as the server saw them.
    const seconds = (Math.max(...ok.map((e) => e.t1 ?? 0)) - Math.min(...log.map((e) => e.t0))) / 1000;
    expect(CHECKS / seconds).toBeGreaterThanOrEqual(0.8 * RATE_RPS);
    const checksWith429 = new Set(log.filter((e) => e.status === 429).map((e) => e.key)).size;
    expect(checksWith429).toBeLessThanOrEqual(CHECKS / 2);
  }, 180_000);

  it(`${CHECKS} checks under 10 % 429 / 5 % 5xx / 2 % garbage / 1 % hangs end with every verdict of the fault-free run`, async () => {
    await configure({ SEED: 11 });
    const clean = await judge('clean');
    expect(clean.code).toBe(0);
    await configure({ SEED: 11, P429: 0.1, P5XX: 0.05, PGARBAGE: 0.02, PHANG: 0.01 });
    // A short deadline per attempt, so a hung request is given up and asked again soon; the
    // default retries (429s are waited out without using one).
    const faulty = await judge('faulty', ['--timeout', '2000']);
    expect(faulty.stderr).toBe('');
    expect(faulty.code).toBe(0);
    const log = await serverLog();
    // The faults did happen: every kind, in about the shares asked for.
    const faults = new Map<string, number>();
    for (const e of log)
      faults.set(e.fault.split('-')[0] as string, (faults.get(e.fault.split('-')[0] as string) ?? 0) + 1);
    for (const kind of ['429', 'hang', 'g']) expect(faults.get(kind) ?? 0).toBeGreaterThan(0);
    expect(verdicts('faulty')).toEqual(verdicts('clean'));
    expect(verdicts('clean').size).toBe(CHECKS);
  }, 180_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
