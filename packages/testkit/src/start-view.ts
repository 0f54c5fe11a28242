import { type ChildProcess, spawn } from 'node:child_process';
import { GAMUT_BIN } from './run-gamut.js';

export interface RunningView {
  url: string;
  process: ChildProcess;
  /** Everything the server wrote to stdout and stderr so far. */
  output: () => string;
  stop: () => void;
}

/** Starts `gamut view <args>` on a free port and resolves with the URL it prints. */
export function startView(
  args: readonly string[],
  o: { cwd?: string; urlPattern?: RegExp } = {},
): Promise<RunningView> {
  const urlPattern = o.urlPattern ?? /http:\/\/127\.0\.0\.1:\d+\//;
  const child = spawn(process.execPath, [GAMUT_BIN, 'view', ...args, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(o.cwd !== undefined && { cwd: o.cwd }),
  });
  let out = '';
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    out += d;
  });
  return new Promise<RunningView>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`gamut view printed no URL: ${out}`)), 30_000);
    child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = urlPattern.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[0], process: child, output: () => out, stop: () => child.kill('SIGTERM') });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`gamut view exited with ${code}: ${out}`));
    });
  });
}
