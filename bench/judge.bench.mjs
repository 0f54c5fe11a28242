// The whole `gamut judge` process against the shared mock LLM (200 ms latency), timed from
// outside, start-up included, with a fresh store: 200 answers × 12 checks = 2,400 calls at
// concurrency 64. Limit = ⌈calls / 64⌉ × 0.2 s. Then a second run on the same store (must send
// nothing) and prompt-size figures for the per-check and batched layouts.
//   node bench/judge.bench.mjs                   # 2,400 checks
//   node bench/judge.bench.mjs --checks 100000 --latency 20   # memory stays flat (also try 20000)
// Needs `npm run build`. Prints one JSON line.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { numberArg } from './support/args.mjs';
import { exec, startMockLlm, writeJudgeInputs } from './support/processes.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// One folder per process: `npm run bench` and a manual run may overlap.
const work = fileURLToPath(new URL(`./.work/judge-${process.pid}/`, import.meta.url));

const K = numberArg('k', 12);
const CHECKS = numberArg('checks', 2400);
const Q = Math.ceil(CHECKS / K);
const CONCURRENCY = numberArg('concurrency', 64);
const LATENCY = numberArg('latency', 200);

const { createJudgePromptBuilder, sha256Hex } = await import(`${root}packages/core/dist/index.js`);

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

// 1. Workload → compiled rubrics (with the question text) and answer lines.
const { rubrics, answers } = await writeJudgeInputs(Q, K, work, sha256Hex);
const calls = Q * K;

// 2. The mock server.
const { process: mock, base } = await startMockLlm(LATENCY);
const stats = async () => (await fetch(`${base}/stats`)).json();
const reset = () => fetch(`${base}/stats/reset`, { method: 'POST' });

// 3. The timed runs.
const judgeArgs = (store, extra = []) => [
  `${root}packages/cli/bin/gamut.js`,
  'judge',
  '--rubrics',
  `${work}rubrics.jsonl`,
  '--answers',
  `${work}answers.jsonl`,
  '--judge',
  `openai-compatible:mock@${base}/v1`,
  '--concurrency',
  String(CONCURRENCY),
  '--store',
  store,
  '-o',
  `${work}verdicts.jsonl`,
  '--quiet',
  ...extra,
];
try {
  const loadBefore = loadavg()[0];
  await reset();
  const first = await timed(judgeArgs(`${work}store`));
  const s1 = await stats();
  await reset();
  const second = await timed(judgeArgs(`${work}store`));
  const s2 = await stats();

  const limitMs = Math.ceil(calls / CONCURRENCY) * LATENCY;
  const verdictLines = readFileSync(`${work}verdicts.jsonl`, 'utf8').trim().split('\n').length;

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

  const cpuMs = (first.rusage.userUs + first.rusage.systemUs) / 1000;
  const out = {
    bench: 'judge',
    checks: calls,
    concurrency: CONCURRENCY,
    latencyMs: LATENCY,
    exitCode: first.code,
    verdictLines,
    wallMs: Math.round(first.wallMs),
    limitMs,
    wallOverLimit: round(first.wallMs / limitMs, 3),
    spanMs: s1.spanMs,
    spanOverLimit: round(s1.spanMs / limitMs, 3),
    requests: s1.requests,
    maxInFlight: s1.maxInFlight,
    cpuMsPerCall: round(cpuMs / calls, 3),
    cpuMsTotal: Math.round(cpuMs),
    peakRssMb: round(first.rusage.maxRssKb / 1024, 1),
    promptCharsPerCheck: Math.round(s1.promptChars / s1.requests),
    sharedPrefixShare: round(s1.prefixCacheableChars / s1.promptChars, 3),
    batchedCharsPerCheck: Math.round(batchedChars / batchedChecks),
    secondRun: {
      exitCode: second.code,
      requests: s2.requests,
      wallMs: Math.round(second.wallMs),
      peakRssMb: round(second.rusage.maxRssKb / 1024, 1),
    },
    mockCpuMs: s1.mockCpuMs,
    // Wall and span suffer when other work shares the cores; CPU and RSS do not.
    loadAvg1m: round(loadBefore, 2),
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
} finally {
  mock.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}

function promptChars(call) {
  let n = call.system?.length ?? 0;
  for (const m of call.messages) for (const p of m.content) if (p.type === 'text') n += p.text.length;
  return n;
}

async function timed(args) {
  const rusageFile = `${work}rusage-${Date.now()}.json`;
  const started = performance.now();
  const code = await exec(process.execPath, ['--import', `${root}bench/rusage-hook.mjs`, ...args], {
    env: { ...process.env, GAMUT_RUSAGE_FILE: rusageFile },
  });
  const wallMs = performance.now() - started;
  return { code, wallMs, rusage: JSON.parse(readFileSync(rusageFile, 'utf8')) };
}

function round(x, digits) {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
