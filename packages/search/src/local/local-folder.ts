import { readdir, readFile } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { sha256Hex } from '@gamut/core';
import { SearchError } from '../search-error.js';
import { documentText, MEDIA_TYPES } from '../text/document-text.js';

/** One document of a local folder, read and turned into text. */
export interface LocalDocument {
  /** `local:<path inside the folder>`, with `/` on every platform. */
  url: string;
  title: string;
  contentType: string;
  text: string;
  contentHash: string;
}

const PREFIX = 'local:';

/** Every readable document under `folder` (hidden entries and node_modules skipped), in path order. */
export async function readLocalFolder(folder: string): Promise<LocalDocument[]> {
  let entries: string[];
  try {
    entries = await readdir(folder, { recursive: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new SearchError(
      `local search: cannot read the folder ${folder} (${code ?? String(e)}); give local:<folder of .md, .txt or .html files>`,
      { kind: code === 'ENOENT' ? 'not_found' : 'config', provider: 'local', cause: e },
    );
  }
  const paths = entries
    .map((p) => p.split(sep).join('/'))
    .filter((p) => MEDIA_TYPES[extname(p).toLowerCase()] !== undefined)
    .filter((p) => !p.split('/').some((part) => part.startsWith('.') || part === 'node_modules'))
    .sort();
  if (paths.length === 0) {
    throw new SearchError(`local search: ${folder} holds no .md, .txt or .html document`, {
      kind: 'config',
      provider: 'local',
    });
  }
  return Promise.all(paths.map((p) => readLocalDocument(folder, `${PREFIX}${p}`)));
}

/** One document by its `local:` URL; a URL outside the folder or of another type is refused. */
export async function readLocalDocument(folder: string, url: string): Promise<LocalDocument> {
  const path = url.startsWith(PREFIX) ? url.slice(PREFIX.length) : undefined;
  const contentType = path === undefined ? undefined : MEDIA_TYPES[extname(path).toLowerCase()];
  const file = path === undefined ? '' : resolve(folder, path);
  const inside = path !== undefined && !isAbsolute(path) && !relative(resolve(folder), file).startsWith('..');
  if (contentType === undefined || !inside) {
    throw new SearchError(`local search: ${url} is not a document of ${folder} (local:<path inside the folder>)`, {
      kind: 'config',
      provider: 'local',
      url,
    });
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(join(resolve(folder), path as string));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new SearchError(`local search: ${url}: ${code === 'ENOENT' ? 'the file is gone' : String(e)}`, {
      kind: code === 'ENOENT' ? 'not_found' : 'config',
      provider: 'local',
      url,
      cause: e,
    });
  }
  const name = (path as string).split('/').pop() as string;
  const { title, text } = documentText(bytes.toString('utf8'), contentType, name.replace(/\.[^.]+$/, ''));
  return { url, title, contentType, text, contentHash: sha256Hex(new Uint8Array(bytes)) };
}
