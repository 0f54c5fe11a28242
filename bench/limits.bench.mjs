// `gamut judge` against the testkit's fake provider (in this process, 50 ms latency), timed from outside:
//   rate:   a token bucket of --rps requests a second (no --rpm): checks a second against
//           the limit, and how many checks met a 429.
//   faults: seeded 10 % 429s, 5 % 5xx, 2 % garbage, 1 % hangs; every verdict must equal the fault-free run's.
//   node bench/limits.bench.mjs [--checks 600] [--rps 40] [--concurrency 64] [--mode rate|faults|both]
// Needs `npm run build`. Prints one JSON line per mode.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { numberArg, stringArg } from './support/args.mjs';
import { gamutJudgeArgs, writeJudgeInputs } from './support/processes.mjs';

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

const { judgeReplies, randomFaults, rateLimit, startFakeServer } = await import(
  `${root}packages/testkit/dist/index.js`
);
const server = await startFakeServer({ reply: judgeReplies(), latencyMs: 50 });
const base = server.origin;
/** A fresh request log and the faults of the next run. */
const configure = (faults) => {
  server.requests.length = 0;
  server.setFaults(faults);
};
const log = () =>
  server.requests.map((r) => ({ t0: r.receivedAt, t1: r.completedAt, key: r.key, fault: r.fault, status: r.status }));

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
    configure(rateLimit(RPS));
    const r = await judge('rate');
    const entries = log();
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
    configure(undefined);
    const clean = await judge('clean');
    configure(randomFaults({ seed: 7, p429: 0.1, p5xx: 0.05, pGarbage: 0.02, pHang: 0.01 }));
    const faulty = await judge('faulty', ['--timeout', '2000', '--retries', '6']);
    const entries = log();
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
  await server.close();
  if (!process.env.KEEP) rmSync(work, { recursive: true, force: true });
}
