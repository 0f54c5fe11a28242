import type { BuildSearch, LocatePassage } from '@gamut/core';
import type { OpenBuild } from '@gamut/node';

/**
 * The build's search provider (`local:<folder>` or a web API through the build's fetch cache) and
 * the search package's snippet tools: a cited passage located in its document (forgiving spacing
 * and quotes, keeping the document's wording) and a snippet audited against its source fetched again.
 */
export async function openBuildSearch(build: OpenBuild, mode: 'prefer' | 'refresh' = 'prefer'): Promise<BuildSearch> {
  const { auditSnippetSource, createSearchProvider, extractSnippet } = await import('@gamut/search');
  const search = await createSearchProvider(build.config.search, {
    env: process.env,
    cacheDir: build.paths.fetchCache,
    baseDir: build.paths.root,
    mode,
  });
  const locate: LocatePassage = (doc, passage) => {
    const found = extractSnippet({ ...doc, final_url: doc.url, content_type: 'text/plain', fetched_at: '' }, passage);
    return found.ok
      ? { start: found.snippet.start, end: found.snippet.end, text: found.snippet.text }
      : { reason: found.reason };
  };
  return { search, locate, audit: (snippet) => auditSnippetSource(snippet, search) };
}
