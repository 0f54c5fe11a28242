import { ProviderCallError } from '../provider-call-error.js';

/** One call as it goes into a batch: its custom id and the body the synchronous API would have been sent. */
export interface BatchRequest {
  customId: string;
  /** JSON text, spliced into the batch as it is: never parsed and written again. */
  body: string;
}

/** Where a batch goes: the synchronous endpoint its requests were written for, and the caller's headers (its key). */
export interface BatchEndpoint {
  /** e.g. `https://api.openai.com/v1/responses`, `…/v1beta/models/gemini-2.5-flash:generateContent`. */
  url: string;
  headers: Headers;
  fetch: typeof fetch;
}

/** A request's outcome: the body the synchronous API would have answered, or why there is none. */
export type BatchItemResult =
  | { ok: true; body: unknown }
  | { ok: false; reason: string; status?: number; raw?: string };

export type BatchPoll =
  | { state: 'running'; detail?: string }
  /** `missing`: why requests absent from `results` have none (the batch expired, failed or was cancelled). */
  | { state: 'ended'; results: Map<string, BatchItemResult>; missing: string };

/** The most a provider takes in one batch: requests, and bytes of the submitted requests. */
export interface BatchLimits {
  requests: number;
  bytes: number;
}

/** A submission recorded before it was sent: its key and when, so a rerun can find the batch it became. */
export interface Submission {
  /** From `submissionKeyOf`: sent with the batch where the API keeps such a thing. */
  key: string;
  /** Requests in it. */
  requests: number;
  /** When it was recorded, just before the batch was sent. */
  since: Date;
}

/** What a lookup of a submission found: the batch, or the batches it may be. */
export type FoundBatch = { id: string } | { candidates: string[] };

/** One provider's batch API. */
export interface BatchWire {
  readonly provider: 'openai' | 'anthropic' | 'google';
  readonly limits: BatchLimits;
  /** What a request adds to the batch's size as the provider counts it (a JSONL line, an array entry). */
  size(request: BatchRequest, endpoint: BatchEndpoint): number;
  /**
   * Submits the requests (uploading them first where the API wants a file) under the submission's
   * key (OpenAI's `metadata`, Gemini's display name); returns the batch id.
   */
  submit(endpoint: BatchEndpoint, requests: readonly BatchRequest[], key: string): Promise<string>;
  /**
   * The batch a submission became, when the provider accepted it: `id` where the API keeps the
   * submission's key; where it keeps none (Anthropic), the `candidates` it may be (oldest first),
   * told apart by the custom ids in their results; undefined when it never arrived.
   */
  find(endpoint: BatchEndpoint, submission: Submission): Promise<FoundBatch | undefined>;
  poll(endpoint: BatchEndpoint, batchId: string): Promise<BatchPoll>;
}

/** A batch API answered with an error status: `transient` ones (429, 5xx) are polled through. */
export class BatchHttpError extends ProviderCallError {
  readonly transient: boolean;
  constructor(what: string, status: number | undefined, body: string, provider: string) {
    const transient = status === undefined || status === 429 || status >= 500;
    const said = status === undefined ? body : `HTTP ${status}: ${errorMessage(body) ?? body.slice(0, 300)}`;
    super(`${provider} batch API: ${what}: ${said}`, {
      kind: status === undefined ? 'network' : 'http',
      provider,
      // A key or account the API refuses stops the run; otherwise the calls waiting on it become judge
      // failures (the middleware of a batch run does not retry), asked again next run.
      retryable: transient,
      ...(status !== undefined && { status }),
      raw: body,
    });
    this.transient = transient;
  }
}

/** The `error.message` (or `error` string) of a provider's JSON error body. */
export function errorMessage(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: the caller shows the text
  }
  return undefined;
}

/** One call to a batch API; an error status or a failed connection is a `BatchHttpError`. */
export async function wireCall(
  ep: BatchEndpoint,
  provider: string,
  what: string,
  url: string,
  init: { method: 'GET' | 'POST'; body?: string | Blob | FormData; json?: boolean },
): Promise<Response> {
  const headers = new Headers(ep.headers);
  if (init.json === true) headers.set('content-type', 'application/json');
  let res: Response;
  try {
    res = await ep.fetch(url, { method: init.method, headers, ...(init.body !== undefined && { body: init.body }) });
  } catch (e) {
    throw new BatchHttpError(what, undefined, e instanceof Error ? e.message : String(e), provider);
  }
  if (!res.ok) throw new BatchHttpError(what, res.status, await res.text(), provider);
  return res;
}

/** Non-empty lines of a JSONL text. */
export function jsonlLines(text: string): string[] {
  return text.split('\n').filter((l) => l.trim() !== '');
}

/** The URL with its last path segment (`/responses`, `/messages`) replaced. */
export function sibling(url: string, suffix: string, strip: RegExp): string {
  const u = new URL(url);
  u.pathname = u.pathname.replace(strip, '') + suffix;
  u.search = '';
  return u.toString();
}

/** Pages of recent batches a lookup reads at most, newest first: a submission is found among the latest. */
export const FIND_PAGES = 20;
/** How far before a submission was recorded its batch may say it was created (the two clocks differ). */
export const CLOCK_SKEW_MS = 10 * 60_000;

/**
 * `before[e1,e2,…]after` as a request body made of parts: a batch of many requests is sent without
 * first being joined into one more string as large as all of them.
 */
export function jsonArrayIn(before: string, entries: readonly string[], after: string): Blob {
  const parts: string[] = [before, '['];
  entries.forEach((e, i) => {
    if (i > 0) parts.push(',');
    parts.push(e);
  });
  parts.push(']', after);
  return new Blob(parts, { type: 'application/json' });
}
