import type { Agent, IncomingHttpHeaders, IncomingMessage, RequestOptions } from 'node:http';

interface Transport {
  request: (options: RequestOptions, onResponse: (res: IncomingMessage) => void) => import('node:http').ClientRequest;
  agent: Agent;
}

const transports = new Map<string, Promise<Transport>>();

// Node's own HTTP client rather than undici: its parser is native and its modules come compiled
// with Node, where undici's ~60 ms of compiling (and a WebAssembly parser) were paid at every
// start; at 64 calls in flight both spend the same CPU per call (docs/performance.md).
function load(protocol: string): Promise<Transport> {
  let t = transports.get(protocol);
  if (t === undefined) {
    t = (protocol === 'https:' ? import('node:https') : import('node:http')).then(({ request, Agent }) => ({
      request,
      // One connection per call in flight; an idle one is closed after 30 s (and never holds the process open).
      agent: new Agent({ keepAlive: true, timeout: 30_000 }),
    }));
    transports.set(protocol, t);
  }
  return t;
}

/** Loads the HTTP client ahead of the first call, e.g. while the run reads its inputs. */
export async function warmUpLeanFetch(): Promise<void> {
  await load('http:');
}

/**
 * Closes the kept-alive connections so the process can exit as soon as its
 * work is done; a later call opens new ones.
 */
export async function closeLeanFetch(): Promise<void> {
  const current = [...transports.values()];
  transports.clear();
  for (const t of await Promise.all(current)) t.agent.destroy();
}

// Every call of a run goes to the same endpoint: parse its URL once.
let lastUrl: { href: string; url: URL } | undefined;

function target(href: string): URL {
  if (lastUrl?.href !== href) lastUrl = { href, url: new URL(href) };
  return lastUrl.url;
}

/**
 * The `fetch` the AI SDK models are given: one `node:http` request answered
 * with a small Response look-alike over the already-read body. Judge calls
 * are small non-streaming JSON requests, so nothing is lost by buffering,
 * and a web ReadableStream per call (the costly part of a real Response) is
 * never built. It provides what the SDK's `doGenerate` path reads: status,
 * headers, and the body as one chunk. An abort rejects with the signal's
 * reason, as `fetch` does.
 */
export const leanFetch: typeof fetch = async (input, init) => {
  // Streaming reads the body as a web stream: leave that to the real fetch.
  if (typeof init?.body !== 'string' || init.body.includes('"stream":true')) return fetch(input, init);
  const url = target(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const { request, agent } = await load(url.protocol);
  const body = init.body;
  const signal = init.signal ?? undefined;
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const req = request(
      {
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string> | undefined,
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          settle();
          const all = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
          const bytes = new Uint8Array(all.buffer, all.byteOffset, all.byteLength);
          resolve(new BufferedResponse(res.statusCode ?? 0, res.headers, bytes) as unknown as Response);
        });
        // A connection that ends mid-body is Node's ECONNRESET ("aborted"): a network error, not a short reply.
        res.on('error', fail);
      },
    );
    const onAbort = () => {
      req.destroy();
      fail(signal?.reason);
    };
    function settle() {
      signal?.removeEventListener('abort', onAbort);
    }
    function fail(e: unknown) {
      settle();
      reject(e);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', fail);
    req.end(body);
  });
};

// Stateless between calls (no `stream` option), so one decoder serves every response.
const utf8 = new TextDecoder();

class BufferedHeaders {
  private readonly map = new Map<string, string>();
  constructor(raw: IncomingHttpHeaders) {
    for (const [name, value] of Object.entries(raw)) {
      if (value !== undefined) this.map.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value);
    }
  }
  get(name: string): string | null {
    return this.map.get(name.toLowerCase()) ?? null;
  }
  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }
  forEach(fn: (value: string, name: string) => void): void {
    this.map.forEach(fn);
  }
  entries(): IterableIterator<[string, string]> {
    return this.map.entries();
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.map.entries();
  }
}

class BufferedResponse {
  readonly headers: BufferedHeaders;
  readonly ok: boolean;
  readonly statusText = '';
  readonly redirected = false;
  readonly type = 'basic';
  readonly url = '';
  bodyUsed = false;

  constructor(
    readonly status: number,
    headers: IncomingHttpHeaders,
    private readonly bytes: Uint8Array,
  ) {
    this.headers = new BufferedHeaders(headers);
    this.ok = status >= 200 && status < 300;
  }

  get body() {
    let sent = false;
    return {
      getReader: () => ({
        read: async () => {
          this.bodyUsed = true;
          if (sent || this.bytes.length === 0) return { done: true as const, value: undefined };
          sent = true;
          return { done: false as const, value: this.bytes };
        },
        cancel: async () => {},
        releaseLock: () => {},
      }),
      cancel: async () => {},
    };
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    this.bodyUsed = true;
    return this.bytes.slice().buffer;
  }

  async text(): Promise<string> {
    this.bodyUsed = true;
    return utf8.decode(this.bytes);
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}
