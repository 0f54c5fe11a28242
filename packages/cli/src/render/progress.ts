import type { CallCounts, RunEvent } from '@gamut/core';
import type { CallEvent } from '@gamut/providers';
import { SingleBar } from 'cli-progress';

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
  /** A rate limit holding calls back now (seen in the last few seconds), or null. */
  limit: LimitWait | null;
}

export interface LimitWait {
  /** `replies`: learned from the provider's 429s; `headers`: from its rate-limit headers; `rpm`: `--rpm`/`--tpm`. */
  reason: 'replies' | 'headers' | 'rpm';
  /** The pace calls are spaced to, in requests a second (null for `--rpm`/`--tpm`). */
  ratePerSecond: number | null;
}

/** A limit not heard from for this long no longer shows. */
const LIMIT_SHOWN_MS = 5000;

export interface Progress {
  onEvent(event: RunEvent): void;
  /** Model-call events from the middleware: the progress shows when a rate limit holds calls back. */
  onCallEvent(event: CallEvent): void;
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
  let limit: (LimitWait & { seenAt: number }) | null = null;

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
      limit:
        limit === null || t - limit.seenAt > LIMIT_SHOWN_MS
          ? null
          : { reason: limit.reason, ratePerSecond: limit.ratePerSecond },
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
    onCallEvent(e) {
      if (e.type !== 'limited') return;
      limit = { reason: e.reason, ratePerSecond: e.ratePerSecond, seenAt: now() };
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
  if (s.limit !== null) parts.push(limitText(s.limit));
  return parts.join('  ');
}

/** `waiting on rate limit: 429s, pacing at ~38 req/s`. */
export function limitText(l: LimitWait): string {
  if (l.reason === 'rpm') return 'waiting on --rpm/--tpm';
  const why = l.reason === 'replies' ? '429s' : "the provider's rate-limit headers";
  const pace = l.ratePerSecond === null ? '' : `, pacing at ~${paceText(l.ratePerSecond)}`;
  return `waiting on rate limit: ${why}${pace}`;
}

function paceText(perSecond: number): string {
  if (perSecond >= 10) return `${Math.round(perSecond)} req/s`;
  if (perSecond >= 1) return `${perSecond.toFixed(1)} req/s`;
  return `${Math.max(1, Math.round(perSecond * 60))} req/min`;
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
