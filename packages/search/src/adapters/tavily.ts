import { z } from 'zod';
import { type BackendDefinition, type WebBackendOptions, type WebSearchBackend, webBackend } from './web-backend.js';

/** Tavily's `POST /search` reply: results with title, url, content (the excerpt) and score. */
const TavilyReply = z.object({
  results: z.array(
    z.object({
      title: z.string().nullish(),
      url: z.string().min(1),
      content: z.string().nullish(),
      score: z.number().nullish(),
      published_date: z.string().nullish(),
    }),
  ),
});

export const TAVILY: BackendDefinition<z.infer<typeof TavilyReply>> = {
  provider: 'tavily',
  keyVariable: 'TAVILY_API_KEY',
  defaultBaseURL: 'https://api.tavily.com',
  request: ({ base, query, limit, key }) => ({
    url: `${base}/search`,
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    // Tavily returns at most 20 results; the answer and raw pages are not wanted (pages are fetched).
    body: {
      query,
      max_results: Math.min(limit, 20),
      search_depth: 'basic',
      include_answer: false,
      include_raw_content: false,
    },
  }),
  reply: TavilyReply,
  results: (reply) =>
    reply.results.map((r) => ({
      url: r.url,
      title: r.title ?? '',
      excerpt: r.content ?? '',
      score: r.score ?? null,
      ...(r.published_date && { published: r.published_date }),
    })),
};

/** Tavily (`api.tavily.com`): `POST /search` with a bearer key (TAVILY_API_KEY). */
export function tavilyBackend(options: WebBackendOptions = {}): WebSearchBackend {
  return webBackend(TAVILY, options);
}
