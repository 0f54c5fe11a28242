import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProviderError } from '@gamut/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SearchError } from '../search-error.js';
import { createSearchProvider } from '../search-spec.js';
import {
  BRAVE_WIRE,
  EXA_WIRE,
  SEARXNG_WIRE,
  startWireServer,
  TAVILY_WIRE,
  type WireFormat,
  type WireServer,
} from './wire-formats.test-helpers.js';

const KEY = 'test-key-5f2c9a71d3';

interface Case {
  spec: (origin: string) => string;
  wire: WireFormat;
  keyed: boolean;
  /** What the request must carry besides the query and key. */
  request(server: WireServer): void;
  /** The first result as the port has it. */
  first: Record<string, unknown>;
  count: number;
}

const CASES: Record<string, Case> = {
  tavily: {
    spec: () => 'tavily',
    wire: TAVILY_WIRE,
    keyed: true,
    request: (s) => {
      expect(s.requests[0]?.body).toEqual({
        query: 'beef bourguignon',
        max_results: 5,
        search_depth: 'basic',
        include_answer: false,
        include_raw_content: false,
      });
      expect(s.requests[0]?.headers['content-type']).toBe('application/json');
    },
    first: {
      url: 'https://en.wikipedia.org/wiki/Beef_bourguignon',
      title: 'Beef bourguignon - Wikipedia',
      excerpt: 'Beef bourguignon is a French beef stew braised in red wine.',
      rank: 1,
      score: 0.81,
    },
    count: 2,
  },
  exa: {
    spec: () => 'exa',
    wire: EXA_WIRE,
    keyed: true,
    request: (s) =>
      expect(s.requests[0]?.body).toEqual({
        query: 'beef bourguignon',
        numResults: 5,
        type: 'auto',
        contents: { highlights: true, text: { maxCharacters: 1000 } },
      }),
    first: {
      url: 'https://en.wikipedia.org/wiki/Beef_bourguignon',
      title: 'Beef bourguignon',
      excerpt: 'braised in red wine, often red Burgundy … with lardons, onions and mushrooms',
      rank: 1,
      score: 0.37,
      published: '2023-11-16T01:36:32.547Z',
    },
    count: 2,
  },
  brave: {
    spec: () => 'brave',
    wire: BRAVE_WIRE,
    keyed: true,
    request: (s) => {
      expect(s.requests[0]?.params.get('count')).toBe('5');
      expect(s.requests[0]?.params.get('text_decorations')).toBe('false');
    },
    first: {
      url: 'https://en.wikipedia.org/wiki/Beef_bourguignon',
      title: 'Beef bourguignon',
      excerpt: 'A stew of beef braised in red wine & stock.',
      rank: 1,
      score: null,
      published: '2024-01-02T00:00:00',
    },
    count: 1,
  },
  searxng: {
    spec: (origin) => `searxng:${origin}`,
    wire: SEARXNG_WIRE,
    keyed: false,
    request: (s) => expect(s.requests[0]?.params.get('pageno')).toBe('1'),
    first: {
      url: 'https://ko.wikipedia.org/wiki/김치찌개',
      title: '김치찌개 - 위키백과',
      excerpt: '김치찌개는 김치를 넣고 끓인 찌개이다.',
      rank: 1,
      score: 4.5,
    },
    count: 2,
  },
};

let cacheRoot: string;
beforeAll(() => {
  cacheRoot = mkdtempSync(join(tmpdir(), 'gamut-search-wire-'));
});
afterAll(() => rmSync(cacheRoot, { recursive: true, force: true }));

