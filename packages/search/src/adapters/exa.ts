import { z } from 'zod';
import { type BackendDefinition, type WebBackendOptions, type WebSearchBackend, webBackend } from './web-backend.js';

/** Exa's `POST /search` reply with contents: highlights (and text) per result. */
const ExaReply = z.object({
  results: z.array(
    z.object({
      url: z.string().min(1),
      title: z.string().nullish(),
      score: z.number().nullish(),
      publishedDate: z.string().nullish(),
      text: z.string().nullish(),
      highlights: z.array(z.string()).nullish(),
    }),
  ),
});

export const EXA: BackendDefinition<z.infer<typeof ExaReply>> = {
  provider: 'exa',
  keyVariable: 'EXA_API_KEY',
  defaultBaseURL: 'https://api.exa.ai',
  request: ({ base, query, limit, key }) => ({
    url: `${base}/search`,
    method: 'POST',
    headers: { 'x-api-key': key ?? '' },
    body: { query, numResults: limit, type: 'auto', contents: { highlights: true, text: { maxCharacters: 1000 } } },
  }),
  reply: ExaReply,
  results: (reply) =>
    reply.results.map((r) => ({
      url: r.url,
      title: r.title ?? '',
      excerpt: r.highlights?.length ? r.highlights.join(' … ') : (r.text ?? ''),
      score: r.score ?? null,
      ...(r.publishedDate && { published: r.publishedDate }),
    })),
};

/** Exa (`api.exa.ai`): `POST /search` with the key in `x-api-key` (EXA_API_KEY). */
export function exaBackend(options: WebBackendOptions = {}): WebSearchBackend {
  return webBackend(EXA, options);
}
