/** The host's timers, passed in so core keeps no clock of its own (`{ setTimeout, clearTimeout }` on Node and in browsers). */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Waits `ms`; rejects when `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * A wait over `timers` that an abort ends at once, rejecting with the signal's own reason
 * (not the `AbortError` node:timers/promises gives), so a caller can tell its abort from others.
 */
export function abortableSleep(timers: Timers): Sleep {
  return (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        timers.clearTimeout(handle);
        reject(signal?.reason);
      };
      const handle = timers.setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
}
