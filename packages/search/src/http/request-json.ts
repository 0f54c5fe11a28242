import type { z } from 'zod';
import { SearchError, type SearchErrorOptions } from '../search-error.js';
import { retryAfterMs } from './retry-after.js';

export interface JsonRequest<T> {
  /** Names the backend in every error: `tavily`, `exa`, `brave`, `searxng`. */
  provider: string;
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  /** The documented reply shape; a reply that does not fit is `malformed`. */
  schema: z.ZodType<T>;
  /** Blanked out of every message and body kept in an error. */
  key?: string;
  /** What to tell a user whose key was refused, e.g. "check TAVILY_API_KEY". */
  keyHint?: string;
  signal?: AbortSignal;
  /** Default 30 s. */
  timeoutMs?: number;
  /** What a status means for this service, said after the status (SearXNG's 403: JSON not enabled). */
  statusHints?: Readonly<Record<number, string>>;
}

type Fail = (message: string, extra: Omit<SearchErrorOptions, 'provider'>) => SearchError;

/** Sends one request and parses its JSON reply, turning every failure into a `SearchError`. */
export async function requestJson<T>(req: JsonRequest<T>): Promise<T> {
  const fail: Fail = (message, extra) =>
    new SearchError(`${req.provider} (${endpointOf(req.url)}): ${message}`, {
      provider: req.provider,
      secrets: [req.key],
      ...extra,
    });
  const timeoutMs = req.timeoutMs ?? 30_000;
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(req.url, {
      method: req.method,
      headers: {
        accept: 'application/json',
        ...(req.body !== undefined && { 'content-type': 'application/json' }),
        ...req.headers,
      },
      ...(req.body !== undefined && { body: JSON.stringify(req.body) }),
      signal: req.signal ? AbortSignal.any([req.signal, timeout]) : timeout,
    });
  } catch (e) {
    if (req.signal?.aborted) throw req.signal.reason;
    if (timeout.aborted) throw fail(`no reply within ${timeoutMs / 1000} s`, { kind: 'timeout', cause: e });
    throw fail(`cannot connect: ${causeText(e)}`, { kind: 'network', cause: e });
  }
  const text = await response.text();
  if (!response.ok) throw statusError(response, text, req, fail);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw fail(`the reply is not JSON (it starts "${text.slice(0, 40)}")`, {
      kind: 'malformed',
      status: response.status,
      raw: text.slice(0, 2000),
    });
  }
  const parsed = req.schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw fail(`the reply is not in the documented format: ${issue?.path.join('.') || '(top)'}: ${issue?.message}`, {
    kind: 'malformed',
    status: response.status,
    raw: text.slice(0, 2000),
  });
}

function statusError<T>(response: Response, text: string, req: JsonRequest<T>, fail: Fail): SearchError {
  const status = response.status;
  const raw = text.slice(0, 2000);
  const said = errorDetail(text);
  const hint = req.statusHints?.[status];
  const detail = `${said ? ` (${said})` : ''}${hint ? `; ${hint}` : ''}`;
  if ((status === 401 || status === 403) && req.key !== undefined) {
    return fail(`HTTP ${status}: the key was refused${detail}${req.keyHint ? `; ${req.keyHint}` : ''}`, {
      kind: 'auth',
      status,
      raw,
    });
  }
  if (status === 429) {
    const wait = retryAfterMs(response.headers);
    const after = wait === undefined ? '' : `; retry after ${Math.ceil(wait / 1000)} s`;
    return fail(`HTTP 429: too many requests${detail}${after}`, {
      kind: 'rate_limit',
      status,
      raw,
      ...(wait !== undefined && { retryAfterMs: wait }),
    });
  }
  if (status >= 500)
    return fail(`HTTP ${status}: the service failed${detail}; try again later`, { kind: 'server', status, raw });
  return fail(`HTTP ${status}${detail}`, { kind: 'http', status, raw });
}

type Rec = Record<string, unknown>;
const DETAIL_PATHS: ((b: Rec) => unknown)[] = [
  (b) => b.error,
  (b) => (b.error as Rec | undefined)?.detail,
  (b) => (b.error as Rec | undefined)?.message,
  (b) => b.detail,
  (b) => (b.detail as Rec | undefined)?.error,
  (b) => b.message,
];

/** The message an error body carries, in the shapes these APIs use: `{error}`, `{error: {detail}}`, `{detail: {error}}`, `{message}`. */
function errorDetail(text: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const plain = text.trim();
    return plain && !plain.startsWith('<') ? plain.slice(0, 200) : undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  for (const pick of DETAIL_PATHS) {
    const v = pick(body as Rec);
    if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 200);
  }
  return undefined;
}

/** Scheme, host and path: never the query, which may carry a key. */
export function endpointOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return url;
  }
}

function causeText(e: unknown): string {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (e instanceof Error ? e.message : String(e));
}
