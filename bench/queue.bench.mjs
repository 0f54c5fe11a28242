// Distributed judging against the shared mock LLM (20 ms, so the client is the bottleneck):
// one `gamut judge` process vs `gamut judge --queue` with 3 `gamut worker` processes at the same
// total concurrency, both on PostgreSQL; then the queued run again with one worker SIGKILLed
// mid-run. Reports wall, calls/s, CPU per call of the Gamut processes, and the CPU Redis and
// PostgreSQL spent (the server processes and their reaped backends, from /proc), and checks the
// verdicts: the queued runs' must equal the single process's, none lost, none stored twice.
//   node bench/queue.bench.mjs                          # 100,000 checks (npm run bench queue)
//   node bench/queue.bench.mjs --checks 20000 --workers 3 --concurrency 64 --latency 20
// Starts Redis (scripts/redis-server.sh) and PostgreSQL (scripts/pg-cluster.sh) in a temporary
// folder unless GAMUT_REDIS_URL and GAMUT_PG_URL name running servers (their CPU is then not
// measured). Needs `npm run build`. Prints one JSON line.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { numberArg } from './support/args.mjs';
import { exec, gamutJudgeArgs, startMockLlm, writeJudgeInputs } from './support/processes.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = fileURLToPath(new URL(`./.work/queue-${process.pid}/`, import.meta.url));
const K = numberArg('k', 12);
const CHECKS = numberArg('checks', 100_000);
const Q = Math.ceil(CHECKS / K);
const CONCURRENCY = numberArg('concurrency', 64);
const WORKERS = numberArg('workers', 3);
const LATENCY = numberArg('latency', 20);
const hook = fileURLToPath(new URL('./rusage-hook.mjs', import.meta.url));
const pg = createRequire(`${root}packages/store/package.json`)('pg');
const { sha256Hex } = await import(`${root}packages/core/dist/index.js`);

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const say = (s) => process.stderr.write(`queue.bench: ${s}\n`);

