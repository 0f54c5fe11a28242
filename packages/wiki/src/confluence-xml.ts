import { PageId, type WikiPage } from '@gamut/core';
import { decodeHTML } from 'entities';
import { Parser } from 'htmlparser2';
import type { ImportResult } from './confluence-json.js';

interface XmlObject {
  cls: string;
  id: string;
  props: Record<string, string>;
  refs: Record<string, string>;
  collections: Record<string, string[]>;
}

/**
 * Streaming reader of a Confluence space export's `entities.xml` (the Hibernate
 * object dump). Feed it text or byte chunks with `write`, then call `end` to get the
 * page versions: a Page with `originalVersion` is an older version of that page;
 * `contentStatus` current/archived are kept, deleted and draft skipped; bodies
 * come from the BodyContent objects (bodyType 2 = storage format).
 */
export class EntitiesXmlReader {
  private readonly pages: XmlObject[] = [];
  private readonly bodies = new Map<string, string>();
  private readonly spaces = new Map<string, string>();
  private cur: XmlObject | undefined;
  private depth = 0;
  private prop: { name: string; ref: boolean; text: string } | undefined;
  private coll: string | undefined;
  private idText: string | undefined;
  private readonly parser: Parser;
  /** Keeps a UTF-8 character split across two byte chunks whole. */
  private readonly decoder = new TextDecoder('utf-8');

  constructor() {
    this.parser = new Parser(
      {
        onopentag: (name, attrs) => this.open(name, attrs),
        onclosetag: (name) => this.close(name),
        ontext: (t) => this.text(t),
      },
      { xmlMode: true, decodeEntities: true },
    );
  }

  /** A chunk of the file's text, or of its UTF-8 bytes (a character may be split across chunks). */
  write(chunk: string | Uint8Array): void {
    this.parser.write(typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true }));
  }

  private open(name: string, attrs: Record<string, string>): void {
    this.depth++;
    if (name === 'object' && !this.cur) {
      this.cur = { cls: attrs.class ?? '', id: '', props: {}, refs: {}, collections: {} };
      this.depth = 1;
      return;
    }
    if (!this.cur) return;
    if (name === 'property' && this.depth === 2)
      this.prop = { name: attrs.name ?? '', ref: attrs.class !== undefined, text: '' };
    else if (name === 'collection' && this.depth === 2) this.coll = attrs.name ?? '';
    else if (name === 'id') this.idText = '';
  }

  private text(t: string): void {
    if (this.idText !== undefined) this.idText += t;
    else if (this.prop) this.prop.text += t;
  }

  private close(name: string): void {
    const cur = this.cur;
    this.depth--;
    if (!cur) return;
    if (name === 'id' && this.idText !== undefined) {
      const id = this.idText.trim();
      this.idText = undefined;
      if (this.prop?.ref) cur.refs[this.prop.name] = id;
      else if (this.coll !== undefined) {
        const list = cur.collections[this.coll] ?? [];
        list.push(id);
        cur.collections[this.coll] = list;
      } else if (this.depth === 1) cur.id = id;
    } else if (name === 'property' && this.prop && this.depth === 1) {
      if (!this.prop.ref)
        cur.props[this.prop.name] = this.prop.name === 'body' ? unescapeNestedCdata(this.prop.text) : this.prop.text;
      this.prop = undefined;
    } else if (name === 'collection' && this.depth === 1) this.coll = undefined;
    else if (name === 'object' && this.depth === 0) {
      this.keep(cur);
      this.cur = undefined;
    }
  }

  private keep(o: XmlObject): void {
    if (o.cls === 'Page' || o.cls === 'BlogPost') this.pages.push(o);
    else if (o.cls === 'BodyContent') {
      const content = o.refs.content;
      // bodyType 2 is XHTML storage format; 0 is legacy wiki markup, kept only when nothing else is there.
      if (content && (o.props.bodyType === undefined || o.props.bodyType.trim() === '2' || !this.bodies.has(content))) {
        this.bodies.set(content, o.props.body ?? '');
      }
    } else if (o.cls === 'Space' && o.props.key) this.spaces.set(o.id, o.props.key.trim());
  }

  end(): ImportResult {
    this.parser.end(this.decoder.decode());
    const skipped: Record<string, number> = {};
    const warnings: string[] = [];
    const pages: Array<WikiPage & { modified?: string; objectId: string }> = [];
    const byId = new Map(this.pages.map((p) => [p.id, p]));
    for (const p of this.pages) {
      const status = (p.props.contentStatus ?? 'current').trim();
      const original = p.refs.originalVersion;
      const root = original ? byId.get(original) : p;
      const rootStatus = (root?.props.contentStatus ?? status).trim();
      if (status !== 'current' && status !== 'archived' && status !== 'historical') {
        skipped[`status ${status}`] = (skipped[`status ${status}`] ?? 0) + 1;
        continue;
      }
      if (rootStatus === 'deleted' || rootStatus === 'draft') {
        skipped[`status ${rootStatus}`] = (skipped[`status ${rootStatus}`] ?? 0) + 1;
        continue;
      }
      const body = this.bodies.get(p.id);
      if (body === undefined) {
        skipped['no body'] = (skipped['no body'] ?? 0) + 1;
        warnings.push(`page ${p.id} (${p.props.title ?? ''}) has no BodyContent; skipped`);
        continue;
      }
      const version = Number.parseInt(p.props.version ?? '1', 10) || 1;
      const spaceRef = p.refs.space ?? root?.refs.space;
      const space = spaceRef ? (this.spaces.get(spaceRef) ?? spaceRef) : undefined;
      const updated = (p.props.lastModificationDate ?? p.props.creationDate)?.trim();
      pages.push({
        objectId: p.id,
        ...(updated && { modified: updated }),
        page_id: PageId.parse(original ?? p.id),
        title: (p.props.title ?? root?.props.title ?? p.id).trim(),
        status: original ? 'historical' : status === 'archived' ? 'archived' : 'current',
        version,
        ...(space !== undefined && { space }),
        ...(updated && { updated_at: updated.replace(' ', 'T') }),
        body,
        format: 'storage',
      });
    }
    return { pages: laterRevisions(pages, warnings), skipped, warnings };
  }
}

