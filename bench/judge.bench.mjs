// The whole `gamut judge` process against the shared mock LLM (200 ms latency), timed from
// outside, start-up included, with a fresh store, alternately with the bare client
// (../shared/bench/baseline-client.mjs: raw fetch, a fixed pool, no library), which is the floor
// this machine allows: 200 answers × 12 checks = 2,400 calls at concurrency 64, limit
// ⌈calls / 64⌉ × 0.2 s. Absolute times drift on a shared machine, so each gamut run is compared
// with the bare-client run next to it and the ratios are reported. Then a second gamut run on the
// same store (must send nothing) and prompt-size figures for the per-check and batched layouts.
//   node bench/judge.bench.mjs                   # 2,400 checks, 3 pairs
//   node bench/judge.bench.mjs --pairs 5
//   node bench/judge.bench.mjs --checks 100000 --latency 20 --pairs 1   # memory stays flat
// Needs `npm run build`. Prints one JSON line.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { numberArg } from './support/args.mjs';
import { exec, gamutJudgeArgs, sharedBench, startMockLlm, writeJudgeInputs } from './support/processes.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// One folder per process: `npm run bench` and a manual run may overlap.
const work = fileURLToPath(new URL(`./.work/judge-${process.pid}/`, import.meta.url));

const K = numberArg('k', 12);
const CHECKS = numberArg('checks', 2400);
const Q = Math.ceil(CHECKS / K);
const CONCURRENCY = numberArg('concurrency', 64);
const LATENCY = numberArg('latency', 200);
const PAIRS = numberArg('pairs', 3);

const { createJudgePromptBuilder, sha256Hex } = await import(`${root}packages/core/dist/index.js`);

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

// 1. Workload → compiled rubrics (with the question text) and answer lines.
const { rubrics, answers } = await writeJudgeInputs(Q, K, work, sha256Hex);
const calls = Q * K;
const limitMs = Math.ceil(calls / CONCURRENCY) * LATENCY;

// 2. The mock server.
const { process: mock, base } = await startMockLlm(LATENCY);
const stats = async () => (await fetch(`${base}/stats`)).json();
const reset = () => fetch(`${base}/stats/reset`, { method: 'POST' });

// 3. The two tools.
const bareArgs = [`${sharedBench}baseline-client.mjs`, `${work}workload.jsonl`, String(CONCURRENCY)];
const gamutArgs = (store, extra = []) =>
  gamutJudgeArgs({
    work,
    baseURL: `${base}/v1`,
    concurrency: CONCURRENCY,
    store,
    output: `${work}verdicts.jsonl`,
    extra: ['--quiet', ...(process.argv.includes('--batched') ? ['--batched'] : []), ...extra],
  });
const gamutFresh = () => {
  rmSync(`${work}store`, { recursive: true, force: true });
  return gamutArgs(`${work}store`);
};

