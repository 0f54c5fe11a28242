/**
 * Retries of one model call after a failure that asking again may fix (5xx,
 * timeouts, network errors, garbled bodies), the one default of `gamut judge
 * --retries`, a run config's `retries` and every judge the CLI builds.
 * Rate-limit replies are not counted: waiting them out is pacing, not a
 * failure (the middleware bounds that wait by time instead). Free of imports,
 * so the CLI can show it in `--help` without loading the rest of core.
 */
export const DEFAULT_RETRIES = 4;
