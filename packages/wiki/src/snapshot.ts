import {
  fromZodError,
  InputError,
  type Issue,
  ragSnapshotId,
  type Sha256,
  sortPageVersions,
  WikiPage,
} from '@gamut/core';

/** A validated wiki snapshot: every page version, its id, and each page's current version. */
export interface WikiSnapshot {
  /** `ragSnapshotId(pages)`: SHA-256 of the canonical content (pages sorted by page_id, then version). */
  readonly id: string;
  readonly pages: readonly WikiPage[];
  /** page_id → its current version; pages with no current version (archived) are absent. */
  readonly current: ReadonlyMap<string, WikiPage>;
  readonly source?: string;
}

/** Where a page version came from, for issues. */
export interface PageOrigin {
  readonly file: string;
  readonly line?: number;
  readonly index?: number;
}

/** One record read from a file: a JSONL line, an item of a JSON array, or a whole JSON document. */
export interface PageRecord {
  readonly value: unknown;
  readonly file: string;
  readonly line?: number;
  readonly index?: number;
}

/**
 * Checks the rules a set of page versions must keep: at most one `current`
 * version per page and no version number twice. Collects every issue.
 */
export interface SnapshotOptions {
  /** Where each page version came from (same order as the pages), for issues. */
  readonly origins?: readonly PageOrigin[];
  /** The file or folder the snapshot was read from. */
  readonly source?: string;
  /** The SHA-256 to compute the id with (core's by default; the id does not depend on it). */
  readonly sha256?: Sha256;
}

export function buildSnapshot(pages: readonly WikiPage[], opts: SnapshotOptions = {}): WikiSnapshot {
  const { origins = [], source } = opts;
  const issues: Issue[] = [];
  const where = (i: number) => {
    const o = origins[i];
    if (!o) return `#${i + 1}`;
    return o.line !== undefined ? `line ${o.line}` : o.index !== undefined ? `${o.file}[${o.index}]` : o.file;
  };
  const byId = new Map<string, number[]>();
  pages.forEach((p, i) => {
    const list = byId.get(p.page_id);
    if (list) list.push(i);
    else byId.set(p.page_id, [i]);
  });
  const current = new Map<string, WikiPage>();
  for (const [pageId, idx] of byId) {
    const cur = idx.filter((i) => pages[i]?.status === 'current');
    if (cur.length > 1) {
      issues.push({
        rule: 'duplicate-current',
        message: `page ${pageId} has ${cur.length} current versions (${cur.map(where).join(', ')}); at most one is allowed`,
        ...originFields(origins[cur[1] ?? 0]),
        item: pageId,
      });
    }
    const seen = new Map<number, number>();
    for (const i of idx) {
      const v = pages[i]?.version ?? 0;
      const first = seen.get(v);
      if (first !== undefined) {
        issues.push({
          rule: 'duplicate-version',
          message: `page ${pageId} version ${v} appears twice (${where(first)}, ${where(i)})`,
          ...originFields(origins[i]),
          item: pageId,
        });
      } else seen.set(v, i);
    }
    const c = cur[0];
    if (c !== undefined && pages[c]) current.set(pageId, pages[c]);
  }
  if (issues.length) throw new InputError(issues);
  return {
    id: ragSnapshotId(pages, opts.sha256 ? { sha256: opts.sha256 } : {}),
    pages: sortPageVersions(pages),
    current,
    ...(source !== undefined && { source }),
  };
}

function originFields(o: PageOrigin | undefined): { file?: string; line?: number } {
  if (!o) return {};
  return { file: o.file, ...(o.line !== undefined && { line: o.line }) };
}

/** Validates records as WikiPage lines, naming file and line of every problem. */
export function parsePageRecords(records: readonly PageRecord[]): { pages: WikiPage[]; origins: PageOrigin[] } {
  const pages: WikiPage[] = [];
  const origins: PageOrigin[] = [];
  const issues: Issue[] = [];
  for (const r of records) {
    const parsed = WikiPage.safeParse(r.value);
    const origin: PageOrigin = {
      file: r.file,
      ...(r.line !== undefined && { line: r.line }),
      ...(r.index !== undefined && { index: r.index }),
    };
    if (!parsed.success) {
      const pageId = (r.value as { page_id?: unknown } | null)?.page_id;
      issues.push(
        ...fromZodError(parsed.error, r.value, {
          file: r.file,
          ...(r.line !== undefined && { line: r.line }),
          ...(r.index !== undefined && { pathPrefix: [r.index] }),
        }).map((i) => (typeof pageId === 'string' ? { ...i, item: pageId } : i)),
      );
      continue;
    }
    pages.push(parsed.data);
    origins.push(origin);
  }
  if (issues.length) throw new InputError(issues);
  return { pages, origins };
}
