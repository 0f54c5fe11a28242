import { type FatalReason, ProviderError } from '@gamut/core';
import { redactSecrets } from './redact.js';

export type ProviderErrorKind = 'http' | 'timeout' | 'network' | 'invalid-response' | 'config' | 'aborted';

/**
 * A failed model call, classified so the retry layer needs no knowledge of
 * any SDK: `retryable`, the HTTP status, the provider's own wait hint, and
 * the raw body (kept so a judge failure can show what came back). Keys are
 * redacted from the message and the body here, where every provider error
 * is made, so none reaches the store or the terminal.
 */
const CALL_MARKER: unique symbol = Symbol.for('gamut.error.ProviderCallError');

export class ProviderCallError extends ProviderError {
  readonly [CALL_MARKER] = true;
  readonly kind: ProviderErrorKind;
  /** Response headers of an HTTP error: the retry layer reads `retry-after(-ms)` from them with its own clock. */
  readonly responseHeaders: Record<string, string> | undefined;

  constructor(
    message: string,
    options: {
      kind: ProviderErrorKind;
      provider?: string;
      status?: number;
      retryable: boolean;
      raw?: string;
      responseHeaders?: Record<string, string>;
      /** Waiting cannot fix it: the run stops at once. */
      fatal?: FatalReason;
      cause?: unknown;
    },
  ) {
    super(redactSecrets(message), {
      provider: options.provider,
      status: options.status,
      retryable: options.fatal === undefined && options.retryable,
      raw: redactSecrets(options.raw),
      ...(options.fatal !== undefined && { fatal: options.fatal }),
      ...(options.kind === 'timeout' && { timedOut: true }),
    });
    this.kind = options.kind;
    this.responseHeaders = options.responseHeaders;
    if (options.cause !== undefined) this.cause = options.cause;
  }
  static override isInstance(e: unknown): e is ProviderCallError {
    return ProviderError.hasMarker(e, CALL_MARKER);
  }
}

/** 408, 409, 429 and 5xx are worth another try; other statuses are the request's own fault. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Milliseconds to wait from `retry-after-ms`, or `retry-after` as seconds or an HTTP date. */
export function parseRetryAfter(
  headers: Record<string, string | undefined> | undefined,
  nowMs: number,
): number | undefined {
  if (headers === undefined) return undefined;
  const get = (name: string) => headers[name] ?? headers[name.toLowerCase()];
  const ms = Number.parseFloat(get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = get('retry-after')?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number.parseFloat(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
