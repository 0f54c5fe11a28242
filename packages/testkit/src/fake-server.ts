import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { type Fault, faultName, INVALID_JSON_BODY, quotedKeys } from './faults.js';
import { listenLocal, readBody } from './local-server.js';
import { errorBody, formatOf, type ScriptedReply, successBody, type WireFormat } from './wire-formats.js';

/** One request as the fake provider saw it, and what it did with it. */
export interface RecordedRequest {
  /** Its place in arrival order, from 0. */
  n: number;
  format: WireFormat;
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  body: Record<string, unknown>;
  /** The same call asked again (a retry) has the same key: a hash of its model, messages and response format. */
  key: string;
  receivedAt: number;
  /** When the whole answer was written; undefined while in flight, or if it never was. */
  completedAt?: number;
  /** The fault served (see `faultName`), or `ok`. */
  fault: string;
  /** The status answered; undefined while in flight or for a hang. */
  status?: number;
}

/** Decides the fault, if any, for one request; called once per request that the queue does not cover. */
export type FaultPolicy = (request: RecordedRequest) => Fault | undefined;

export type ReplyScript = (request: RecordedRequest) => string | ScriptedReply;

export interface FakeServerOptions {
  /** The reply text of a request served normally; default: a `meets` verdict. */
  reply?: ReplyScript;
  faults?: FaultPolicy;
  /** Delay before every answer (faults included, except `immediate` ones), so that calls overlap. */
  latencyMs?: number;
}

/**
 * A fake model provider: a real HTTP server on 127.0.0.1 speaking the OpenAI chat-completions and
 * Responses, Anthropic messages and Gemini generateContent formats, each reply the recorded one in
 * fixtures/providers with the scripted text put in; faults from a queue or a policy; every request logged.
 */
export interface FakeServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `<origin>/v1`: the base URL of an OpenAI-compatible provider. */
  url: string;
  requests: RecordedRequest[];
  /** Most requests ever open at once. */
  readonly maxInFlight: number;
  /** Faults served in order, one per request, before the policy and normal replies resume. */
  enqueue(...faults: Fault[]): void;
  setLatency(ms: number): void;
  setReply(reply: ReplyScript): void;
  setFaults(policy: FaultPolicy | undefined): void;
  close(): Promise<void>;
}

const DEFAULT_REPLY = JSON.stringify({ rationale: 'The answer states it.', quote: null, verdict: 'meets' });
const JSON_TYPE = { 'content-type': 'application/json' };

export function requestKey(body: Record<string, unknown>): string {
  return createHash('sha256')
    .update(JSON.stringify([body.model, body.messages, body.response_format]))
    .digest('hex');
}

export async function startFakeServer(options: FakeServerOptions = {}): Promise<FakeServer> {
  const queue: Fault[] = [];
  let reply: ReplyScript = options.reply ?? (() => DEFAULT_REPLY);
  let policy = options.faults;
  let latencyMs = options.latencyMs ?? 0;
  const requests: RecordedRequest[] = [];

  const scripted = (r: RecordedRequest): ScriptedReply => {
    const out = reply(r);
    return typeof out === 'string' ? { text: out } : out;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const path = (req.url ?? '/').split('?')[0] as string;
    const format = formatOf(path);
    if (req.method !== 'POST' || format === undefined) {
      res.writeHead(404, JSON_TYPE).end('{"error":{"message":"not found"}}');
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      res.writeHead(400, JSON_TYPE).end('{"error":{"message":"invalid JSON"}}');
      return;
    }
    const recorded: RecordedRequest = {
      n: requests.length,
      format,
      path,
      headers: req.headers,
      raw,
      body,
      key: requestKey(body),
      receivedAt: Date.now(),
      fault: 'ok',
    };
    requests.push(recorded);
    res.on('finish', () => {
      recorded.completedAt = Date.now();
    });
    const fault = queue.shift() ?? policy?.(recorded);
    if (fault !== undefined) recorded.fault = faultName(fault);
    if (fault?.kind === 'hang') return;
    if (latencyMs > 0 && !(fault?.kind === 'status' && fault.immediate)) {
      await new Promise((r) => setTimeout(r, latencyMs));
    }
    recorded.status = answer(res, recorded, fault);
  }

  function answer(res: ServerResponse, r: RecordedRequest, fault: Fault | undefined): number {
    if (fault === undefined) {
      res.writeHead(200, JSON_TYPE).end(successBody(r.format, scripted(r)));
      return 200;
    }
    switch (fault.kind) {
      case 'reply': {
        const text = typeof fault.text === 'string' ? fault.text : fault.text(scripted(r).text);
        res.writeHead(200, JSON_TYPE).end(successBody(r.format, { text }));
        return 200;
      }
      case 'status':
        res
          .writeHead(fault.status, { ...JSON_TYPE, ...fault.headers })
          .end(fault.body ?? errorBody(r.format, fault.status));
        return fault.status;
      case 'echo-key': {
        const message = `Incorrect API key provided: ${quotedKeys(r.headers)}`;
        const body = { error: { message, type: 'invalid_request_error' }, headers: r.headers };
        res.writeHead(fault.status, JSON_TYPE).end(JSON.stringify(body));
        return fault.status;
      }
      case 'invalid-json':
        res.writeHead(200, JSON_TYPE).end(INVALID_JSON_BODY);
        return 200;
      case 'truncated': {
        const body = successBody(r.format, scripted(r));
        res.writeHead(200, { ...JSON_TYPE, 'content-length': String(Buffer.byteLength(body)) });
        res.write(body.slice(0, Math.floor(body.length / 2)));
        setTimeout(() => res.destroy(), 10);
        return 200;
      }
      case 'hang':
        return 0;
    }
  }

  const server = await listenLocal(handle);
  return {
    origin: server.origin,
    url: `${server.origin}/v1`,
    requests,
    get maxInFlight() {
      return server.maxInFlight;
    },
    enqueue: (...faults) => queue.push(...faults),
    setLatency: (ms) => {
      latencyMs = ms;
    },
    setReply: (fn) => {
      reply = fn;
    },
    setFaults: (p) => {
      policy = p;
    },
    close: () => server.close(),
  };
}

interface Hooks {
  beforeAll: (fn: () => Promise<void>) => void;
  afterAll: (fn: () => Promise<void>) => void;
  beforeEach: (fn: () => void) => void;
}

/** A fake server for the whole test file: started before its tests, emptied of requests before each, closed after. */
export function useFakeServer(hooks: Hooks, options: FakeServerOptions = {}): () => FakeServer {
  let server: FakeServer | undefined;
  hooks.beforeAll(async () => {
    server = await startFakeServer(options);
  });
  hooks.afterAll(async () => server?.close());
  hooks.beforeEach(() => {
    if (server !== undefined) server.requests.length = 0;
  });
  return () => {
    if (server === undefined) throw new Error('the fake server starts in beforeAll');
    return server;
  };
}
