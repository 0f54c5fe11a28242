// The judge request path in-process: LLM check judge → middleware (cache, concurrency 64)
// → openai-compatible adapter (the AI SDK model's own doGenerate) → the shared mock LLM
// server with 200 ms latency. No store and no CLI start-up: this isolates what
// packages/providers and core/judge cost per call (bench/judge.bench.mjs times the whole CLI).
//   node bench/providers.bench.mjs                     # 200 answers × 12 checks
//   node bench/providers.bench.mjs --q 2000 --k 12     # bigger
// Needs `npm run build`. Prints one JSON line.
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { numberArg } from './support/args.mjs';
import { makeWorkload, startMockLlm } from './support/processes.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = fileURLToPath(new URL('./.work/', import.meta.url));

const Q = numberArg('q', 200);
const K = numberArg('k', 12);
const CONCURRENCY = numberArg('concurrency', 64);
const LATENCY = numberArg('latency', 200);

const { createJudgePromptBuilder, createLlmCheckJudge } = await import(`${root}packages/core/dist/index.js`);
const { closeJudgeConnections, createJudgeModel, warmUpJudgeModel, withMiddleware } = await import(
  `${root}packages/providers/dist/index.js`
);

mkdirSync(work, { recursive: true });
const questions = (await makeWorkload(Q, K, `${work}providers-workload-${Q}x${K}.jsonl`)).map((l) => JSON.parse(l));

const { process: mock, base } = await startMockLlm(LATENCY);

class MemoryCache {
  map = new Map();
  async get(k) {
    return this.map.get(k);
  }
  async put(k, v) {
    this.map.set(k, v);
  }
}

const inputs = questions.map((q) => ({
  questionId: q.id,
  question: q.question,
  answer: q.answer,
  language: 'en',
  checks: q.checks.map((c) => ({
    id: c.id,
    tier: 'answer_critical',
    kind: 'fact',
    text: c.criterion,
    item: c.id,
    secondary: false,
    snippets: [],
  })),
}));

async function pass({ batched, cache }) {
  await fetch(`${base}/stats/reset`, { method: 'POST' });
  const spec = `openai-compatible:mock@${base}/v1`;
  // As the CLI does while it reads its inputs: the SDK module and HTTP client load before the clock starts.
  await warmUpJudgeModel(spec);
  const inner = await createJudgeModel(spec);
  const model = withMiddleware(inner, { cache, concurrency: CONCURRENCY, timeoutMs: 30_000 });
  const judge = createLlmCheckJudge({ model, batched });
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const outcomes = (await Promise.all(inputs.map((i) => judge.judgeAnswer(i)))).flat();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  const stats = await (await fetch(`${base}/stats`)).json();
  const failed = outcomes.filter((o) => o.status !== 'ok').length;
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000, stats, peakRss, failed, checks: outcomes.length };
}

try {
  const cache = new MemoryCache();
  const first = await pass({ batched: false, cache });
  const second = await pass({ batched: false, cache });
  // The shared mock fills a JSON-schema array with one element, so a batched reply there
  // always lacks 11 of 12 ids (which the judge then grades one by one): batched prompt
  // size is measured on the calls the builder makes instead.
  const builder = createJudgePromptBuilder();
  const chars = (call) =>
    (call.system?.length ?? 0) +
    call.messages.reduce(
      (n, m) => n + m.content.reduce((k, p) => k + (p.type === 'text' ? p.text.length + 1 : 0), 0),
      0,
    );
  const batchedChars = inputs.reduce((n, i) => n + chars(builder.batchCall(i, i.checks)), 0);
  const calls = Q * K;
  const limitMs = Math.ceil(calls / CONCURRENCY) * LATENCY;
  const r = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
  console.log(
    JSON.stringify({
      bench: 'providers',
      calls,
      concurrency: CONCURRENCY,
      latencyMs: LATENCY,
      limitMs,
      wallMs: Math.round(first.wallMs),
      wallOverLimit: r(first.wallMs / limitMs, 3),
      spanOverLimit: r(first.stats.spanMs / limitMs, 3),
      cpuMsPerCall: r(first.cpuMs / calls, 3),
      peakRssMB: Math.round(first.peakRss / 2 ** 20),
      requests: first.stats.requests,
      maxInFlight: first.stats.maxInFlight,
      failed: first.failed,
      promptCharsPerCheck: Math.round(first.stats.promptChars / first.stats.requests),
      sharedPrefixShare: r(first.stats.prefixCacheableChars / first.stats.promptChars, 3),
      secondRunRequests: second.stats.requests,
      secondRunCpuMsPerCall: r(second.cpuMs / calls, 3),
      batchedRequests: Q,
      batchedPromptCharsPerCheck: Math.round(batchedChars / calls),
      mockCpuMs: first.stats.mockCpuMs,
      cpuMsTotal: Math.round(first.cpuMs),
      loadAvg1m: r(loadavg()[0]),
    }),
  );
} finally {
  await closeJudgeConnections();
  mock.kill();
}