describe.each(Object.entries(CASES))('%s adapter against its wire format', (name, c) => {
  let server: WireServer;
  let n = 0;
  const open = async (options: { apiKey?: string; env?: Record<string, string>; offline?: boolean } = {}) =>
    createSearchProvider(c.spec(server.origin), {
      ...(c.keyed && { env: { [`${name.toUpperCase()}_API_KEY`]: KEY } }),
      ...options,
      ...(c.keyed && { baseURL: server.origin }),
      // A fresh cache per provider made, so each search reaches the server.
      cacheDir: join(cacheRoot, name, String(n++)),
      timeoutMs: 5_000,
    });

  beforeAll(async () => {
    server = await startWireServer(c.wire, KEY);
  });
  afterAll(() => server.close());
  afterEach(() => {
    server.requests.length = 0;
    server.faults.length = 0;
  });

  it('sends the documented request and reads the documented reply', async () => {
    const results = await (await open()).search('beef bourguignon', { limit: 5 });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.method).toBe(c.wire.method);
    expect(server.requests[0]?.path).toBe(c.wire.path);
    expect(c.wire.authorized(server.requests[0] as never, KEY)).toBe(true);
    c.request(server);
    expect(results).toHaveLength(c.count);
    expect(results[0]).toEqual(c.first);
    expect(results.map((r) => r.rank)).toEqual(results.map((_, i) => i + 1));
  });

  it('keeps at most `limit` results', async () => {
    expect(await (await open()).search('q', { limit: 1 })).toHaveLength(1);
  });

  it('answers a repeated search from the cache, and offline from the cache only', async () => {
    const cacheDir = join(cacheRoot, name, 'replay');
    const spec = c.spec(server.origin);
    const env = c.keyed ? { [`${name.toUpperCase()}_API_KEY`]: KEY } : {};
    const base = { env, cacheDir, ...(c.keyed && { baseURL: server.origin }) };
    const online = await createSearchProvider(spec, base);
    const first = await online.search('replayed query');
    expect(await online.search('replayed query')).toEqual(first);
    expect(server.requests).toHaveLength(1);
    const offline = await createSearchProvider(spec, { ...base, offline: true });
    expect(await offline.search('replayed query')).toEqual(first);
    await expect(offline.search('never asked')).rejects.toMatchObject({ kind: 'not_cached' });
    await expect(offline.search('never asked')).rejects.toThrow(/"never asked".*not in the cache.*without --offline/);
    expect(server.requests).toHaveLength(1);
  });

  it('turns 401 into an auth error that never shows the key, even when the body echoes it (SearXNG: 403, JSON off)', async () => {
    server.faults.push({ status: c.keyed ? 401 : 403, body: JSON.stringify({ error: `invalid key ${KEY}` }) });
    const e = await (await open()).search('q').catch((x: unknown) => x);
    expect(SearchError.isInstance(e) && ProviderError.isInstance(e)).toBe(true);
    const err = e as SearchError;
    if (c.keyed) {
      expect(`${err.message} ${err.details.raw}`).not.toContain(KEY);
      expect(err.message).toContain('(invalid key [REDACTED])');
      expect(err.details.raw).toContain('[REDACTED]');
      expect(err).toMatchObject({ kind: 'auth', details: { status: 401, fatal: 'auth', retryable: false } });
      expect(err.message).toContain(`check ${name.toUpperCase()}_API_KEY`);
    } else {
      expect(err).toMatchObject({ kind: 'http', details: { status: 403 } });
      expect(err.message).toContain('add json to search.formats');
    }
  });

  it('turns 429 into a rate-limit error carrying retry-after', async () => {
    server.faults.push({
      status: 429,
      body: '{"detail":{"error":"Rate limit exceeded"}}',
      headers: { 'retry-after': '7' },
    });
    const e = (await (await open()).search('q').catch((x: unknown) => x)) as SearchError;
    expect(e).toMatchObject({ kind: 'rate_limit', retryAfterMs: 7000, details: { status: 429, retryable: true } });
    expect(e.message).toMatch(/HTTP 429: too many requests \(Rate limit exceeded\); retry after 7 s/);
  });

  it('turns 5xx into a retryable server error', async () => {
    server.faults.push({ status: 503, body: '<html>Service Unavailable</html>' });
    const e = (await (await open()).search('q').catch((x: unknown) => x)) as SearchError;
    expect(e).toMatchObject({ kind: 'server', details: { status: 503, retryable: true } });
    expect(e.message).toContain(`${name} (${server.origin}${c.wire.path}): HTTP 503: the service failed`);
  });

  it('turns a reply that is not JSON, or not the documented shape, into a malformed error', async () => {
    server.faults.push({ ok: '<!doctype html><p>captcha' }, { ok: '{"items":[]}' });
    const provider = await open();
    await expect(provider.search('q')).rejects.toMatchObject({
      kind: 'malformed',
      message: expect.stringContaining('not JSON'),
    });
    await expect(provider.search('q2')).rejects.toMatchObject({
      kind: 'malformed',
      message: expect.stringMatching(/not in the documented format: (results|type|web)/),
    });
  });

  if (c.keyed) {
    it('reads the key from the option before the environment, and says which variable is missing', async () => {
      await expect((await open({ apiKey: KEY, env: {} })).search('q')).resolves.toHaveLength(c.count);
      const e = (await (await open({ env: {} })).search('q').catch((x: unknown) => x)) as SearchError;
      expect(e).toMatchObject({ kind: 'config' });
      expect(e.message).toBe(`${name}: no API key: set the environment variable ${name.toUpperCase()}_API_KEY`);
    });
  }
});

describe('a web provider that cannot be reached', () => {
  it('is a network error naming the endpoint', async () => {
    const server = await startWireServer(TAVILY_WIRE, KEY);
    const origin = server.origin;
    await server.close();
    const provider = await createSearchProvider('tavily', {
      apiKey: KEY,
      baseURL: origin,
      cacheDir: join(cacheRoot, 'down'),
    });
    await expect(provider.search('q')).rejects.toMatchObject({
      kind: 'network',
      message: expect.stringContaining(`tavily (${origin}/search): cannot connect: ECONNREFUSED`),
    });
  });
});
