import { stat } from 'node:fs/promises';
import { InputError } from '@gamut/core';
import { buildSnapshot, parsePageRecords, type WikiSnapshot } from '@gamut/wiki';
import { nodeSha256 } from '../files/node-sha256.js';
import { readRecords } from '../files/read-records.js';
import { readPageFolder } from './folder-pages.js';

/** Loads a snapshot from a JSONL (or JSON array) of WikiPage, or from a folder of page files. */
export async function loadWikiSnapshot(path: string): Promise<WikiSnapshot> {
  let isDir = false;
  try {
    isDir = (await stat(path)).isDirectory();
  } catch {
    throw new InputError({
      rule: 'file-unreadable',
      message: `cannot read ${path}: no such file or folder`,
      file: path,
    });
  }
  if (isDir) {
    const { pages, origins } = await readPageFolder(path);
    return buildSnapshot(pages, { origins, source: path, sha256: nodeSha256 });
  }
  const { pages, origins } = parsePageRecords(await readRecords(path));
  return buildSnapshot(pages, { origins, source: path, sha256: nodeSha256 });
}
