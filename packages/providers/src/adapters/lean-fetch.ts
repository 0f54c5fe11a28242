import type { Dispatcher } from 'undici';

/** undici's `request` as its API module exports it: called with the dispatcher as `this`. */
type RequestFn = (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

interface Transport {
  request: RequestFn;
  agent: Dispatcher;
}

let loaded: Promise<Transport> | undefined;

// undici's index loads every feature it has (fetch, WebSocket, caches, mocks: ~100 ms of
// compiling per process); these two modules are all a buffered request needs. undici is
// pinned exactly in package.json, so its file layout cannot shift under us.
const API_REQUEST = 'undici/lib/api/api-request.js';
const AGENT = 'undici/lib/dispatcher/agent.js';

function load(): Promise<Transport> {
  loaded ??= Promise.all([
    import(API_REQUEST) as Promise<{ default: RequestFn }>,
    import(AGENT) as Promise<{ default: new (options: object) => Dispatcher }>,
  ]).then(([{ default: request }, { default: Agent }]) => ({
    request,
    // One connection per call in flight (no pipelining), so all of them go out at once.
    agent: new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 120_000, connect: { timeout: 30_000 } }),
  }));
  return loaded;
}

/** Loads the HTTP client ahead of the first call, e.g. while the run reads its inputs. */
export async function warmUpLeanFetch(): Promise<void> {
  await load();
}

/**
 * Closes the kept-alive connections so the process can exit as soon as its
 * work is done; a later call opens new ones.
 */
export async function closeLeanFetch(): Promise<void> {
  const current = loaded;
  if (current === undefined) return;
  loaded = undefined;
  const { agent } = await current;
  await agent.close();
}

// Every call of a run goes to the same endpoint: parse its URL once.
let lastUrl: { href: string; origin: string; path: string } | undefined;

function target(href: string): { origin: string; path: string } {
  if (lastUrl?.href !== href) {
    const url = new URL(href);
    lastUrl = { href, origin: url.origin, path: `${url.pathname}${url.search}` };
  }
  return lastUrl;
}

/**
 * The `fetch` the AI SDK models are given: undici's `request` (about half the
 * CPU of the WHATWG `fetch`) answered with a small Response look-alike over
 * the already-read body. Judge calls are small non-streaming JSON requests, so
 * nothing is lost by buffering, and a web ReadableStream per call (the costly
 * part of a real Response) is never built. It provides what the SDK's
 * `doGenerate` path reads: status, headers, and the body as one chunk.
 */
export const leanFetch: typeof fetch = async (input, init) => {
  // Streaming reads the body as a web stream: leave that to the real fetch.
  if (typeof init?.body !== 'string' || init.body.includes('"stream":true')) return fetch(input, init);
  const { request, agent } = await load();
  const { origin, path } = target(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const res = await request.call(agent, {
    origin,
    path,
    method: (init?.method ?? 'GET') as Dispatcher.HttpMethod,
    headers: init?.headers as Record<string, string> | undefined,
    body: init?.body as string | undefined,
    signal: init?.signal ?? undefined,
  });
  const body = new Uint8Array(await res.body.arrayBuffer());
  return new BufferedResponse(res.statusCode, res.headers, body) as unknown as Response;
};

// Stateless between calls (no `stream` option), so one decoder serves every response.
const utf8 = new TextDecoder();

class BufferedHeaders {
  private readonly map = new Map<string, string>();
  constructor(raw: Record<string, string | string[] | undefined>) {
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
    headers: Record<string, string | string[] | undefined>,
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
