import { fromZodError, InputError, WikiPage } from '@gamut/core';
import { parse as parseYaml } from 'yaml';

/** Page files by extension; `.json` files hold a WikiPage or its metadata with `body`. */
export const PAGE_FILE_FORMATS: Readonly<Record<string, WikiPage['format']>> = {
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.txt': 'text',
  '.xml': 'storage',
  '.html': 'storage',
  '.xhtml': 'storage',
};

/** A sidecar of page metadata: `<name>.meta.json|yaml` beside the page file. */
export const SIDECAR_FILE = /\.meta\.(json|ya?ml)$/i;

export interface PageFile {
  /** The file's path relative to the folder of pages, `/`-separated; its first folder is the page's space. */
  readonly path: string;
  readonly text: string;
  /** A `.json` page file's content, parsed (by the caller, which can name the line of a syntax error). */
  readonly json?: Record<string, unknown>;
  /** The sidecar's metadata, parsed; it wins over the file's own. */
  readonly sidecar?: Record<string, unknown>;
  /** The name issues give for the file (default `path`). */
  readonly file?: string;
}

/** The extension of a page file (lower case, with its dot), or undefined when it is not one. */
export function pageFileExtension(path: string): string | undefined {
  if (SIDECAR_FILE.test(path)) return undefined;
  const ext = /\.[^./\\]+$/.exec(path)?.[0]?.toLowerCase();
  return ext !== undefined && (ext === '.json' || ext in PAGE_FILE_FORMATS) ? ext : undefined;
}

/**
 * One page version from one file of a folder of pages. Markdown and text may
 * open with YAML front matter; metadata in the file comes first, the sidecar's
 * over it. Defaults: page_id = the file name without extension, version 1,
 * status current, title = the first heading or the file name, space = the
 * first sub-folder, if any. Throws an InputError naming the file and page.
 */
export function pageFromFile(f: PageFile): WikiPage {
  const file = f.file ?? f.path;
  const ext = pageFileExtension(f.path);
  if (ext === undefined) throw new InputError({ rule: 'page-file', message: `${f.path} is not a page file`, file });
  const name = f.path.split('/').at(-1) ?? f.path;
  const stem = name.slice(0, name.length - ext.length);
  const folder = f.path.includes('/') ? f.path.split('/')[0] : undefined;
  const text = f.text.replace(/^\uFEFF/, '');
  let meta: Record<string, unknown> = {};
  let body = text;
  if (ext === '.json') {
    meta = f.json ?? {};
    body = typeof meta.body === 'string' ? meta.body : '';
  } else {
    const fm = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
    if (fm) {
      try {
        meta = (parseYaml(fm[1] ?? '') as Record<string, unknown>) ?? {};
      } catch (e) {
        throw new InputError({
          rule: 'page-metadata',
          message: `cannot read page metadata: ${(e as Error).message}`,
          file,
        });
      }
      body = text.slice(fm[0].length);
    }
  }
  meta = { ...meta, ...f.sidecar };
  const format = PAGE_FILE_FORMATS[ext] ?? 'text';
  const candidate = {
    page_id: stem,
    version: 1,
    status: 'current',
    title: firstHeading(body, format) ?? stem,
    ...(folder !== undefined && { space: folder }),
    format,
    ...meta,
    ...(meta.updated_at instanceof Date && { updated_at: meta.updated_at.toISOString() }),
    body,
  };
  const parsed = WikiPage.safeParse(candidate);
  if (!parsed.success)
    throw new InputError(
      fromZodError(parsed.error, candidate, { file }).map((i) => ({ ...i, item: String(candidate.page_id) })),
    );
  return parsed.data;
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
