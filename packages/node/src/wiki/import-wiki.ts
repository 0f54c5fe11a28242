import { createReadStream } from 'node:fs';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { InputError, parseRecords } from '@gamut/core';
import {
  buildSnapshot,
  confluenceJsonCollector,
  EntitiesXmlReader,
  htmlExportPage,
  type ImportResult,
  jsonDocumentKind,
  type WikiSnapshot,
} from '@gamut/wiki';
import yauzl from 'yauzl';
import { nodeSha256 } from '../files/node-sha256.js';
import { readPageFolder } from './folder-pages.js';
import { loadWikiSnapshot } from './load-snapshot.js';

export const IMPORT_FORMATS = ['confluence-json', 'confluence-xml', 'folder', 'jsonl', 'page'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface WikiImport {
  readonly format: ImportFormat;
  readonly snapshot: WikiSnapshot;
  readonly skipped: Record<string, number>;
  readonly warnings: readonly string[];
}

/**
 * Reads a wiki from any supported source: a snapshot JSONL, a folder of pages,
 * one page file (storage-format `.xhtml`/`.xml`, markdown, text), a Confluence
 * REST v2 or v1 JSON export (file, folder or .zip), or a Confluence space
 * export (entities.xml, an HTML export folder, or either zipped).
 */
export async function importWiki(path: string, opts: { format?: ImportFormat } = {}): Promise<WikiImport> {
  const info = await stat(path).catch(() => {
    throw new InputError({
      rule: 'file-unreadable',
      message: `cannot read ${path}: no such file or folder`,
      file: path,
    });
  });
  const format = opts.format ?? (await detectFormat(path, info.isDirectory()));
  if (format === 'jsonl' || format === 'folder') {
    if (format === 'folder' && !info.isDirectory())
      throw usage(`--format folder needs a folder, and ${path} is a file`, path);
    return { format, snapshot: await loadWikiSnapshot(path), skipped: {}, warnings: [] };
  }
  if (format === 'page') {
    if (info.isDirectory()) throw usage(`--format page needs one page file, and ${path} is a folder`, path);
    const { pages, origins } = await readPageFolder(dirname(path), { only: path });
    return {
      format,
      snapshot: buildSnapshot(pages, { origins, source: path, sha256: nodeSha256 }),
      skipped: {},
      warnings: [],
    };
  }
  const result =
    format === 'confluence-json'
      ? await readConfluenceJson(path, info.isDirectory())
      : await readSpaceExport(path, info.isDirectory());
  if (!result.pages.length) {
    const why = Object.entries(result.skipped).map(([reason, n]) => `${n} ${reason}`);
    throw new InputError({
      rule: 'empty-export',
      message: [
        `no page versions found in ${path} as ${format}${why.length ? ` (skipped: ${why.join(', ')})` : ''}`,
        ...result.warnings.slice(0, 3),
      ].join('; '),
      file: path,
    });
  }
  return {
    format,
    snapshot: buildSnapshot(result.pages, { source: path, sha256: nodeSha256 }),
    skipped: result.skipped,
    warnings: result.warnings,
  };
}

function usage(message: string, file: string): InputError {
  return new InputError({ rule: 'import-format', message, file });
}

async function detectFormat(path: string, isDir: boolean): Promise<ImportFormat> {
  const lower = path.toLowerCase();
  if (!isDir) {
    if (lower.endsWith('.zip')) {
      const names = await zipEntryNames(path);
      if (names.some((n) => n.endsWith('entities.xml') || n.endsWith('.html'))) return 'confluence-xml';
      return 'confluence-json';
    }
    if (/\.(xml|xhtml|html?)$/.test(lower)) {
      if ((await rootElement(path)) === 'hibernate-generic') return 'confluence-xml';
      if (/\.html?$/.test(lower) && (await readFile(path, 'utf8')).includes('id="main-content"'))
        return 'confluence-xml';
      return 'page';
    }
    if (/\.(md|markdown|txt)$/.test(lower)) return 'page';
    return (await jsonKind(path)) === 'confluence' ? 'confluence-json' : 'jsonl';
  }
  const files = await listFiles(path);
  if (files.some((f) => f.endsWith('entities.xml'))) return 'confluence-xml';
  for (const f of files.filter((x) => /\.html?$/i.test(x)))
    if ((await readFile(f, 'utf8')).includes('id="main-content"')) return 'confluence-xml';
  for (const f of files.filter((x) => /\.jsonl?$/i.test(x) && !/\.meta\.json$/i.test(x))) {
    const kind = await jsonKind(f);
    if (kind === 'confluence') return 'confluence-json';
    if (kind === 'snapshot') return 'folder';
  }
  return 'folder';
}

/** What a JSON or JSONL file holds (`jsonDocumentKind` on every parsed record); unparseable is undefined. */
async function jsonKind(file: string): Promise<'snapshot' | 'confluence' | undefined> {
  try {
    return jsonDocumentKind(parseRecords(await readFile(file, 'utf8'), file).map((r) => r.value));
  } catch {
    return undefined; // the reader of the chosen format reports the syntax error with its place
  }
}

/** The name of an XML file's root element, read only as far as it (prolog and comments skipped). */
async function rootElement(file: string): Promise<string | undefined> {
  const handle = await open(file, 'r');
  try {
    let text = '';
    const chunk = Buffer.alloc(1 << 16);
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      text += chunk.subarray(0, bytesRead).toString('utf8');
      const m = /^(?:\uFEFF)?\s*(?:(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<([\w:.-]+)/i.exec(text);
      if (m) return m[1];
      if (bytesRead === 0) return undefined;
    }
  } finally {
    await handle.close();
  }
}

async function listFiles(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
    .sort();
}

async function readConfluenceJson(path: string, isDir: boolean): Promise<ImportResult> {
  const collector = confluenceJsonCollector();
  let notJson = 0;
  // One file at a time: its parsed JSON is dropped once its versions are taken.
  const add = (text: string, file: string) => {
    for (const r of parseRecords(text, file)) collector.add(r.value);
  };
  if (path.toLowerCase().endsWith('.zip')) {
    await eachZipEntry(path, async (name, read) => {
      if (/\.jsonl?$/i.test(name)) add(await read(), `${path}!${name}`);
      else notJson++;
    });
  } else {
    const all = isDir ? await listFiles(path) : [path];
    const files = isDir ? all.filter((f) => /\.jsonl?$/i.test(f)) : all;
    notJson = all.length - files.length;
    for (const f of files) add(await readFile(f, 'utf8'), f);
  }
  const result = collector.finish();
  return notJson ? { ...result, skipped: { ...result.skipped, 'file not JSON': notJson } } : result;
}

async function readSpaceExport(path: string, isDir: boolean): Promise<ImportResult> {
  const xml = new EntitiesXmlReader();
  let sawXml = false;
  const html: ImportResult = { pages: [], skipped: {}, warnings: [] };
  const skip = (why: string) => {
    html.skipped[why] = (html.skipped[why] ?? 0) + 1;
  };
  const addHtml = (name: string, text: string) => {
    if (/(^|[\\/])index\.html?$/i.test(name)) return skip('index page');
    const page = htmlExportPage(name, text);
    if (page) html.pages.push(page);
    else skip('HTML file without div#main-content');
  };
  if (path.toLowerCase().endsWith('.zip')) {
    await eachZipEntry(path, async (name, read, stream) => {
      if (name.endsWith('entities.xml')) {
        sawXml = true;
        for await (const chunk of await stream()) xml.write(chunk as string);
      } else if (/\.html?$/i.test(name)) addHtml(name, await read());
    });
  } else {
    const files = isDir ? await listFiles(path) : [path];
    for (const f of files) {
      if (f.endsWith('.xml') && (!isDir || f.endsWith('entities.xml'))) {
        sawXml = true;
        for await (const chunk of createReadStream(f, { encoding: 'utf8', highWaterMark: 1 << 20 }))
          xml.write(chunk as string);
      } else if (/\.html?$/i.test(f)) addHtml(f, await readFile(f, 'utf8'));
    }
  }
  if (sawXml) return xml.end();
  if (!html.pages.length)
    html.warnings.push('no entities.xml and no Confluence HTML export pages (div#main-content) found');
  return html;
}

type ZipVisitor = (
  name: string,
  read: () => Promise<string>,
  stream: () => Promise<NodeJS.ReadableStream>,
) => Promise<void>;

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: true }, (err, zip) => {
      if (err || !zip)
        reject(
          new InputError({
            rule: 'zip-unreadable',
            message: `cannot read zip ${path}: ${err?.message ?? 'unknown error'}`,
            file: path,
          }),
        );
      else resolve(zip);
    });
  });
}

async function zipEntryNames(path: string): Promise<string[]> {
  const names: string[] = [];
  await eachZipEntry(path, async (name) => {
    names.push(name);
  });
  return names;
}

/** Visits every file entry in order, streaming each only when the visitor asks for it. */
async function eachZipEntry(path: string, visit: ZipVisitor): Promise<void> {
  const zip = await openZip(path);
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      const stream = () =>
        new Promise<NodeJS.ReadableStream>((res, rej) =>
          zip.openReadStream(entry, (err, s) => (err || !s ? rej(err) : res(s.setEncoding('utf8')))),
        );
      const read = async () => {
        let text = '';
        for await (const chunk of await stream()) text += chunk as string;
        return text;
      };
      visit(entry.fileName, read, stream).then(() => zip.readEntry(), reject);
    });
    zip.readEntry();
  });
}
