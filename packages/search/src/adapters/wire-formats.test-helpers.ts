import type { IncomingMessage } from 'node:http';
import { listenLocal, readBody } from '@gamut/testkit';

/** A request as the wire server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | undefined;
}

export type Fault =
  | { status: number; body: string; headers?: Record<string, string> }
  /** 200 with this text as the body. */
  | { ok: string };

export interface WireServer {
  origin: string;
  requests: SeenRequest[];
  /** Served one per request, in order, before normal replies resume. */
  faults: Fault[];
  close(): Promise<void>;
}

/** Each provider's endpoint and the reply it documents, for a query. */
export interface WireFormat {
  method: 'GET' | 'POST';
  path: string;
  /** Whether the request carries the key where the provider wants it. */
  authorized(req: SeenRequest, key: string): boolean;
  /** The query the request asks. */
  queryOf(req: SeenRequest): string | null;
  reply(query: string): unknown;
  /** The status of an unauthorized request; default 401. */
  refusal?: number;
}

/** A local server speaking `format`: 404 on another path, 401 without the key, faults first. */
export async function startWireServer(format: WireFormat, key: string): Promise<WireServer> {
  const requests: SeenRequest[] = [];
  const faults: Fault[] = [];
  const server = await listenLocal(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const text = await readBody(req);
    const seen: SeenRequest = {
      method: req.method ?? '',
      path: url.pathname,
      params: url.searchParams,
      headers: req.headers,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
    };
    requests.push(seen);
    const fault = faults.shift();
    if (fault && 'ok' in fault) return res.writeHead(200, { 'content-type': 'application/json' }).end(fault.ok);
    if (fault)
      return res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers }).end(fault.body);
    if (seen.method !== format.method || seen.path !== format.path)
      return res.writeHead(404).end('{"error":"Not found"}');
    if (!format.authorized(seen, key)) return res.writeHead(format.refusal ?? 401).end('{"error":"Unauthorized"}');
    const query = format.queryOf(seen);
    if (!query) return res.writeHead(400).end('{"error":"query is required"}');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(format.reply(query)));
  });
  return { origin: server.origin, requests, faults, close: () => server.close() };
}

/** Tavily `POST /search`, `Authorization: Bearer`; reply as its API reference shows. */
export const TAVILY_WIRE: WireFormat = {
  method: 'POST',
  path: '/search',
  authorized: (r, key) => r.headers.authorization === `Bearer ${key}`,
  queryOf: (r) => (typeof r.body?.query === 'string' ? r.body.query : null),
  reply: (query) => ({
    query,
    answer: null,
    images: [],
    results: [
      {
        title: 'Beef bourguignon - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/Beef_bourguignon',
        content: 'Beef bourguignon is a French beef stew braised in red wine.',
        score: 0.81,
        raw_content: null,
      },
      {
        title: 'Classic recipe',
        url: 'https://example.org/recipe',
        content: 'Brown the beef, add wine and stock.',
        score: 0.52,
        raw_content: null,
        published_date: '2024-03-01',
      },
    ],
    response_time: 1.2,
  }),
};

/** Exa `POST /search`, `x-api-key`; results with highlights as its reference shows. */
export const EXA_WIRE: WireFormat = {
  method: 'POST',
  path: '/search',
  authorized: (r, key) => r.headers['x-api-key'] === key,
  queryOf: (r) => (typeof r.body?.query === 'string' ? r.body.query : null),
  reply: () => ({
    requestId: 'b5947044c4b78efa9552a7c89b306d95',
    resolvedSearchType: 'neural',
    results: [
      {
        id: 'https://en.wikipedia.org/wiki/Beef_bourguignon',
        url: 'https://en.wikipedia.org/wiki/Beef_bourguignon',
        title: 'Beef bourguignon',
        score: 0.37,
        publishedDate: '2023-11-16T01:36:32.547Z',
        author: null,
        text: 'Beef bourguignon is a stew prepared with beef braised in red wine…',
        highlights: ['braised in red wine, often red Burgundy', 'with lardons, onions and mushrooms'],
        highlightScores: [0.4, 0.3],
      },
      { id: 'x', url: 'https://example.org/plain', title: null, text: 'Only text here.' },
    ],
    costDollars: { total: 0.005 },
  }),
};

/** Brave `GET /res/v1/web/search`, `X-Subscription-Token`; web results under `web.results`. */
export const BRAVE_WIRE: WireFormat = {
  method: 'GET',
  path: '/res/v1/web/search',
  authorized: (r, key) => r.headers['x-subscription-token'] === key,
  queryOf: (r) => r.params.get('q'),
  reply: (query) => ({
    type: 'search',
    query: { original: query, more_results_available: true },
    mixed: { type: 'mixed', main: [] },
    web: {
      type: 'search',
      family_friendly: true,
      results: [
        {
          type: 'search_result',
          title: 'Beef <strong>bourguignon</strong>',
          url: 'https://en.wikipedia.org/wiki/Beef_bourguignon',
          description: 'A stew of beef braised in <strong>red wine</strong> &amp; stock.',
          page_age: '2024-01-02T00:00:00',
          language: 'en',
          meta_url: { scheme: 'https', netloc: 'en.wikipedia.org', hostname: 'en.wikipedia.org', path: '› wiki' },
        },
      ],
    },
  }),
};

/** SearXNG `GET /search?format=json`, no key. */
export const SEARXNG_WIRE: WireFormat = {
  method: 'GET',
  path: '/search',
  // An instance without json in search.formats answers 403.
  authorized: (r) => r.params.get('format') === 'json',
  refusal: 403,
  queryOf: (r) => r.params.get('q'),
  reply: (query) => ({
    query,
    number_of_results: 0,
    results: [
      {
        url: 'https://ko.wikipedia.org/wiki/김치찌개',
        title: '김치찌개 - 위키백과',
        content: '김치찌개는 김치를 넣고 끓인 <b>찌개</b>이다.',
        engine: 'wikipedia',
        engines: ['wikipedia', 'duckduckgo'],
        positions: [1, 3],
        score: 4.5,
        category: 'general',
        parsed_url: ['https', 'ko.wikipedia.org', '/wiki/김치찌개', '', '', ''],
        template: 'default.html',
      },
      { url: 'https://example.org/b', title: 'B', content: '', engine: 'bing', score: 1, category: 'general' },
    ],
    answers: [],
    corrections: [],
    infoboxes: [],
    suggestions: [],
    unresponsive_engines: [],
  }),
};
