import {
  type CallCache,
  type CallCounts,
  countingCache,
  emptyCallCounts,
  type RunEvent,
  type RunStore,
} from '@gamut/core';
import type { CallEvent } from '@gamut/providers';
import { interruptSignal } from '../process/interrupt.js';
import { createProgress, type Progress, pickProgressMode } from '../render/progress.js';

/**
 * What one command's model calls share at the edge: call counts (through the
 * store's cache), the progress line, and Ctrl-C. Progress and the Ctrl-C
 * handler start once the run is stored (`start`), so a wait for another
 * process's lease can still be left with Ctrl-C; `stop` ends both.
 */
export interface CallSession {
  counts: CallCounts;
  /** The store's call cache, counting what it answers and what fresh calls cost. */
  cache: CallCache;
  /** Aborted by Ctrl-C once the session has started. */
  signal: AbortSignal;
  onEvent(e: RunEvent): void;
  onCallEvent(e: CallEvent): void;
  start(): void;
  stop(): void;
}

export function callSession(o: { store: RunStore; quiet?: boolean; json?: boolean }): CallSession {
  const counts = emptyCallCounts();
  const controller = new AbortController();
  let progress: Progress | undefined;
  let interrupt: ReturnType<typeof interruptSignal> | undefined;
  return {
    counts,
    cache: countingCache(o.store, counts),
    signal: controller.signal,
    onEvent: (e: RunEvent) => progress?.onEvent(e),
    onCallEvent: (e: CallEvent) => progress?.onCallEvent(e),
    start(): void {
      progress = createProgress({
        mode: pickProgressMode({ quiet: o.quiet, json: o.json, isTTY: process.stderr.isTTY === true }),
        counts,
      });
      interrupt = interruptSignal(
        () => process.stderr.write('\ngamut: stopping: aborting calls in flight (Ctrl-C again to quit at once)\n'),
        controller,
      );
    },
    stop(): void {
      progress?.stop();
      interrupt?.dispose();
    },
  };
}
