/**
 * Ctrl-C (or SIGTERM) aborts in-flight calls and lets the run record what it
 * has; a second Ctrl-C exits at once. `dispose` removes the handlers.
 */
import { setMaxListeners } from 'node:events';

export function interruptSignal(
  onFirst: () => void,
  controller = new AbortController(),
): { signal: AbortSignal; dispose: () => void } {
  // Every call in flight listens on this one signal: hundreds are expected, not a leak.
  setMaxListeners(0, controller.signal);
  const handler = () => {
    if (controller.signal.aborted) process.exit(130);
    onFirst();
    controller.abort(new Error('interrupted'));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
  };
}

/** `gamut judge … | head`: a reader that stops early is not an error of ours. */
export function exitQuietlyOnClosedStdout(): void {
  if (process.stdout.listeners('error').includes(stdoutClosed)) return;
  process.stdout.on('error', stdoutClosed);
}

function stdoutClosed(e: NodeJS.ErrnoException): void {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
}
