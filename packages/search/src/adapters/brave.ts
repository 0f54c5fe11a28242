import { z } from 'zod';
import {
  type BackendDefinition,
  plainExcerpt,
  type WebBackendOptions,
  type WebSearchBackend,
  webBackend,
} from './web-backend.js';

/** Brave's `GET /res/v1/web/search` reply: web results under `web.results` (absent when there are none). */
const BraveReply = z.object({
  type: z.literal('search'),
  web: z
    .object({
      results: z.array(
        z.object({
          title: z.string().nullish(),
          url: z.string().min(1),
          description: z.string().nullish(),
          page_age: z.string().nullish(),
        }),
      ),
    })
    .optional(),
});

export const BRAVE: BackendDefinition<z.infer<typeof BraveReply>> = {
  provider: 'brave',
  keyVariable: 'BRAVE_API_KEY',
  defaultBaseURL: 'https://api.search.brave.com',
  request: ({ base, query, limit, key }) => {
    // At most 20 a page; no decoration markers in the text.
    const params = new URLSearchParams({ q: query, count: String(Math.min(limit, 20)), text_decorations: 'false' });
    return {
      url: `${base}/res/v1/web/search?${params}`,
      method: 'GET',
      headers: { 'x-subscription-token': key ?? '' },
    };
  },
  reply: BraveReply,
  results: (reply) =>
    (reply.web?.results ?? []).map((r) => ({
      url: r.url,
      title: plainExcerpt(r.title ?? ''),
      excerpt: plainExcerpt(r.description ?? ''),
      score: null,
      ...(r.page_age && { published: r.page_age }),
    })),
};

/** Brave Search (`api.search.brave.com`): `GET /res/v1/web/search` with `X-Subscription-Token` (BRAVE_API_KEY). */
export function braveBackend(options: WebBackendOptions = {}): WebSearchBackend {
  return webBackend(BRAVE, options);
}
