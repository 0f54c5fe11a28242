import type { WikiPage } from '@gamut/core';
import { PageId } from '@gamut/core';

/** What an import kept, skipped and warned about, for the CLI to print. */
export interface ImportResult {
  readonly pages: WikiPage[];
  /** Versions left out on purpose, by reason (e.g. `status trashed`). */
  readonly skipped: Record<string, number>;
  readonly warnings: string[];
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;

const KEEP = new Set(['current', 'historical', 'archived']);

/**
 * Confluence REST page JSON → page versions: API v2 and v1
 * (`/rest/api/content` replies with `body.storage` and `version` expanded;
 * `ancestors` and other expansions are ignored). Accepts, in any mix
 * and across many documents: single pages (`GET /pages/{id}?body-format=storage`,
 * also with `?version=N`), list replies (`{ results: [...] }`), arrays, pages
 * carrying a `versions` array, versions-endpoint replies (`GET /pages/{id}/versions`,
 * entries `{ number, createdAt, page: { id, title }, body }`), and space lists
 * (`GET /spaces`) used to turn `spaceId` into the space key. Statuses current,
 * historical and archived are kept; trashed, deleted and draft are skipped.
 */
export function importConfluenceJson(documents: Iterable<unknown>): ImportResult {
  const collector = confluenceJsonCollector();
  for (const d of documents) collector.add(d);
  return collector.finish();
}

/**
 * The same, one document at a time, so that a large export's parsed JSON can be
 * dropped as soon as its page versions are taken out of it.
 */
export function confluenceJsonCollector(): { add(document: unknown): void; finish(): ImportResult } {
  const spaces = new Map<string, string>();
  const raw: Array<{
    id: string;
    title?: string;
    status: string;
    version: number;
    space?: string;
    updatedAt?: string;
    body?: string;
    bodyFormat?: string;
    /** Body representations the reply holds instead of storage, for the warning. */
    otherBodies?: string[];
  }> = [];
  const warnings: string[] = [];
  const skipped: Record<string, number> = {};
  const skip = (why: string) => {
    skipped[why] = (skipped[why] ?? 0) + 1;
  };

  const visit = (node: unknown, parent?: { id: string; title?: string; space?: string }): void => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n, parent);
      return;
    }
    if (!isObj(node)) return;
    if (Array.isArray(node.results)) {
      visit(node.results, parent);
      return;
    }
    if (isObj(node.page) && !('title' in node && 'version' in node) && !('number' in node)) {
      visit(node.page, parent);
      if (Array.isArray(node.versions)) visit(node.versions, pageRef(node.page));
      return;
    }
    // A space: { id, key, name } with no version.
    if (str(node.key) && str(node.id) && !('version' in node) && !('number' in node)) {
      spaces.set(String(node.id), String(node.key));
      return;
    }
    if (typeof node.number === 'number') {
      // A versions-endpoint entry: the page it belongs to is `page` or the parent.
      const ref = isObj(node.page) ? pageRef(node.page) : parent;
      if (!ref) return void warnings.push(`a version entry (number ${node.number}) names no page; skipped`);
      const body = bodyOf(node) ?? (isObj(node.page) ? bodyOf(node.page) : undefined);
      raw.push({
        id: ref.id,
        ...(ref.title !== undefined && { title: ref.title }),
        ...(ref.space !== undefined && { space: ref.space }),
        status: str(node.status) ?? 'historical',
        version: node.number,
        ...(str(node.createdAt) !== undefined && { updatedAt: str(node.createdAt) }),
        ...(body && { body: body.value, bodyFormat: body.format }),
      });
      return;
    }
    const id = str(node.id);
    const version = isObj(node.version) ? node.version.number : node.version;
    const type = str(node.type);
    if (!id || typeof version !== 'number') {
      // A REST v1 reply names the version only when asked to (`expand=version`).
      if (id && (type === 'page' || type === 'blogpost' || isObj(node.body))) {
        skip('no version number');
        warnings.push(
          `page ${id}${str(node.title) ? ` (${str(node.title)})` : ''} has no version number: the reply did not expand it; fetch it with expand=version,body.storage (REST v1) or from /api/v2/pages; skipped`,
        );
      }
      return;
    }
    if (type && type !== 'page' && type !== 'blogpost') {
      skip(`type ${type}`);
      return;
    }
    const body = bodyOf(node);
    const space = isObj(node.space) ? str(node.space.key) : (str(node.spaceKey) ?? str(node.spaceId));
    raw.push({
      id,
      ...(str(node.title) !== undefined && { title: str(node.title) }),
      status: str(node.status) ?? 'current',
      version,
      ...(space !== undefined && { space }),
      ...(isObj(node.version) &&
        (str(node.version.createdAt) ?? str(node.version.when)) !== undefined && {
          updatedAt: str(node.version.createdAt) ?? str(node.version.when),
        }),
      ...(body && { body: body.value, bodyFormat: body.format }),
      ...(!body && isObj(node.body) && { otherBodies: Object.keys(node.body).filter((k) => !k.startsWith('_')) }),
    });
    if (Array.isArray(node.versions)) visit(node.versions, pageRef(node));
    // REST v1 expansions that hold whole pages (`expand=children.page.body.storage,…`); never `ancestors`.
    for (const rel of [node.children, node.descendants]) if (isObj(rel) && isObj(rel.page)) visit(rel.page);
  };
  return { add: (d) => visit(d), finish };

  function finish(): ImportResult {
    // One entry per (page, version); an entry with a body wins over one without.
    const byKey = new Map<string, (typeof raw)[number]>();
    for (const r of raw) {
      const key = `${r.id}\u0000${r.version}`;
      const prev = byKey.get(key);
      if (!prev) byKey.set(key, r);
      else
        byKey.set(key, {
          ...prev,
          ...r,
          body: r.body ?? prev.body,
          title: r.title ?? prev.title,
          space: r.space ?? prev.space,
        });
    }
    const latest = new Map<string, number>();
    const titles = new Map<string, string>();
    const titled = new Map<string, number>();
    // Versions-endpoint entries name no space; the page's other versions do.
    const pageSpace = new Map<string, string>();
    for (const r of byKey.values()) {
      if (KEEP.has(r.status)) latest.set(r.id, Math.max(latest.get(r.id) ?? 0, r.version));
      // The newest version's title names the page in versions that came without one.
      if (r.space !== undefined) pageSpace.set(r.id, r.space);
      if (r.title && (titled.get(r.id) ?? 0) <= r.version) {
        titles.set(r.id, r.title);
        titled.set(r.id, r.version);
      }
    }
    const pages: WikiPage[] = [];
    for (const r of byKey.values()) {
      if (!KEEP.has(r.status)) {
        skip(`status ${r.status}`);
        continue;
      }
      if (r.body === undefined) {
        skip('no storage body');
        const had = r.otherBodies?.length ? ` (it has ${r.otherBodies.join(', ')})` : '';
        warnings.push(
          `page ${r.id} version ${r.version} has no storage body${had}: export with body-format=storage (REST v2) or expand=body.storage (REST v1); skipped`,
        );
        continue;
      }
      // Only the newest version of a live page is current, whatever an older fetch said.
      const status = r.status === 'current' && r.version < (latest.get(r.id) ?? 0) ? 'historical' : r.status;
      const spaceRef = r.space ?? pageSpace.get(r.id);
      const space = spaceRef !== undefined ? (spaces.get(spaceRef) ?? spaceRef) : undefined;
      pages.push({
        page_id: PageId.parse(r.id),
        title: r.title ?? titles.get(r.id) ?? r.id,
        status: status as WikiPage['status'],
        version: r.version,
        ...(space !== undefined && { space }),
        ...(r.updatedAt !== undefined && { updated_at: r.updatedAt }),
        body: r.body,
        format: r.bodyFormat === 'storage' ? 'storage' : 'text',
      });
    }
    return { pages, skipped, warnings };
  }
}

