import { type CallCounts, formatProgressLine, type ProgressSnapshot, ProgressTally, type RunEvent } from '@gamut/core';
import type { CallEvent } from '@gamut/providers';
import { SingleBar } from 'cli-progress';

/** `bar` on a terminal, `lines` (periodic plain lines) when stderr is not one, `json` lines for scripts, or nothing. */
export type ProgressMode = 'bar' | 'lines' | 'json' | 'quiet';

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

/** Shows a run's progress (core's `ProgressTally`) on stderr: a bar, a line every few seconds, JSON lines, or nothing. */
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
  const tally = new ProgressTally(options.counts, now());
  const snapshot = () => tally.snapshot(now());
  const emitLine = () => {
    const s = snapshot();
    write(options.mode === 'json' ? `${JSON.stringify({ type: 'progress', ...s })}\n` : `${formatProgressLine(s)}\n`);
  };
  const bar = options.mode === 'bar' ? progressBar(snapshot) : undefined;
  let timer: NodeJS.Timeout | undefined;
  if (options.mode === 'lines' || options.mode === 'json') {
    timer = setInterval(emitLine, options.intervalMs ?? 5000);
    timer.unref();
  }
  return {
    onEvent(e) {
      tally.onEvent(e, now());
      bar?.update();
    },
    onCallEvent(e) {
      if (e.type !== 'limited') return;
      tally.limited({ reason: e.reason, ratePerSecond: e.ratePerSecond }, now());
      bar?.update();
    },
    snapshot,
    stop() {
      if (timer) clearInterval(timer);
      if (bar) bar.stop();
      else if (options.mode !== 'quiet') emitLine();
    },
  };
}

/** A bar over the checks (the answers until checks are planned), with the progress line beside it. */
function progressBar(snapshot: () => ProgressSnapshot): { update(): void; stop(): void } {
  const bar = new SingleBar(
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
  let started = false;
  const update = () => {
    const s = snapshot();
    const total = Math.max(1, s.checks.total || s.answers.total);
    const value = s.checks.total ? s.checks.done + s.checks.failed : s.answers.done + s.answers.failed;
    if (!started) {
      bar.start(total, value, { line: formatProgressLine(s) });
      started = true;
    } else {
      bar.setTotal(total);
      bar.update(value, { line: formatProgressLine(s) });
    }
  };
  return {
    update,
    stop() {
      update();
      if (started) bar.stop();
    },
  };
}