/**
 * One page version per (page, number): a history that repeats a number (a
 * restored or re-imported revision) keeps the later revision: the live page
 * over a historical one, then the later modification date, then the later object.
 */
function laterRevisions(
  pages: ReadonlyArray<WikiPage & { modified?: string; objectId: string }>,
  warnings: string[],
): WikiPage[] {
  type Entry = (typeof pages)[number];
  const rank = (p: Entry) => [p.status === 'historical' ? 0 : 1, p.modified ?? '', Number(p.objectId) || 0] as const;
  const later = (a: Entry, b: Entry) => {
    const [x, y] = [rank(a), rank(b)];
    return x[0] !== y[0] ? x[0] > y[0] : x[1] !== y[1] ? x[1] > y[1] : x[2] > y[2];
  };
  const byKey = new Map<string, Entry>();
  for (const p of pages) {
    const key = `${p.page_id}\u0000${p.version}`;
    const prev = byKey.get(key);
    if (!prev) {
      byKey.set(key, p);
      continue;
    }
    const [keep, drop] = later(p, prev) ? [p, prev] : [prev, p];
    byKey.set(key, keep);
    warnings.push(
      `page ${p.page_id} (${p.title}) has two revisions numbered ${p.version} (objects ${drop.objectId} and ${keep.objectId}); kept the later one, ${keep.objectId}`,
    );
  }
  return [...byKey.values()].map(({ modified: _m, objectId: _o, ...page }) => page);
}

/**
 * Space exports keep a page body in a CDATA section, so a CDATA end inside it
 * (a code macro's body) is written escaped: `]] >` (or split, `]]]]><![CDATA[>`,
 * which the XML parser already joins). Undoing the `]] >` form only where it
 * closes a CDATA section opened in the body keeps a code macro from
 * swallowing the rest of the page. A CDATA section there is a whole element
 * body, so its end comes right before a closing tag: code that itself holds
 * `]] >` (`a[b[0]] > 1`) keeps it.
 */
export function unescapeNestedCdata(body: string): string {
  if (!body.includes(']] >')) return body;
  let out = '';
  let at = 0;
  for (;;) {
    const open = body.indexOf('<![CDATA[', at);
    if (open < 0) break;
    const from = open + 9;
    const plain = body.indexOf(']]>', from);
    const escaped = escapedCdataEnd(body, from);
    if (escaped >= 0 && (plain < 0 || escaped < plain)) {
      out += `${body.slice(at, escaped)}]]>`;
      at = escaped + 4;
    } else if (plain >= 0) {
      out += body.slice(at, plain + 3);
      at = plain + 3;
    } else break;
  }
  return out + body.slice(at);
}

const ESCAPED_CDATA_END = /\]\] >(?=\s*<\/)/g;

function escapedCdataEnd(body: string, from: number): number {
  ESCAPED_CDATA_END.lastIndex = from;
  return ESCAPED_CDATA_END.exec(body)?.index ?? -1;
}

/** One page of a Confluence HTML space export (`<Title>_<id>.html`); the body kept is `#main-content`. */
export function htmlExportPage(fileName: string, html: string): WikiPage | undefined {
  const start = /<div[^>]*\bid="main-content"[^>]*>/i.exec(html);
  if (!start) return undefined;
  const rest = html.slice(start.index + start[0].length);
  const stop = rest.search(/<div[^>]*\bclass="[^"]*\b(pageSection|footer)\b|<div[^>]*\bid="footer"|<\/body>/i);
  const body = stop >= 0 ? rest.slice(0, stop) : rest;
  const rawTitle =
    /<span[^>]*id="title-text"[^>]*>([\s\S]*?)<\/span>/i.exec(html)?.[1] ??
    /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1] ??
    '';
  const title = decodeHTML(rawTitle.replace(/<[^>]+>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
  const [spaceName, pageTitle] = title.includes(' : ')
    ? [title.slice(0, title.indexOf(' : ')), title.slice(title.indexOf(' : ') + 3)]
    : [undefined, title];
  const stem = fileName.replace(/^.*[\\/]/, '').replace(/\.html?$/i, '');
  const id = /_(\d+)$/.exec(stem)?.[1] ?? /^(\d+)$/.exec(stem)?.[1] ?? stem;
  return {
    page_id: PageId.parse(id),
    title: pageTitle || stem,
    status: 'current',
    version: 1,
    ...(spaceName && { space: spaceName }),
    // Void elements closed so the XML-mode converter reads the HTML as it reads storage format.
    body: body.trim().replace(/<(br|img|hr|input|meta|link|col|area|wbr|source)\b([^>]*?)\s*\/?>/gi, '<$1$2/>'),
    format: 'storage',
  };
}