function pageRef(p: Json): { id: string; title?: string; space?: string } | undefined {
  const id = str(p.id);
  if (!id) return undefined;
  const title = str(p.title);
  const space = isObj(p.space) ? str(p.space.key) : (str(p.spaceKey) ?? str(p.spaceId));
  return { id, ...(title !== undefined && { title }), ...(space !== undefined && { space }) };
}

function bodyOf(node: Json): { value: string; format: string } | undefined {
  const body = node.body;
  if (!isObj(body)) return undefined;
  if (isObj(body.storage) && typeof body.storage.value === 'string')
    return { value: body.storage.value, format: 'storage' };
  if (typeof body.value === 'string' && (body.representation === 'storage' || body.representation === undefined)) {
    return { value: body.value, format: 'storage' };
  }
  return undefined;
}

/**
 * What parsed JSON documents hold, judged on every one (not the first
 * kilobytes of the file: a REST v1 reply may open with a long `ancestors`
 * list): snapshot lines have `page_id`; Confluence replies have `results`, or
 * ids with versions, bodies or links. Undefined when nothing says.
 */
export function jsonDocumentKind(values: Iterable<unknown>): 'snapshot' | 'confluence' | undefined {
  for (const v of values) {
    if (!isObj(v)) continue;
    if ('page_id' in v) return 'snapshot';
    if (
      Array.isArray(v.results) ||
      ('id' in v && ['version', 'body', '_links', 'spaceId', 'number', '_expandable'].some((k) => k in v))
    )
      return 'confluence';
  }
  return undefined;
}
