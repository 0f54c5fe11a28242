import type { WikiPage } from '../schema/wiki.js';
import type { TextUnit } from './lexical.js';

/** What code knows about one page id of a snapshot, before any judge is asked. */
export interface PageEntry {
  readonly pageId: string;
  /** The live version; absent for an archived page or one that only has historical versions. */
  readonly current?: WikiPage;
  readonly versions: ReadonlyMap<number, WikiPage>;
}

/** `missing_version`: the page is in the snapshot but not in the version named (a made-up or mistyped version). */
export type EvidenceStatus = 'current' | 'old_version' | 'historical' | 'archived' | 'missing' | 'missing_version';

/**
 * A page reference as agents write it: `POL-101`, or with a version,
 * `POL-101@3`, `POL-101@v3` or `POL-101#v3`. Only a reference whose whole text
 * is not itself a page id is read this way (see `PageIndex.status`).
 */
export function parsePageRef(ref: string): { pageId: string; version?: number } {
  const m = /^(.+?)(?:@v?|#v)(\d+)$/.exec(ref.trim());
  return m?.[1] ? { pageId: m[1], version: Number(m[2]) } : { pageId: ref };
}

export interface PageIndex {
  get(pageId: string): PageEntry | undefined;
  /**
   * Why a (page, version) is or is not valid evidence: only a current page in
   * its current version is; a version the snapshot does not have is
   * `missing_version`. `pageId` may carry the version (`POL-101@3`).
   */
  status(pageId: string, version?: number): EvidenceStatus;
  /**
   * Text of the current version as agents and judges read it (the `view` the
   * index was built with, else the raw body), or undefined when the page is
   * not valid evidence.
   */
  currentBody(pageId: string): string | undefined;
  /** The sentences and table rows of `currentBody`, when the view gave them (passages follow them). */
  currentUnits?(pageId: string): readonly TextUnit[] | undefined;
  readonly size: number;
}

export interface PageIndexOptions {
  /**
   * The text view of a page (storage XHTML and markdown turned into text with
   * table rows kept whole), so that judges read what the reader sees. The
   * converters live outside core; the raw body is used without one.
   */
  readonly view?: (page: WikiPage) => PageView;
}

/** A page as judges read it: its text, and optionally its sentences and table rows as offsets into it. */
export interface PageView {
  readonly text: string;
  readonly units?: readonly TextUnit[];
}

/** Index a snapshot by page id. A page has at most one `current` entry; the first wins if the file breaks that. */
export function buildPageIndex(pages: readonly WikiPage[], opts: PageIndexOptions = {}): PageIndex {
  const views = new Map<string, PageView>();
  const view = (p: WikiPage): PageView => {
    if (!opts.view) return { text: p.body };
    let v = views.get(p.page_id);
    if (v === undefined) {
      v = opts.view(p);
      views.set(p.page_id, v);
    }
    return v;
  };
  const byId = new Map<string, { current?: WikiPage; versions: Map<number, WikiPage> }>();
  for (const p of pages) {
    let e = byId.get(p.page_id);
    if (!e) {
      e = { versions: new Map() };
      byId.set(p.page_id, e);
    }
    if (!e.versions.has(p.version)) e.versions.set(p.version, p);
    if (p.status === 'current' && !e.current) e.current = p;
  }
  const entries = new Map<string, PageEntry>();
  for (const [pageId, e] of byId)
    entries.set(pageId, { pageId, versions: e.versions, ...(e.current && { current: e.current }) });
  // A versioned reference (`POL-101@3`) names its page and version, unless its whole text is a page id.
  const resolve = (ref: string, version: number | undefined): { pageId: string; version?: number } => {
    if (version !== undefined || entries.has(ref)) return { pageId: ref, ...(version !== undefined && { version }) };
    const parsed = parsePageRef(ref);
    return entries.has(parsed.pageId) ? parsed : { pageId: ref };
  };
  const currentOf = (ref: string): WikiPage | undefined => {
    const { pageId, version } = resolve(ref, undefined);
    const current = entries.get(pageId)?.current;
    return current && (version === undefined || version === current.version) ? current : undefined;
  };
  return {
    size: entries.size,
    get: (id) => entries.get(id),
    status(ref, explicit) {
      const { pageId, version } = resolve(ref, explicit);
      const e = entries.get(pageId);
      if (!e) return 'missing';
      if (version !== undefined && !e.versions.has(version)) return 'missing_version';
      if (!e.current) {
        const v = version !== undefined ? e.versions.get(version) : undefined;
        if (v?.status === 'historical') return 'historical';
        return 'archived';
      }
      if (version === undefined || version === e.current.version) return 'current';
      return 'old_version';
    },
    currentBody(ref) {
      const current = currentOf(ref);
      return current && view(current).text;
    },
    currentUnits(ref) {
      const current = currentOf(ref);
      return current && view(current).units;
    },
  };
}
