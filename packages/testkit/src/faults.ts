import type { IncomingHttpHeaders } from 'node:http';

/** What the fake provider does to one request instead of (or to) its scripted reply. */
export type Fault =
  | {
      kind: 'status';
      status: number;
      headers?: Record<string, string>;
      /** Default: the recorded error reply of the request's wire format for this status. */
      body?: string;
      /** Answered at once, before the server's latency: a rate limiter turns a request away without working on it. */
      immediate?: boolean;
      name?: string;
    }
  /** Never answers; the client's timeout must end it. */
  | { kind: 'hang'; name?: string }
  /** A 200 whose body is not JSON. */
  | { kind: 'invalid-json'; name?: string }
  /** Announces the full length, sends half, closes the socket. */
  | { kind: 'truncated'; name?: string }
  /** A 200 with this text, or the scripted text changed by `text`, as the reply. */
  | { kind: 'reply'; text: string | ((scripted: string) => string); name?: string }
  /** Answers `status` quoting the request's key headers back, as a careless error page or a leaky proxy does. */
  | { kind: 'echo-key'; status: number; name?: string };

/** The name a fault is logged under: its own, else its kind (a status fault: its status). */
export function faultName(fault: Fault): string {
  if (fault.name !== undefined) return fault.name;
  return fault.kind === 'status' ? String(fault.status) : fault.kind;
}

/** The API keys a request carried, in the headers each provider uses for them. */
export function quotedKeys(headers: IncomingHttpHeaders): string {
  return [headers.authorization, headers['x-api-key'], headers['x-goog-api-key']]
    .filter((v) => v !== undefined)
    .join(' ');
}

/** A body that starts as a chat completion and breaks off into an HTML error page. */
export const INVALID_JSON_BODY =
  '{"id": "chatcmpl-broken", "choices": [{"index": 0, "message": <html>Bad gateway</html>';
