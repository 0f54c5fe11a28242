import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '@gamut/core';
import yauzl from 'yauzl';
import { parseRecords } from '../io/read-records.js';
import { confluenceJsonCollector, type ImportResult } from './confluence-json.js';
import { EntitiesXmlReader, htmlExportPage } from './confluence-xml.js';
import { buildSnapshot, loadWikiSnapshot, type WikiSnapshot } from './snapshot.js';

export const IMPORT_FORMATS = ['confluence-json', 'confluence-xml', 'folder', 'jsonl'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface WikiImport {
  readonly format: ImportFormat;
  readonly snapshot: WikiSnapshot;
  readonly skipped: Record<string, number>;
  readonly warnings: readonly string[];
}

/**
 * Reads a wiki from any supported source: a snapshot JSONL, a folder of pages,
 * a Confluence REST v2 JSON export (file, folder or .zip), or a Confluence space
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
  const result =
    format === 'confluence-json'
      ? await readConfluenceJson(path, info.isDirectory())
      : await readSpaceExport(path, info.isDirectory());
  if (!result.pages.length) {
    throw new InputError({
      rule: 'empty-export',
      message: `no page versions found in ${path} as ${format}`,
      file: path,
    });
  }
  return {
    format,
    snapshot: buildSnapshot(result.pages, [], path),
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
    if (lower.endsWith('.xml')) return 'confluence-xml';
    const head = (await readFile(path, 'utf8')).slice(0, 4000);
    return looksLikeConfluenceJson(head) ? 'confluence-json' : 'jsonl';
  }
  const files = await listFiles(path);
  if (files.some((f) => f.endsWith('entities.xml'))) return 'confluence-xml';
  const html = files.filter((f) => /\.html?$/i.test(f));
  for (const f of html.slice(0, 5))
    if ((await readFile(f, 'utf8')).includes('id="main-content"')) return 'confluence-xml';
  for (const f of files.filter((x) => x.endsWith('.json')).slice(0, 5)) {
    if (looksLikeConfluenceJson((await readFile(f, 'utf8')).slice(0, 4000))) return 'confluence-json';
  }
  return 'folder';
}

function looksLikeConfluenceJson(head: string): boolean {
  return /"(spaceId|storage|representation|createdAt)"\s*:/.test(head) && !/"page_id"\s*:/.test(head);
}

async function listFiles(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
    .sort();
}

async function readConfluenceJson(path: string, isDir: boolean): Promise<ImportResult> {
  const collector = confluenceJsonCollector();
  // One file at a time: its parsed JSON is dropped once its versions are taken.
  const add = (text: string, file: string) => {
    for (const r of parseRecords(text, file)) collector.add(r.value);
  };
  if (path.toLowerCase().endsWith('.zip')) {
    await eachZipEntry(path, async (name, read) => {
      if (/\.jsonl?$/i.test(name)) add(await read(), `${path}!${name}`);
    });
  } else {
    const files = isDir ? (await listFiles(path)).filter((f) => /\.jsonl?$/i.test(f)) : [path];
    for (const f of files) add(await readFile(f, 'utf8'), f);
  }
  return collector.finish();
}

async function readSpaceExport(path: string, isDir: boolean): Promise<ImportResult> {
  const xml = new EntitiesXmlReader();
  let sawXml = false;
  const html: ImportResult = { pages: [], skipped: {}, warnings: [] };
  const addHtml = (name: string, text: string) => {
    if (/(^|[\\/])index\.html?$/i.test(name)) return;
    const page = htmlExportPage(name, text);
    if (page) html.pages.push(page);
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
