import { z } from 'zod';
import {
  type BackendDefinition,
  plainExcerpt,
  type WebBackendOptions,
  type WebSearchBackend,
  webBackend,
} from './web-backend.js';

/** SearXNG's `GET /search?format=json` reply. */
const SearxngReply = z.object({
  results: z.array(
    z.object({
      url: z.string().min(1),
      title: z.string().nullish(),
      content: z.string().nullish(),
      score: z.number().nullish(),
      publishedDate: z.string().nullish(),
    }),
  ),
});

export const SEARXNG: BackendDefinition<z.infer<typeof SearxngReply>> = {
  provider: 'searxng',
  request: ({ base, query }) => {
    // One page of results (about 20); the instance decides how many, the adapter keeps `limit`.
    const params = new URLSearchParams({ q: query, format: 'json', pageno: '1' });
    return { url: `${base}/search?${params}`, method: 'GET' };
  },
  reply: SearxngReply,
  statusHints: { 403: 'the instance does not serve JSON: add json to search.formats in its settings.yml' },
  results: (reply) =>
    reply.results.map((r) => ({
      url: r.url,
      title: plainExcerpt(r.title ?? ''),
      excerpt: plainExcerpt(r.content ?? ''),
      score: r.score ?? null,
      ...(r.publishedDate && { published: r.publishedDate }),
    })),
};

/**
 * A self-hosted SearXNG at `baseURL`: `GET /search?format=json`, no key. The instance must
 * list `json` under `search.formats` in its settings.yml, or it answers 403.
 */
export function searxngBackend(options: WebBackendOptions & { baseURL: string }): WebSearchBackend {
  return webBackend(SEARXNG, options);
}
