import type { RunEvent } from '@gamut/core';
import { SingleBar } from 'cli-progress';
import type { CallCounts } from '../judges/call-counter.js';

/** `bar` on a terminal, `lines` (periodic plain lines) when stderr is not one, `json` lines for scripts, or nothing. */
export type ProgressMode = 'bar' | 'lines' | 'json' | 'quiet';

export interface ProgressSnapshot {
  answers: { done: number; total: number; failed: number };
  checks: { done: number; total: number; failed: number };
  /** Checks finished per second in this process (cached ones included); null before any. */
  rate: number | null;
  etaSeconds: number | null;
  elapsedSeconds: number;
  calls: number;
  cacheHits: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  costIncomplete: boolean;
}

export interface Progress {
  onEvent(event: RunEvent): void;
  snapshot(): ProgressSnapshot;
  /** Prints the final state (except in quiet mode) and stops timers. */
  stop(): void;
}

export function pickProgressMode(options: { quiet?: boolean; json?: boolean; isTTY: boolean }): ProgressMode {
  if (options.quiet) return 'quiet';
  if (options.json) return 'json';
  return options.isTTY ? 'bar' : 'lines';
}

export function createProgress(options: {
  mode: ProgressMode;
  counts: CallCounts;
  write?: (s: string) => void;
  /** Between plain or JSON lines (default 5 s). */
  intervalMs?: number;
  now?: () => number;
}): Progress {
  const now = options.now ?? (() => performance.now());
  const write = options.write ?? ((s: string) => process.stderr.write(s));
  const started = now();
  const answers = { done: 0, total: 0, failed: 0 };
  const checks = { done: 0, total: 0, failed: 0 };
  let checksAtPlan = 0;
  let plannedAt: number | null = null;

  const snapshot = (): ProgressSnapshot => {
    const c = options.counts;
    const t = now();
    const fresh = checks.done + checks.failed - checksAtPlan;
    const seconds = plannedAt === null ? 0 : (t - plannedAt) / 1000;
    const rate = fresh > 0 && seconds > 0 ? fresh / seconds : null;
    const left = checks.total - checks.done - checks.failed;
    return {
      answers: { ...answers },
      checks: { ...checks },
      rate,
      etaSeconds: rate === null ? null : Math.max(0, left / rate),
      elapsedSeconds: (t - started) / 1000,
      calls: c.calls,
      cacheHits: c.cacheHits,
      inputTokens: c.inputTokens,
      outputTokens: c.outputTokens,
      costUsd: c.costUsd,
      costIncomplete: c.costIncomplete,
    };
  };

  let bar: SingleBar | undefined;
  let timer: NodeJS.Timeout | undefined;
  if (options.mode === 'bar') {
    bar = new SingleBar(
      {
        format: '{bar} {percentage}% | {line}',
        barsize: 24,
        hideCursor: true,
        clearOnComplete: false,
        fps: 5,
        stream: process.stderr,
      },
      undefined,
    );
  } else if (options.mode === 'lines' || options.mode === 'json') {
    timer = setInterval(() => emitLine(), options.intervalMs ?? 5000);
    timer.unref();
  }

  function emitLine(): void {
    const s = snapshot();
    if (options.mode === 'json') write(`${JSON.stringify({ type: 'progress', ...s })}\n`);
    else write(`${formatProgressLine(s)}\n`);
  }

  let barStarted = false;
  function updateBar(): void {
    if (!bar) return;
    const s = snapshot();
    const total = Math.max(1, s.checks.total || s.answers.total);
    const value = s.checks.total ? s.checks.done + s.checks.failed : s.answers.done + s.answers.failed;
    if (!barStarted) {
      bar.start(total, value, { line: formatProgressLine(s) });
      barStarted = true;
    } else {
      bar.setTotal(total);
      bar.update(value, { line: formatProgressLine(s) });
    }
  }

  return {
    onEvent(e) {
      switch (e.type) {
        case 'answers-planned':
          answers.total = e.total;
          answers.done = e.done;
          break;
        case 'answer-done':
          answers.done++;
          break;
        case 'answer-failed':
          answers.failed++;
          break;
        case 'checks-planned':
          checks.total += e.total;
          checks.done += e.done;
          checksAtPlan = checks.done + checks.failed;
          plannedAt ??= now();
          break;
        case 'check-done':
          checks.done++;
          break;
        case 'check-failed':
          checks.failed++;
          break;
      }
      updateBar();
    },
    snapshot,
    stop() {
      if (timer) clearInterval(timer);
      if (bar) {
        updateBar();
        if (barStarted) bar.stop();
      } else if (options.mode !== 'quiet') emitLine();
    },
  };
}

const int = new Intl.NumberFormat('en-US');

/** `checks 1,200/2,400 (50.0%)  answers 3/3  120.5/s  ETA 10s  cache 0  tokens 1.2M→30.0k  $0.0123  failures 2`. */
export function formatProgressLine(s: ProgressSnapshot): string {
  const parts: string[] = [];
  if (s.answers.total > 0) {
    parts.push(
      `answers ${int.format(s.answers.done)}/${int.format(s.answers.total)}${s.answers.failed ? ` (${s.answers.failed} failed)` : ''}`,
    );
  }
  const finished = s.checks.done + s.checks.failed;
  const pct = s.checks.total ? ` (${((finished / s.checks.total) * 100).toFixed(1)}%)` : '';
  parts.push(`checks ${int.format(finished)}/${int.format(s.checks.total)}${pct}`);
  if (s.rate !== null) parts.push(`${s.rate.toFixed(1)}/s`);
  if (s.etaSeconds !== null) parts.push(`ETA ${duration(s.etaSeconds)}`);
  parts.push(`cache ${int.format(s.cacheHits)}`);
  parts.push(`tokens ${compact(s.inputTokens)}→${compact(s.outputTokens)}`);
  parts.push(`$${s.costUsd.toFixed(4)}${s.costIncomplete ? '+' : ''}`);
  parts.push(`failures ${int.format(s.checks.failed + s.answers.failed)}`);
  return parts.join('  ');
}

export function duration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

function compact(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(1)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}
