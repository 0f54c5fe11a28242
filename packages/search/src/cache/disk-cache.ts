import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  type FetchedDocument,
  FetchedDocument as FetchedDocumentSchema,
  type SearchResult,
  StoreError,
  sha256Hex,
} from '@gamut/core';
import { z } from 'zod';

/**
 * Where fetched documents and search replies are kept, so a re-run or an audit replays without
 * the network. Layout under the folder:
 * - `documents/<content hash>.json`: one fetched document per distinct body (two URLs serving the
 *   same bytes share it), its raw body beside it as `bodies/<content hash>`;
 * - `urls/<sha256 of the URL>.json`: the URL's fetches, newest last, each naming its content hash;
 * - `searches/<sha256 of provider, query, limit>.json`: one search's results.
 * Files are written whole, through a temporary name, so a killed process leaves none half-written.
 */
export interface DiskCache {
  readonly dir: string;
  /** The latest copy of `url`, if it was ever fetched. */
  document(url: string): Promise<FetchedDocument | undefined>;
  /** The copy whose body hashes to `contentHash` (the version a snippet was cut from). */
  documentByHash(contentHash: string): Promise<FetchedDocument | undefined>;
  putDocument(doc: FetchedDocument, body: string): Promise<void>;
  searchResults(key: SearchKey): Promise<SearchResult[] | undefined>;
  putSearchResults(key: SearchKey, results: SearchResult[], at: string): Promise<void>;
}

/** What one search is cached under: the provider spec (never its key), the query and the limit. */
export interface SearchKey {
  spec: string;
  query: string;
  limit: number;
}

const UrlRecord = z.object({
  url: z.string(),
  fetches: z.array(z.object({ content_hash: z.string(), final_url: z.string(), fetched_at: z.string() })).min(1),
});
type UrlRecord = z.infer<typeof UrlRecord>;

const SearchRecord = z.object({
  spec: z.string(),
  query: z.string(),
  limit: z.number(),
  searched_at: z.string(),
  results: z.array(z.custom<SearchResult>()),
});

export function openDiskCache(dir: string): DiskCache {
  const urlFile = (url: string) => join(dir, 'urls', `${sha256Hex(url)}.json`);
  const docFile = (hash: string) => join(dir, 'documents', `${hash}.json`);
  const searchFile = (k: SearchKey) =>
    join(dir, 'searches', `${sha256Hex(JSON.stringify([k.spec, k.query, k.limit]))}.json`);

  const documentByHash = async (hash: string) => {
    if (!/^[0-9a-f]{64}$/.test(hash)) return undefined;
    const json = await readJson(docFile(hash));
    return json === undefined ? undefined : FetchedDocumentSchema.parse(json);
  };

  return {
    dir,
    async document(url) {
      const json = await readJson(urlFile(url));
      if (json === undefined) return undefined;
      const last = UrlRecord.parse(json).fetches.at(-1);
      const doc = last && (await documentByHash(last.content_hash));
      return doc && { ...doc, url, final_url: last.final_url, fetched_at: last.fetched_at };
    },
    documentByHash,
    async putDocument(doc, body) {
      await writeAtomic(join(dir, 'bodies', doc.content_hash), body);
      if ((await readJson(docFile(doc.content_hash))) === undefined) {
        await writeAtomic(docFile(doc.content_hash), JSON.stringify(doc));
      }
      const old = await readJson(urlFile(doc.url));
      const record: UrlRecord = old === undefined ? { url: doc.url, fetches: [] } : UrlRecord.parse(old);
      record.fetches.push({ content_hash: doc.content_hash, final_url: doc.final_url, fetched_at: doc.fetched_at });
      await writeAtomic(urlFile(doc.url), JSON.stringify(record));
    },
    async searchResults(key) {
      const json = await readJson(searchFile(key));
      return json === undefined ? undefined : SearchRecord.parse(json).results;
    },
    async putSearchResults(key, results, at) {
      await writeAtomic(searchFile(key), JSON.stringify({ ...key, searched_at: at, results }));
    },
  };
}

async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new StoreError(`${file}: the fetch cache holds a damaged file (not JSON); delete it and fetch again`);
  }
}

async function writeAtomic(file: string, content: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, content);
  await rename(tmp, file);
}
