import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real local HTTP server (127.0.0.1, random port) speaking the four wire
 * formats the adapters use, replying with the recorded fixtures in
 * fixtures/providers, recording every request and injecting faults.
 */
export type WireFormat = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';

export type Fault =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string }
  /** Never answers; the client's timeout must end it. */
  | { kind: 'hang' }
  | { kind: 'invalid-json' }
  /** Announces the full length, sends half, closes the socket. */
  | { kind: 'truncated' }
  | { kind: 'reply'; text: string }
  /** Answers `status` quoting the request's key headers back, as a careless error page or a leaky proxy does. */
  | { kind: 'echo-key'; status: number };

export interface RecordedRequest {
  format: WireFormat;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  requests: RecordedRequest[];
  /** Most requests ever open at once. */
  maxInFlight: number;
  /** Faults served in order, one per request, before normal replies resume. */
  enqueue(...faults: Fault[]): void;
  /** Delay before every answer (faults included), so that calls overlap. */
  setLatency(ms: number): void;
  /** Reply text for a normal request; default: a `meets` verdict. */
  setReply(reply: (request: RecordedRequest) => string): void;
  close(): Promise<void>;
}

const FIXTURES = new URL('../../../../fixtures/providers/', import.meta.url);
const fixtureCache = new Map<string, string>();

export function readFixture(name: string): string {
  let text = fixtureCache.get(name);
  if (text === undefined) {
    text = readFileSync(new URL(name, FIXTURES), 'utf8');
    fixtureCache.set(name, text);
  }
  return text;
}

const SUCCESS: Record<WireFormat, string> = {
  'openai-chat': 'openai-chat-completion.json',
  'openai-responses': 'openai-responses.json',
  anthropic: 'anthropic-messages.json',
  gemini: 'gemini-generate-content.json',
};

const DEFAULT_REPLY = JSON.stringify({ rationale: 'The answer states it.', quote: null, verdict: 'meets' });

/** The fixture for `format` with its reply text replaced. */
function successBody(format: WireFormat, text: string): string {
  const body = JSON.parse(readFixture(SUCCESS[format]));
  if (format === 'openai-chat') body.choices[0].message.content = text;
  else if (format === 'openai-responses') body.output[0].content[0].text = text;
  else if (format === 'anthropic') body.content[0].text = text;
  else body.candidates[0].content.parts[0].text = text;
  return JSON.stringify(body);
}

function errorBody(format: WireFormat, status: number): string {
  const family = format === 'anthropic' ? 'anthropic' : format === 'gemini' ? 'gemini' : 'openai';
  for (const name of [`${family}-error-${status}.json`, `${family}-error-${status >= 500 ? 500 : 429}.json`]) {
    try {
      return readFixture(name);
    } catch {
      // try the next
    }
  }
  return JSON.stringify({ error: { message: `HTTP ${status}` } });
}

function formatOf(path: string): WireFormat | undefined {
  if (path.endsWith('/chat/completions')) return 'openai-chat';
  if (path.endsWith('/responses')) return 'openai-responses';
  if (path.endsWith('/messages')) return 'anthropic';
  if (/:generateContent$/.test(path)) return 'gemini';
  return undefined;
}

export async function startTestServer(): Promise<TestServer> {
  const faults: Fault[] = [];
  let reply: (r: RecordedRequest) => string = () => DEFAULT_REPLY;
  let inFlight = 0;
  let latencyMs = 0;

  const state: TestServer = {
    origin: '',
    requests: [],
    maxInFlight: 0,
    enqueue: (...f) => faults.push(...f),
    setLatency: (ms) => {
      latencyMs = ms;
    },
    setReply: (fn) => {
      reply = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = (req.url ?? '/').split('?')[0] as string;
    const format = formatOf(path);
    if (req.method !== 'POST' || format === undefined) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const recorded: RecordedRequest = {
      format,
      path,
      headers: req.headers,
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
    };
    state.requests.push(recorded);
    const fault = faults.shift();
    if (latencyMs > 0) await new Promise((r) => setTimeout(r, latencyMs));
    const json = { 'content-type': 'application/json' };
    if (fault === undefined || fault.kind === 'reply') {
      res.writeHead(200, json).end(successBody(format, fault?.kind === 'reply' ? fault.text : reply(recorded)));
    } else if (fault.kind === 'status') {
      res.writeHead(fault.status, { ...json, ...fault.headers }).end(fault.body ?? errorBody(format, fault.status));
    } else if (fault.kind === 'echo-key') {
      const h = req.headers;
      const quoted = [h.authorization, h['x-api-key'], h['x-goog-api-key']].filter((v) => v !== undefined).join(' ');
      const message = `Incorrect API key provided: ${quoted}`;
      res
        .writeHead(fault.status, json)
        .end(JSON.stringify({ error: { message, type: 'invalid_request_error' }, headers: h }));
    } else if (fault.kind === 'invalid-json') {
      res
        .writeHead(200, json)
        .end('{"id": "chatcmpl-broken", "choices": [{"index": 0, "message": <html>Bad gateway</html>');
    } else if (fault.kind === 'truncated') {
      const body = successBody(format, reply(recorded));
      res.writeHead(200, { ...json, 'content-length': String(Buffer.byteLength(body)) });
      res.write(body.slice(0, Math.floor(body.length / 2)));
      setTimeout(() => res.destroy(), 10);
    } else {
      await new Promise<void>((resolve) => res.on('close', resolve));
    }
  }

  const server = createServer((req, res) => {
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/** A test server for the whole file: started before its tests, emptied of requests before each, closed after. */
export function useTestServer(hooks: {
  beforeAll: (fn: () => Promise<void>) => void;
  afterAll: (fn: () => Promise<void>) => void;
  beforeEach: (fn: () => void) => void;
}): () => TestServer {
  let server: TestServer | undefined;
  hooks.beforeAll(async () => {
    server = await startTestServer();
  });
  hooks.afterAll(async () => server?.close());
  hooks.beforeEach(() => {
    if (server !== undefined) server.requests.length = 0;
  });
  return () => {
    if (server === undefined) throw new Error('the test server starts in beforeAll');
    return server;
  };
}
