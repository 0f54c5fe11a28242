import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './repo-paths.js';

export const GAMUT_BIN = join(REPO_ROOT, 'packages', 'cli', 'bin', 'gamut.js');

export interface GamutResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunGamutOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  input?: string;
  timeoutMs?: number;
  /** A command the CLI runs under, e.g. `['unshare', '-rn']` for no network. */
  launcher?: readonly string[];
}

/**
 * Runs the built CLI as a user would (`npm test` builds first). Tests that
 * call this exercise argv parsing, exit codes and stdout/stderr for real.
 */
export function runGamut(args: readonly string[], opts: RunGamutOptions = {}): Promise<GamutResult> {
  const [cmd, ...argv] = [...(opts.launcher ?? []), process.execPath, GAMUT_BIN, ...args] as [string, ...string[]];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, {
      cwd: opts.cwd ?? REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1', ...opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
    child.stdin.end(opts.input ?? '');
  });
}