// 1. Servers: Redis and PostgreSQL (ours, so their CPU can be read), the mock LLM.
const script = (name, ...args) =>
  new Promise((resolve, reject) => {
    const child = spawn('bash', [`${root}scripts/${name}`, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(out.trim()) : reject(new Error(`${name} ${args[0]} exited ${code}`)),
    );
  });
const ownServers = !process.env.GAMUT_REDIS_URL || !process.env.GAMUT_PG_URL;
const redisUrl = ownServers ? await script('redis-server.sh', 'start', `${work}redis`) : process.env.GAMUT_REDIS_URL;
const pgUrl = ownServers ? await script('pg-cluster.sh', 'start', `${work}pg`) : process.env.GAMUT_PG_URL;
const { process: mock, base } = await startMockLlm(LATENCY);
const stats = async () => (await fetch(`${base}/stats`)).json();
const resetStats = () => fetch(`${base}/stats/reset`, { method: 'POST' });

/** CPU ms of a process and of its children it has reaped (PostgreSQL's backends), from /proc. */
function procCpuMs(pid) {
  if (!pid) return null;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  return (ticks * 1000) / 100;
}
const redisPid = ownServers ? Number(readFileSync(`${work}redis/redis.pid`, 'utf8')) : null;
const pgPid = ownServers ? Number(readFileSync(`${work}pg/data/postmaster.pid`, 'utf8').split('\n')[0]) : null;
const serverCpu = () => ({ redis: procCpuMs(redisPid), pg: procCpuMs(pgPid) });

async function freshDatabase(name) {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name}`);
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  return u.toString();
}
async function verdictRows(store) {
  const c = new pg.Client({ connectionString: store });
  await c.connect();
  const { rows } = await c.query('SELECT count(*)::int AS n FROM verdicts');
  await c.end();
  return rows[0].n;
}

// 2. Inputs: the shared workload as compiled rubrics and answers.
await writeJudgeInputs(Q, K, work, sha256Hex);
const calls = Q * K;
const cpuOf = (file) => {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return (r.userUs + r.systemUs) / 1000;
};
const env = (name) => ({
  ...process.env,
  OPENAI_COMPATIBLE_API_KEY: 'sk-bench',
  GAMUT_RUSAGE_FILE: `${work}${name}.rusage`,
});
const verdictLines = (file) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => {
      const v = JSON.parse(l);
      return `${v.question_id}\u0000${v.model}\u0000${v.check_id}\u0000${v.verdict}`;
    })
    .sort();

/** One `gamut judge`, timed from outside; with `workers`, queued for that many `gamut worker` processes. */
async function judgeRun(name, { workers = 0, killOne = false } = {}) {
  const store = await freshDatabase(`bench_${name}`);
  const pool = [];
  for (let w = 0; w < workers; w++) {
    const child = spawn(
      process.execPath,
      [
        '--import',
        hook,
        `${root}packages/cli/bin/gamut.js`,
        'worker',
        '--queue',
        redisUrl,
        '--store',
        store,
        '--concurrency',
        String(Math.ceil(CONCURRENCY / workers)),
        '--quiet',
      ],
      { env: env(`${name}-worker-${w}`), stdio: ['ignore', 'ignore', 'inherit'] },
    );
    pool.push(child);
  }
  await resetStats();
  const cpu0 = serverCpu();
  const t0 = performance.now();
  const judging = exec(
    process.execPath,
    [
      '--import',
      hook,
      ...gamutJudgeArgs({
        work,
        baseURL: `${base}/v1`,
        concurrency: CONCURRENCY,
        store,
        output: `${work}${name}.jsonl`,
        extra: ['--quiet', ...(workers ? ['--queue', redisUrl] : [])],
      }),
    ],
    { env: env(name) },
  );
  let killedAt = null;
  if (killOne) {
    while ((await stats()).requests < calls * 0.3) await new Promise((r) => setTimeout(r, 100));
    pool[0].kill('SIGKILL');
    killedAt = Math.round(performance.now() - t0);
  }
  const code = await judging;
  const wallMs = performance.now() - t0;
  if (code !== 0) throw new Error(`${name}: gamut judge exited ${code}`);
  const s = await stats();
  await Promise.all(
    pool.map(
      (p) =>
        new Promise((r) => {
          if (p.exitCode !== null || p.signalCode) return r();
          p.on('exit', r);
          p.kill('SIGTERM');
        }),
    ),
  );
  await new Promise((r) => setTimeout(r, 500));
  const cpu1 = serverCpu();
  let gamutCpuMs = cpuOf(`${work}${name}.rusage`);
  for (let w = 0; w < workers; w++) {
    const f = `${work}${name}-worker-${w}.rusage`;
    if (existsSync(f)) gamutCpuMs += cpuOf(f);
  }
  const rows = await verdictRows(store);
  return {
    wallMs: Math.round(wallMs),
    spanMs: s.spanMs ?? null,
    requests: s.requests,
    callsPerSecond: Math.round(calls / (wallMs / 1000)),
    gamutCpuMsPerCall: Math.round((gamutCpuMs / calls) * 1000) / 1000,
    coordinatorCpuMs: Math.round(cpuOf(`${work}${name}.rusage`)),
    redisCpuMs: cpu0.redis === null ? null : Math.round(cpu1.redis - cpu0.redis),
    pgCpuMs: cpu0.pg === null ? null : Math.round(cpu1.pg - cpu0.pg),
    verdictRows: rows,
    ...(killOne && { killedAtMs: killedAt }),
  };
}

say(`${calls} checks, concurrency ${CONCURRENCY}, ${LATENCY} ms mock latency`);
const single = await judgeRun('single');
say(`1 process: ${JSON.stringify(single)}`);
const queued = await judgeRun('queued', { workers: WORKERS });
say(`${WORKERS} workers: ${JSON.stringify(queued)}`);
const killed = await judgeRun('killed', { workers: WORKERS, killOne: true });
say(`${WORKERS} workers, one killed: ${JSON.stringify(killed)}`);

const want = verdictLines(`${work}single.jsonl`);
const compare = (name) => {
  const got = verdictLines(`${work}${name}.jsonl`);
  const have = new Set(got);
  return {
    identical: JSON.stringify(got) === JSON.stringify(want),
    lost: want.filter((v) => !have.has(v)).length,
    duplicated: got.length - have.size,
  };
};

const result = {
  bench: 'queue',
  checks: calls,
  concurrency: CONCURRENCY,
  workers: WORKERS,
  latencyMs: LATENCY,
  single,
  queued: { ...queued, ...compare('queued') },
  killed: { ...killed, ...compare('killed') },
};
mock.kill();
if (ownServers) {
  await script('pg-cluster.sh', 'stop', `${work}pg`);
  await script('redis-server.sh', 'stop', `${work}redis`);
}
rmSync(work, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify(result)}\n`);
