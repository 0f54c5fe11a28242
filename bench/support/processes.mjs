// What the judge benchmarks share: a free loopback port, child processes, and
// the shared mock LLM server (../shared/bench/mock-llm.mjs) started on that port.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const sharedBench = fileURLToPath(new URL('../../../shared/bench/', import.meta.url));

export function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

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
