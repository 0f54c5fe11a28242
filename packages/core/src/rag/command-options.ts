import { counted } from '../issues/counted.js';
import { InputError } from '../issues/errors.js';
import type { Issue } from '../issues/issue.js';

const optionError = (message: string) => new InputError({ rule: 'option', message });

function atLeast(name: string, v: string, min: number): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n < min) throw optionError(`--${name} must be a number ≥ ${min}, got ${v}`);
  return n;
}

function positiveInteger(name: string, v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw optionError(`--${name} must be a positive integer, got ${v}`);
  return n;
}

/** What `gamut rag collect` was given, as typed on the command line. */
export interface CollectOptionText {
  url?: string | undefined;
  cmd?: string | undefined;
  agent?: string | undefined;
  concurrency: string;
  timeout: string;
  retries: string;
}

/** `gamut rag collect`'s options checked: one of --url and --cmd, numbers in range, the agent's name. */
export function collectSettings(o: CollectOptionText): {
  concurrency: number;
  timeoutMs: number;
  retries: number;
  agent: string;
} {
  if (!o.url === !o.cmd) throw optionError('give exactly one of --url and --cmd');
  if (o.url && !URL.canParse(o.url))
    throw optionError(`--url must be an absolute URL such as http://localhost:8080/ask, got ${o.url}`);
  const concurrency = atLeast('concurrency', o.concurrency, 1);
  const timeoutMs = atLeast('timeout', o.timeout, 0.001) * 1000;
  const retries = atLeast('retries', o.retries, 0);
  // Named for the host it asks or the program it runs, unless --agent says otherwise.
  const agent = o.agent ?? (o.url ? new URL(o.url).host : ((o.cmd ?? '').trim().split(/\s+/)[0] ?? 'agent'));
  return { concurrency, timeoutMs, retries, agent };
}

/** What a collection did, for `--json` and the one-line text. */
export interface CollectCounts {
  out: string;
  agent: string;
  written: number;
  resumed: number;
  failures: readonly Issue[];
}

/** The `--json` summary: the counts, then each failed question. */
export function collectSummary(c: CollectCounts) {
  const { out, agent, written, resumed, failures } = c;
  return { out, agent, written, resumed, failed: failures.length, failures };
}

export function collectText(c: CollectCounts): string {
  return `${c.agent}: ${c.written} written, ${c.resumed} already there, ${c.failures.length} failed\nwrote ${c.out}\n`;
}

/** The error a collection with failed questions ends in; what finished stays in `out`. */
export function collectFailure(c: CollectCounts): InputError {
  return new InputError(
    c.failures,
    `${counted(c.failures.length, 'question')} failed; finished lines are kept in ${c.out}, rerun to retry the rest`,
  );
}

/** `gamut rag agent`'s numbers checked: --k and --concurrency positive integers, --threshold in [0, 1]. */
export function baselineAgentSettings(o: { k: string; threshold: string; concurrency: string }): {
  k: number;
  threshold: number;
  concurrency: number;
} {
  const k = Number(o.k);
  const threshold = Number(o.threshold);
  if (!Number.isInteger(k) || k < 1) throw optionError(`--k must be a positive integer, got ${o.k}`);
  if (!(threshold >= 0 && threshold <= 1)) throw optionError(`--threshold must be in [0, 1], got ${o.threshold}`);
  return { k, threshold, concurrency: positiveInteger('concurrency', o.concurrency) };
}
