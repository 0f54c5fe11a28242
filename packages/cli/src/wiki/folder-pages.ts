import { readdir, readFile } from 'node:fs/promises';
import { basename, extname, join, relative, sep } from 'node:path';
import { fromZodError, InputError, type Issue, WikiPage } from '@gamut/core';
import type { PageOrigin } from '@gamut/wiki';
import { parse as parseYaml } from 'yaml';
import { parseText } from '../io/read-records.js';

const PAGE_EXT: Record<string, WikiPage['format']> = {
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.txt': 'text',
  '.xml': 'storage',
  '.html': 'storage',
  '.xhtml': 'storage',
};
const SIDECAR = /\.meta\.(json|ya?ml)$/i;

/** A page's JSON (or a sidecar's JSON or YAML) metadata, read as every input is: problems at their line and column. */
function metadataOf(text: string, file: string): Record<string, unknown> {
  const { records, issues } = parseText(text, file);
  if (issues.length) throw new InputError(issues);
  const value = records[0]?.value;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * A folder of pages, one file per page version: `.json` (a WikiPage, or its
 * metadata with `body`), `.md`/`.txt` (YAML front matter optional), `.xml`/`.html`
 * (storage format). Metadata may also sit in a sidecar `<name>.meta.json|yaml`.
 * Defaults: page_id = file name without extension, version 1, status current,
 * title = first heading or the file name, space = the sub-folder, if any.
 */
export async function readPageFolder(
  root: string,
  opts: { only?: string } = {},
): Promise<{ pages: WikiPage[]; origins: PageOrigin[] }> {
  const only = opts.only === undefined ? undefined : join(opts.only);
  const files = (await readdir(root, { recursive: only === undefined, withFileTypes: true }))
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
    // One page file (and its sidecar) when `only` names it.
    .filter(
      (f) => only === undefined || f === only || (SIDECAR.test(f) && f.startsWith(only.replace(/\.[^.\\/]+$/, ''))),
    )
    .sort();
  const sidecars = new Set(files.filter((f) => SIDECAR.test(f)));
  const pages: WikiPage[] = [];
  const origins: PageOrigin[] = [];
  const issues: Issue[] = [];
  for (const file of files) {
    if (sidecars.has(file)) continue;
    const ext = extname(file).toLowerCase();
    if (ext !== '.json' && !(ext in PAGE_EXT)) continue;
    const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
    const stem = basename(file, extname(file));
    const rel = relative(root, file);
    const folder = rel.includes(sep) ? rel.split(sep)[0] : undefined;
    let meta: Record<string, unknown> = {};
    let body = text;
    try {
      if (ext === '.json') {
        meta = metadataOf(text, file);
        body = typeof meta.body === 'string' ? meta.body : '';
      } else {
        const fm = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
        if (fm) {
          meta = (parseYaml(fm[1] ?? '') as Record<string, unknown>) ?? {};
          body = text.slice(fm[0].length);
        }
      }
      const sidecar = files.find(
        (f) =>
          sidecars.has(f) &&
          (f.startsWith(`${join(root, rel)}.meta.`) || f.startsWith(`${join(root, rel.slice(0, -ext.length))}.meta.`)),
      );
      if (sidecar) {
        const s = await readFile(sidecar, 'utf8');
        meta = { ...meta, ...metadataOf(s, sidecar) };
      }
    } catch (e) {
      if (InputError.isInputError(e)) {
        issues.push(...e.issues);
        continue;
      }
      issues.push({ rule: 'page-metadata', message: `cannot read page metadata: ${(e as Error).message}`, file });
      continue;
    }
    const candidate = {
      page_id: stem,
      version: 1,
      status: 'current',
      title: firstHeading(body, PAGE_EXT[ext] ?? 'text') ?? stem,
      ...(folder !== undefined && { space: folder }),
      format: PAGE_EXT[ext] ?? 'text',
      ...meta,
      ...(meta.updated_at instanceof Date && { updated_at: meta.updated_at.toISOString() }),
      body,
    };
    const parsed = WikiPage.safeParse(candidate);
    if (!parsed.success) {
      issues.push(
        ...fromZodError(parsed.error, candidate, { file }).map((i) => ({ ...i, item: String(candidate.page_id) })),
      );
      continue;
    }
    pages.push(parsed.data);
    origins.push({ file });
  }
  if (issues.length) throw new InputError(issues);
  if (!pages.length)
    throw new InputError({
      rule: 'empty-folder',
      message: `no page files (.json, .md, .txt, .xml, .html) in ${root}`,
      file: root,
    });
  return { pages, origins };
}

function firstHeading(body: string, format: WikiPage['format']): string | undefined {
  if (format === 'markdown') return /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/m.exec(body)?.[1];
  if (format === 'storage')
    return (
      /<h[1-6][^>]*>([\s\S]*?)<\/h[1-6]>/i
        .exec(body)?.[1]
        ?.replace(/<[^>]+>/g, '')
        .trim() || undefined
    );
  return undefined;
}
