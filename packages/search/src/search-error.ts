import { ProviderError } from '@gamut/core';

/**
 * What went wrong with a search or a fetch: a key refused (`auth`), too many requests
 * (`rate_limit`, with the provider's wait when it gave one), the service failing (`server`),
 * another HTTP refusal (`http`), a reply that is not the documented JSON (`malformed`), no
 * connection or no reply in time (`network`, `timeout`), a document Gamut cannot read
 * (`unsupported`), a file or URL that is not there (`not_found`), offline with nothing cached
 * (`not_cached`), or a spec or option that cannot work (`config`).
 */
export type SearchErrorKind =
  | 'auth'
  | 'rate_limit'
  | 'server'
  | 'http'
  | 'malformed'
  | 'network'
  | 'timeout'
  | 'unsupported'
  | 'not_found'
  | 'not_cached'
  | 'config';

export interface SearchErrorOptions {
  kind: SearchErrorKind;
  provider: string;
  status?: number;
  raw?: string;
  retryAfterMs?: number;
  url?: string;
  /** Values to blank out of the message and the raw body (the key). */
  secrets?: readonly (string | undefined)[];
  cause?: unknown;
}

const SEARCH_MARKER: unique symbol = Symbol.for('gamut.error.SearchError');

/** A `ProviderError` of a search backend. Messages and raw bodies never carry the key: callers pass it to be blanked. */
export class SearchError extends ProviderError {
  readonly [SEARCH_MARKER] = true;
  readonly kind: SearchErrorKind;
  /** The provider's wait before another try, in milliseconds (from `retry-after`), when it gave one. */
  readonly retryAfterMs: number | undefined;
  /** The URL that was missing from the cache, for `not_cached`. */
  readonly url: string | undefined;

  constructor(message: string, options: SearchErrorOptions) {
    const hide = (text: string | undefined) => redact(text, options.secrets ?? []);
    super(hide(message) as string, {
      provider: options.provider,
      status: options.status,
      retryable: RETRYABLE.has(options.kind),
      raw: hide(options.raw),
      ...(options.kind === 'auth' && { fatal: 'auth' as const }),
      ...(options.kind === 'timeout' && { timedOut: true }),
    });
    this.kind = options.kind;
    this.retryAfterMs = options.retryAfterMs;
    this.url = options.url;
    if (options.cause !== undefined) this.cause = options.cause;
  }

  static override isInstance(e: unknown): e is SearchError {
    return ProviderError.hasMarker(e, SEARCH_MARKER);
  }
}

const RETRYABLE: ReadonlySet<SearchErrorKind> = new Set(['rate_limit', 'server', 'network', 'timeout']);

function redact(text: string | undefined, secrets: readonly (string | undefined)[]): string | undefined {
  if (text === undefined) return undefined;
  let out = text;
  for (const s of secrets) if (s !== undefined && s.length >= 4) out = out.split(s).join('[REDACTED]');
  return out;
}
