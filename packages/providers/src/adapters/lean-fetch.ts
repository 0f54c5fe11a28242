import type { Dispatcher } from 'undici';

let loaded: Promise<{ request: typeof import('undici').request; agent: Dispatcher }> | undefined;

function load() {
  loaded ??= import('undici').then(({ Agent, request }) => ({
    request,
    agent: new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 120_000, connect: { timeout: 30_000 } }),
  }));
  return loaded;
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
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const res = await request(url, {
    method: (init?.method ?? 'GET') as Dispatcher.HttpMethod,
    headers: init?.headers as Record<string, string> | undefined,
    body: init?.body as string | undefined,
    signal: init?.signal ?? undefined,
    dispatcher: agent,
  });
  const body = new Uint8Array(await res.body.arrayBuffer());
  return new BufferedResponse(res.statusCode, res.headers, body) as unknown as Response;
};

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
    return new TextDecoder().decode(this.bytes);
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}
