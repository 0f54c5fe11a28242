import type { EvidenceSnippet, FetchedDocument, SearchProvider, SnippetAudit } from '@gamut/core';
import { SearchError } from '../search-error.js';
import { locateText } from './locate-text.js';

export type SnippetExtraction = { ok: true; snippet: EvidenceSnippet; exact: boolean } | { ok: false; reason: string };

/**
 * The snippet a cited passage is in a fetched document: its exact text as the document has it
 * and its offsets, with the document's URL, title and hash. A passage quoted with other spacing,
 * case, quotes or dashes is found too (`exact: false`), and the snippet keeps the document's wording.
 */
export function extractSnippet(doc: FetchedDocument, passage: string): SnippetExtraction {
  const m = locateText(doc.text, passage);
  if (m === undefined) {
    return { ok: false, reason: `the passage "${shorten(passage)}" is not in ${doc.url}` };
  }
  const snippet: EvidenceSnippet = {
    url: doc.url,
    title: doc.title,
    text: doc.text.slice(m.start, m.end),
    start: m.start,
    end: m.end,
    content_hash: doc.content_hash,
  };
  return { ok: true, snippet, exact: m.exact };
}

/**
 * Whether a stored snippet is still where it says in `doc` (the same URL fetched again): at its
 * offsets (`intact`), elsewhere (`moved`, the new offsets; `exact: false` when only spacing or
 * case now differ), or nowhere (`vanished`, with the reason).
 */
export function auditSnippet(snippet: EvidenceSnippet, doc: FetchedDocument): SnippetAudit {
  const sameDocument = doc.content_hash === snippet.content_hash;
  if (doc.text.slice(snippet.start, snippet.end) === snippet.text)
    return { status: 'intact', same_document: sameDocument };
  const m = locateText(doc.text, snippet.text, snippet.start);
  if (m !== undefined) {
    return {
      status: 'moved',
      start: m.start,
      end: m.end,
      text: doc.text.slice(m.start, m.end),
      exact: m.exact,
      content_hash: doc.content_hash,
    };
  }
  const reason = sameDocument
    ? `the document is unchanged but the text is not at ${snippet.start}–${snippet.end}: the snippet was stored wrong`
    : `the text "${shorten(snippet.text)}" is no longer in ${snippet.url} (the document changed since it was cited)`;
  return { status: 'vanished', reason };
}

/**
 * Re-fetches a snippet's source through `provider` and audits it. A source that is gone (404, a
 * deleted file) makes the snippet `vanished`; any other failure (network, offline with nothing
 * cached) is thrown, since it says nothing about the snippet.
 */
export async function auditSnippetSource(
  snippet: EvidenceSnippet,
  provider: Pick<SearchProvider, 'fetch'>,
  options: { signal?: AbortSignal } = {},
): Promise<SnippetAudit> {
  try {
    return auditSnippet(snippet, await provider.fetch(snippet.url, options));
  } catch (e) {
    if (SearchError.isInstance(e) && e.kind === 'not_found')
      return { status: 'vanished', reason: `the source is gone: ${e.message}` };
    throw e;
  }
}

function shorten(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 80 ? `${one.slice(0, 77)}…` : one;
}
