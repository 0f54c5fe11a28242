import { spawn } from 'node:child_process';
import { GamutError } from '@gamut/core';
import { MalformedReply } from '@gamut/wiki';

/** Asks the user's agent one question; resolves with its raw JSON reply. */
export type AgentCaller = (q: { question_id: string; question: string }, signal: AbortSignal) => Promise<unknown>;

const TRANSIENT_MARKER: unique symbol = Symbol.for('gamut.error.TransientAgentError');

/** A failure worth trying again (network, timeout, 429/5xx, a crashed command). */
export class TransientAgentError extends GamutError {
  override readonly name = 'TransientAgentError';
  readonly [TRANSIENT_MARKER] = true;
  static override isInstance(e: unknown): e is TransientAgentError {
    return GamutError.hasMarker(e, TRANSIENT_MARKER);
  }
}

/** POSTs `{ question, question_id }` as JSON to `url`; the reply must be JSON. */
export function httpAgent(url: string, opts: { headers?: Record<string, string> } = {}): AgentCaller {
  return async (q, signal) => {
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...opts.headers },
        body: JSON.stringify({ question: q.question, question_id: q.question_id }),
        signal,
      });
    } catch (e) {
      if (signal.aborted) throw new TransientAgentError('timed out');
      throw new TransientAgentError(`request failed: ${(e as Error).cause ?? (e as Error).message}`);
    }
    const text = await res.text().catch(() => '');
    if (res.status === 429 || res.status >= 500)
      throw new TransientAgentError(`HTTP ${res.status}: ${text.slice(0, 200)}`);
    if (!res.ok) throw new MalformedReply(`HTTP ${res.status}: ${text.slice(0, 200)}`);
    return parseJsonReply(text);
  };
}

/**
 * Runs `command` through the shell once per question, writing the question JSON
 * on stdin and reading the reply JSON from stdout (the last JSON line, if the
 * command prints logs before it).
 */
export function commandAgent(command: string, opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): AgentCaller {
  return (q, signal) =>
    new Promise((resolve, reject) => {
      // Its own process group, so a timeout ends the shell and whatever it started.
      const child = spawn(command, {
        shell: true,
        detached: true,
        cwd: opts.cwd,
        // Without `env`, the command gets this process's environment (spawn's default).
        ...(opts.env && { env: opts.env }),
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      const onAbort = () => {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      };
      signal.addEventListener('abort', onAbort, { once: true });
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        out += d;
      });
      child.stderr.setEncoding('utf8').on('data', (d: string) => {
        err += d;
      });
      child.on('error', (e) => reject(new TransientAgentError(`cannot run command: ${e.message}`)));
      child.stdin.on('error', () => {});
      child.on('close', (code) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) return reject(new TransientAgentError('timed out'));
        if (code !== 0) return reject(new TransientAgentError(`command exited ${code}: ${err.trim().slice(-300)}`));
        try {
          resolve(parseJsonReply(out));
        } catch (e) {
          reject(e);
        }
      });
      child.stdin.end(`${JSON.stringify({ question: q.question, question_id: q.question_id })}\n`);
    });
}

function parseJsonReply(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed) throw new MalformedReply('empty reply');
  try {
    return JSON.parse(trimmed);
  } catch {
    const last =
      trimmed
        .split('\n')
        .filter((l) => l.trim())
        .at(-1) ?? '';
    try {
      return JSON.parse(last);
    } catch {
      throw new MalformedReply(`reply is not JSON: ${trimmed.slice(0, 120)}`);
    }
  }
}
