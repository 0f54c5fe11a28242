// `gamut judge` against ../shared/bench/fault-server.mjs, timed from outside:
//   rate:   a token bucket of RATE_RPS requests a second (no --rpm): checks a second against
//           the limit, and how many checks met a 429.
//   faults: P429/P5XX/PGARBAGE/PHANG faults; every verdict must equal the fault-free run's.
//   node bench/limits.bench.mjs [--checks 600] [--rps 40] [--concurrency 64] [--mode rate|faults|both]
// Needs `npm run build`. Prints one JSON line per mode.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { numberArg, stringArg } from './support/args.mjs';
import { freePort, gamutJudgeArgs, sharedBench, writeJudgeInputs } from './support/processes.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = fileURLToPath(new URL(`./.work/limits-${process.pid}/`, import.meta.url));
const K = 12;
const CHECKS = numberArg('checks', 600);
const RPS = numberArg('rps', 40);
const CONCURRENCY = numberArg('concurrency', 64);
const MODE = stringArg('mode', 'both');

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const { sha256Hex } = await import(`${root}packages/core/dist/index.js`);
const { rubrics } = await writeJudgeInputs(Math.ceil(CHECKS / K), K, work, sha256Hex);
const checks = rubrics.length * K;

const port = await freePort();
const server = spawn(process.execPath, [`${sharedBench}fault-server.mjs`, String(port)], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve) => server.stdout.once('data', resolve));
const base = `http://127.0.0.1:${port}`;
const configure = async (cfg) => {
  await fetch(`${base}/config`, { method: 'POST', body: JSON.stringify(cfg) });
  await fetch(`${base}/reset`, { method: 'POST' });
};
const log = async () =>
  (await (await fetch(`${base}/log`)).text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

function judge(name, extra = []) {
  const args = gamutJudgeArgs({
    work,
    baseURL: `${base}/v1`,
    concurrency: CONCURRENCY,
    store: `${work}${name}`,
    output: `${work}${name}.jsonl`,
    extra,
  });
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, wallMs: performance.now() - t0, stderr }));
  });
}
const verdicts = (name) =>
  new Map(
    readFileSync(`${work}${name}.jsonl`, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .map((v) => [`${v.question_id}/${v.check_id}`, v.verdict]),
  );
const round = (x, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

try {
  if (MODE === 'rate' || MODE === 'both') {
    await configure({ RATE_RPS: RPS, LATENCY_MS: 50, P429: 0, P5XX: 0, PGARBAGE: 0, PHANG: 0 });
    const r = await judge('rate');
    const entries = await log();
    const limited = entries.filter((e) => e.status === 429);
    const ok = entries.filter((e) => e.status === 200);
    const span = (Math.max(...ok.map((e) => e.t1)) - Math.min(...entries.map((e) => e.t0))) / 1000;
    const out = {
      bench: 'limits-rate',
      checks,
      rateRps: RPS,
      concurrency: CONCURRENCY,
      exitCode: r.code,
      verdicts: verdicts('rate').size,
      wallMs: Math.round(r.wallMs),
      spanS: round(span),
      checksPerSecond: round(checks / span, 1),
      shareOfLimit: round(checks / span / RPS),
      requests: entries.length,
      rejected429: limited.length,
      checksWith429: new Set(limited.map((e) => e.key)).size,
    };
    process.stdout.write(`${JSON.stringify(out)}\n`);
    if (r.code !== 0) process.stderr.write(r.stderr);
  }
  if (MODE === 'faults' || MODE === 'both') {
    await configure({ RATE_RPS: 0, LATENCY_MS: 50, P429: 0, P5XX: 0, PGARBAGE: 0, PHANG: 0, SEED: 7 });
    const clean = await judge('clean');
    await configure({ RATE_RPS: 0, LATENCY_MS: 50, P429: 0.1, P5XX: 0.05, PGARBAGE: 0.02, PHANG: 0.01, SEED: 7 });
    const faulty = await judge('faulty', ['--timeout', '2000']);
    const entries = await log();
    const a = verdicts('clean');
    const b = verdicts('faulty');
    let differ = 0;
    for (const [k, v] of a) if (b.get(k) !== v) differ++;
    const byFault = {};
    for (const e of entries) byFault[e.fault] = (byFault[e.fault] ?? 0) + 1;
    const out = {
      bench: 'limits-faults',
      checks,
      exitCodes: [clean.code, faulty.code],
      cleanVerdicts: a.size,
      faultyVerdicts: b.size,
      verdictsDiffering: differ,
      cleanWallMs: Math.round(clean.wallMs),
      faultyWallMs: Math.round(faulty.wallMs),
      requests: entries.length,
      byFault,
    };
    process.stdout.write(`${JSON.stringify(out)}\n`);
    if (faulty.code !== 0 || differ > 0) process.stderr.write(faulty.stderr);
    if (process.env.KEEP) process.stderr.write(`kept ${work}\n`);
  }
} finally {
  server.kill('SIGTERM');
  if (!process.env.KEEP) rmSync(work, { recursive: true, force: true });
}
