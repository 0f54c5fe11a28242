// What the judge benchmarks share: child processes, the shared mock LLM server
// (../shared/bench/mock-llm.mjs, the one the shared bare client is timed against) on a free
// loopback port, and the shared workload as `gamut judge` inputs.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../packages/testkit/dist/index.js';

// GAMUT_SHARED_BENCH names it when the repository is not checked out beside ../shared (a worktree).
export const sharedBench =
  process.env.GAMUT_SHARED_BENCH ?? fileURLToPath(new URL('../../../shared/bench/', import.meta.url));

/** Runs a command to its end; resolves with its exit code. */
export function exec(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'], ...opts });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code));
  });
}

/** The shared mock LLM on a free port, once it listens; `process.kill()` stops it. */
export async function startMockLlm(latencyMs) {
  const port = await freePort();
  const child = spawn(process.execPath, [`${sharedBench}mock-llm.mjs`, String(port)], {
    env: { ...process.env, LATENCY_MS: String(latencyMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { process: child, base: `http://127.0.0.1:${port}` };
}

/** Runs the shared workload generator (`q` answers × `k` checks) into `file`; resolves with its JSONL lines. */
export async function makeWorkload(q, k, file) {
  const code = await exec(process.execPath, [
    `${sharedBench}make-workload.mjs`,
    '--q',
    String(q),
    '--k',
    String(k),
    '--out',
    file,
  ]);
  if (code !== 0) throw new Error(`make-workload.mjs exited with ${code}`);
  return readFileSync(file, 'utf8').split('\n').filter(Boolean);
}

const TIERS = ['answer_critical', 'valuable', 'context'];

const gamutBin = fileURLToPath(new URL('../../packages/cli/bin/gamut.js', import.meta.url));

/** Node arguments of one `gamut judge` over the inputs `writeJudgeInputs` wrote in `work`, against `baseURL`. */
export function gamutJudgeArgs({ work, baseURL, concurrency, store, output, extra = [] }) {
  return [
    gamutBin,
    'judge',
    '--rubrics',
    `${work}rubrics.jsonl`,
    '--answers',
    `${work}answers.jsonl`,
    '--judge',
    `openai-compatible:mock@${baseURL}`,
    '--concurrency',
    String(concurrency),
    '--store',
    store,
    '-o',
    output,
    ...extra,
  ];
}

/**
 * The shared workload as `gamut judge` inputs in `work`: compiled rubrics (with the question text)
 * in rubrics.jsonl and answer lines in answers.jsonl. Resolves with both sets of JSON lines.
 */
export async function writeJudgeInputs(q, k, work, sha256Hex) {
  const rubrics = [];
  const answers = [];
  for (const line of await makeWorkload(q, k, `${work}workload.jsonl`)) {
    const w = JSON.parse(line);
    const checks = w.checks.map((c, i) => ({
      id: `${c.id}.fact`,
      tier: TIERS[i % 3],
      kind: 'fact',
      text: c.criterion,
      item: c.id,
      secondary: false,
      snippets: [],
    }));
    rubrics.push(JSON.stringify({ question_id: w.id, rubric_hash: sha256Hex(line), question: w.question, checks }));
    answers.push(JSON.stringify({ question_id: w.id, model: 'bench-model', setting: 'text_only', response: w.answer }));
  }
  writeFileSync(`${work}rubrics.jsonl`, `${rubrics.join('\n')}\n`);
  writeFileSync(`${work}answers.jsonl`, `${answers.join('\n')}\n`);
  return { rubrics, answers };
}
