import { InputError, type WikiPage } from '@gamut/core';

/**
 * One version of page `id`: `version`, else its current one (else its last).
 * An unknown page names the ids the wiki has; an unknown version, the versions
 * the page has; both as input errors on `file`.
 */
export function pickPageVersion(
  pages: readonly WikiPage[],
  id: string,
  version: number | undefined,
  file: string,
): WikiPage {
  const versions = pages.filter((p) => p.page_id === id);
  if (!versions.length) {
    const ids = [...new Set(pages.map((p) => p.page_id))].sort();
    const shown = ids.length > 10 ? `${ids.slice(0, 10).join(', ')}, … (${ids.length} pages)` : ids.join(', ');
    throw new InputError({
      rule: 'unknown-page',
      message: `no page has the id "${id}"; --page takes a page id of this wiki: ${shown || '(it has no pages)'}`,
      file,
    });
  }
  const hit =
    version === undefined
      ? (versions.find((p) => p.status === 'current') ?? versions.at(-1))
      : versions.find((p) => p.version === version);
  if (!hit)
    throw new InputError({
      rule: 'unknown-version',
      message: `page ${id} has no version ${version}; it has ${versions.map((p) => `v${p.version} (${p.status})`).join(', ')}`,
      file,
    });
  return hit;
}
