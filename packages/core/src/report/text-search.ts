/** NFKC and lower case, so full-width letters, compatibility forms and case do not hide a match. */
const fold = (s: string): string => s.normalize('NFKC').toLocaleLowerCase();

/**
 * A search query as the viewer reads it: words separated by spaces, each of
 * which must occur somewhere in the text (any order). An empty query matches all.
 */
export function searchTerms(query: string): string[] {
  return fold(query).split(/\s+/).filter(Boolean);
}

/** Whether every term occurs in one of `texts`. */
export function matchesTerms(terms: readonly string[], texts: ReadonlyArray<string | null | undefined>): boolean {
  if (terms.length === 0) return true;
  const hay = fold(texts.filter((t): t is string => typeof t === 'string').join('\n'));
  return terms.every((t) => hay.includes(t));
}