try {
  const loadBefore = loadavg();
  const pairs = [];
  for (let i = 0; i < PAIRS; i++) {
    // Alternate which goes first, so a drift in the machine's load falls on both alike.
    const bareFirst = i % 2 === 0;
    const a = bareFirst ? await measured(bareArgs) : await measured(gamutFresh());
    const b = bareFirst ? await measured(gamutFresh()) : await measured(bareArgs);
    const [bare, gamut] = bareFirst ? [a, b] : [b, a];
    pairs.push({ bare, gamut });
  }
  const second = await measured(gamutArgs(`${work}store`));
  const verdictLines = readFileSync(`${work}verdicts.jsonl`, 'utf8').trim().split('\n').length;
  const loadAfter = loadavg();

  // 4. Prompt sizes: per-check (what the mock saw) and batched (built by the judge's own prompt builder).
  const builder = createJudgePromptBuilder();
  let batchedChars = 0;
  let batchedChecks = 0;
  for (let i = 0; i < Math.min(rubrics.length, 50); i++) {
    const r = JSON.parse(rubrics[i]);
    const a = JSON.parse(answers[i]);
    const call = builder.batchCall(
      { questionId: r.question_id, question: r.question, answer: a.response, language: 'en' },
      r.checks,
    );
    batchedChars += promptChars(call);
    batchedChecks += r.checks.length;
  }

  const ratio = (f) => median(pairs.map((p) => f(p.gamut) / f(p.bare)));
  const last = pairs[pairs.length - 1].gamut;
  const out = {
    bench: 'judge',
    checks: calls,
    concurrency: CONCURRENCY,
    latencyMs: LATENCY,
    limitMs,
    pairs: PAIRS,
    // Medians over the pairs; each ratio is gamut's run over the bare client's run next to it.
    ratios: {
      wall: round(
        ratio((r) => r.wallMs),
        3,
      ),
      cpuPerCall: round(
        ratio((r) => r.cpuMs),
        3,
      ),
      gamutSpanOverLimit: round(median(pairs.map((p) => p.gamut.spanMs / limitMs)), 3),
      bareSpanOverLimit: round(median(pairs.map((p) => p.bare.spanMs / limitMs)), 3),
    },
    targets: { wall: 1.03, cpuPerCall: 1.2, gamutSpanOverLimit: 1.06, peakRssMb: 160 },
    gamut: summary(pairs.map((p) => p.gamut)),
    bare: summary(pairs.map((p) => p.bare)),
    runs: pairs.map((p) => ({ bare: brief(p.bare), gamut: brief(p.gamut) })),
    exitCodes: [...new Set(pairs.flatMap((p) => [p.bare.code, p.gamut.code]))],
    verdictLines,
    requests: last.requests,
    maxInFlight: last.maxInFlight,
    promptCharsPerCheck: last.promptCharsPerCheck,
    sharedPrefixShare: last.sharedPrefixShare,
    batchedCharsPerCheck: Math.round(batchedChars / batchedChecks),
    secondRun: {
      exitCode: second.code,
      requests: second.requests,
      wallMs: Math.round(second.wallMs),
      peakRssMb: second.peakRssMb,
    },
    // Wall and span suffer when other work shares the cores; CPU and RSS less so.
    loadAvg: { before: loadBefore.map((x) => round(x, 2)), after: loadAfter.map((x) => round(x, 2)) },
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
} finally {
  mock.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}

/**
 * One process run from outside: wall time, its own CPU and peak RSS (written by
 * rusage-hook.mjs at exit), and from the mock's counters the span from its first
 * request to its last response, and the time before and after that span.
 */
async function measured(args) {
  await reset();
  const rusageFile = `${work}rusage-${Date.now()}.json`;
  const spawnedAt = Date.now();
  const started = performance.now();
  const code = await exec(process.execPath, ['--import', `${root}bench/rusage-hook.mjs`, ...args], {
    env: { ...process.env, GAMUT_RUSAGE_FILE: rusageFile, MOCK_BASE_URL: base },
  });
  const wallMs = performance.now() - started;
  const exitedAt = Date.now();
  const s = await stats();
  const r = JSON.parse(readFileSync(rusageFile, 'utf8'));
  return {
    code,
    wallMs,
    spanMs: s.spanMs,
    startToFirstRequestMs: s.firstRequestAt ? s.firstRequestAt - spawnedAt : null,
    lastResponseToExitMs: s.lastResponseAt ? exitedAt - s.lastResponseAt : null,
    cpuMs: (r.userUs + r.systemUs) / 1000,
    peakRssMb: round(r.maxRssKb / 1024, 1),
    requests: s.requests,
    maxInFlight: s.maxInFlight,
    promptCharsPerCheck: s.requests ? Math.round(s.promptChars / s.requests) : 0,
    sharedPrefixShare: s.promptChars ? round(s.prefixCacheableChars / s.promptChars, 3) : 0,
    mockCpuMs: s.mockCpuMs,
  };
}

function summary(runs) {
  const m = (f) => median(runs.map(f));
  return {
    wallMs: Math.round(m((r) => r.wallMs)),
    wallOverLimit: round(
      m((r) => r.wallMs / limitMs),
      3,
    ),
    spanMs: Math.round(m((r) => r.spanMs)),
    startToFirstRequestMs: Math.round(m((r) => r.startToFirstRequestMs)),
    lastResponseToExitMs: Math.round(m((r) => r.lastResponseToExitMs)),
    cpuMsPerCall: round(
      m((r) => r.cpuMs / calls),
      3,
    ),
    peakRssMb: Math.max(...runs.map((r) => r.peakRssMb)),
  };
}

function brief(r) {
  return {
    wallMs: Math.round(r.wallMs),
    spanMs: r.spanMs,
    startMs: r.startToFirstRequestMs,
    endMs: r.lastResponseToExitMs,
    cpuMs: Math.round(r.cpuMs),
    rssMb: r.peakRssMb,
  };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

function promptChars(call) {
  let n = call.system?.length ?? 0;
  for (const m of call.messages) for (const p of m.content) if (p.type === 'text') n += p.text.length;
  return n;
}

function round(x, digits) {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
