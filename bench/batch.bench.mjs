// A `gamut judge --batch` run of 10,000 checks through the batch server of packages/testkit, one
// per batch API (OpenAI Batch, Anthropic Message Batches, Gemini batch mode): the requests the
// run made of each kind (upload, create, poll, results), the batches and their sizes, wall time
// and the Gamut process's CPU, and the verdicts written. The server holds each batch running for
// `--polls` polls, so the wall is mostly the poll interval times that, plus Gamut's own work.
//   node bench/batch.bench.mjs                               # 10,000 checks, all three APIs
//   node bench/batch.bench.mjs --checks 2000 --api anthropic --poll 500 --polls 2
// Needs `npm run build`. Prints one JSON line per API.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startBatchServer } from '../packages/testkit/dist/index.js';
import { numberArg, stringArg } from './support/args.mjs';
import { writeJudgeInputs } from './support/processes.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = fileURLToPath(new URL(`./.work/batch-${process.pid}/`, import.meta.url));
const CHECKS = numberArg('checks', 10_000);
const K = numberArg('k', 12);
const POLL_MS = numberArg('poll', 1000);
const POLLS = numberArg('polls', 3);
const APIS = stringArg('api', 'all') === 'all' ? ['openai', 'anthropic', 'gemini'] : [stringArg('api', 'openai')];
const { sha256Hex } = await import(`${root}packages/core/dist/index.js`);
const hook = fileURLToPath(new URL('./rusage-hook.mjs', import.meta.url));

const JUDGES = {
  openai: { spec: 'openai:gpt-4.1-mini', env: (o) => ({ OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: `${o}/v1` }) },
  anthropic: {
    spec: 'anthropic:claude-haiku-4-5',
    env: (o) => ({ ANTHROPIC_API_KEY: 'sk-bench', ANTHROPIC_BASE_URL: `${o}/v1` }),
  },
  gemini: {
    spec: 'google:gemini-2.5-flash',
    env: (o) => ({ GEMINI_API_KEY: 'g-bench', GEMINI_BASE_URL: `${o}/v1beta` }),
  },
};

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
await writeJudgeInputs(Math.ceil(CHECKS / K), K, work, sha256Hex);
const say = (s) => process.stderr.write(`batch.bench: ${s}\n`);

/** `gamut judge --batch` to its end; resolves with its exit code and CPU (from the rusage hook). */
function judge(api, origin) {
  const rusage = `${work}${api}.rusage.json`;
  const args = [
    '--import',
    hook,
    `${root}packages/cli/bin/gamut.js`,
    'judge',
    '--rubrics',
    `${work}rubrics.jsonl`,
    '--answers',
    `${work}answers.jsonl`,
    '--judge',
    JUDGES[api].spec,
    '--batch',
    '--batch-poll',
    String(POLL_MS),
    '--store',
    `${work}store-${api}`,
    '-o',
    `${work}${api}.verdicts.jsonl`,
    '--quiet',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...JUDGES[api].env(origin), GAMUT_RUSAGE_FILE: rusage },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      let cpuMs = null;
      let rssMb = null;
      try {
        const r = JSON.parse(readFileSync(rusage, 'utf8'));
        cpuMs = Math.round((r.userUs + r.systemUs) / 1000);
        rssMb = Math.round(r.maxRssKb / 1024);
      } catch {
        // no rusage file: the process died before its exit hook
      }
      resolve({ code, cpuMs, rssMb });
    });
  });
}

for (const api of APIS) {
  const server = await startBatchServer({ pollsBeforeEnd: POLLS });
  const started = performance.now();
  const { code, cpuMs, rssMb } = await judge(api, server.origin);
  const wallS = (performance.now() - started) / 1000;
  const kinds = {};
  for (const r of server.requests) kinds[r.kind] = (kinds[r.kind] ?? 0) + 1;
  const sizes = [...server.batches.values()].map((b) => b.length);
  let verdicts = 0;
  try {
    verdicts = readFileSync(`${work}${api}.verdicts.jsonl`, 'utf8').split('\n').filter(Boolean).length;
  } catch {
    // no output: the exit code says why
  }
  await server.close();
  say(`${api}: exit ${code}, ${verdicts} verdicts in ${wallS.toFixed(1)} s`);
  console.log(
    JSON.stringify({
      bench: 'batch',
      api,
      checks: sizes.reduce((a, b) => a + b, 0),
      exit: code,
      requests: kinds,
      batches: sizes,
      pollMs: POLL_MS,
      pollsBeforeEnd: POLLS,
      wallS: Number(wallS.toFixed(2)),
      cpuMs,
      rssMb,
      verdicts,
    }),
  );
}
rmSync(work, { recursive: true, force: true });
