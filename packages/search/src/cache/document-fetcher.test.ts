import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '@gamut/core';
import { listenLocal } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDiskCache } from './disk-cache.js';
import { createDocumentFetcher } from './document-fetcher.js';

const PAGE_V1 = '<html><head><title>Stew</title></head><body><p>Braised in red wine.</p></body></html>';
const PAGE_V2 = '<html><head><title>Stew</title></head><body><p>Now: braised in red wine.</p></body></html>';
// "김치" in EUC-KR.
const EUC_KR = new Uint8Array([0xb1, 0xe8, 0xc4, 0xa1]);

let page = PAGE_V1;
let hits = 0;
let origin: string;
let close: () => Promise<void>;
let root: string;
const now = () => new Date('2026-12-01T12:00:00Z');

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'gamut-fetch-'));
  const server = await listenLocal((req, res) => {
    hits++;
    if (req.url === '/stew') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    if (req.url === '/old') return res.writeHead(301, { location: '/stew' }).end();
    if (req.url === '/ko') return res.writeHead(200, { 'content-type': 'text/plain; charset=euc-kr' }).end(EUC_KR);
    if (req.url === '/paper.pdf') return res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4');
    if (req.url === '/busy') return res.writeHead(503).end();
    res.writeHead(404).end('not here');
  });
  origin = server.origin;
  close = server.close;
});
afterAll(async () => {
  await close();
  rmSync(root, { recursive: true, force: true });
});

describe('the document fetcher', () => {
  it('fetches, extracts text and hashes the raw body; a second fetch is served from the cache', async () => {
    const cache = openDiskCache(join(root, 'a'));
    const fetcher = createDocumentFetcher({ cache, now });
    const before = hits;
    const doc = await fetcher.fetch(`${origin}/stew`);
    expect(doc).toEqual({
      url: `${origin}/stew`,
      final_url: `${origin}/stew`,
      title: 'Stew',
      content_type: 'text/html',
      text: 'Braised in red wine.',
      content_hash: sha256Hex(PAGE_V1),
      fetched_at: '2026-12-01T12:00:00.000Z',
    });
    expect(await fetcher.fetch(`${origin}/stew`)).toEqual(doc);
    expect(hits - before).toBe(1);
    expect(readdirSync(join(root, 'a', 'bodies'))).toEqual([sha256Hex(PAGE_V1)]);
  });

  it('replays offline from the cache, and names the URL it does not have', async () => {
    const cache = openDiskCache(join(root, 'b'));
    await createDocumentFetcher({ cache, now }).fetch(`${origin}/stew`);
    const before = hits;
    const offline = createDocumentFetcher({ cache, mode: 'only' });
    expect((await offline.fetch(`${origin}/stew`)).text).toBe('Braised in red wine.');
    const e = await offline.fetch(`${origin}/never`).catch((x: unknown) => x);
    expect(e).toMatchObject({ kind: 'not_cached', url: `${origin}/never` });
    expect((e as Error).message).toBe(
      `offline: ${origin}/never is not in the fetch cache (${join(root, 'b')}); run once without --offline to fetch it`,
    );
    expect(hits).toBe(before);
  });

  it('refresh fetches again and keeps every version by its hash', async () => {
    const cache = openDiskCache(join(root, 'c'));
    const v1 = await createDocumentFetcher({ cache, now }).fetch(`${origin}/stew`);
    page = PAGE_V2;
    try {
      const v2 = await createDocumentFetcher({ cache, now, mode: 'refresh' }).fetch(`${origin}/stew`);
      expect(v2.text).toBe('Now: braised in red wine.');
      expect(v2.content_hash).toBe(sha256Hex(PAGE_V2));
      expect((await cache.document(`${origin}/stew`))?.content_hash).toBe(v2.content_hash);
      expect((await cache.documentByHash(v1.content_hash))?.text).toBe('Braised in red wine.');
    } finally {
      page = PAGE_V1;
    }
  });

  it('follows redirects, keeping the asked URL as the key and the final one beside it', async () => {
    const doc = await createDocumentFetcher({ cache: openDiskCache(join(root, 'd')) }).fetch(`${origin}/old`);
    expect(doc).toMatchObject({ url: `${origin}/old`, final_url: `${origin}/stew`, text: 'Braised in red wine.' });
  });

  it('decodes the charset the header names (EUC-KR) while hashing the bytes as sent', async () => {
    const doc = await createDocumentFetcher({ cache: openDiskCache(join(root, 'e')) }).fetch(`${origin}/ko`);
    expect(doc).toMatchObject({ text: '김치', content_type: 'text/plain', content_hash: sha256Hex(EUC_KR) });
  });

  it('turns 404, 5xx and unreadable types into typed errors', async () => {
    const fetcher = createDocumentFetcher({ cache: openDiskCache(join(root, 'f')) });
    await expect(fetcher.fetch(`${origin}/gone`)).rejects.toMatchObject({
      kind: 'not_found',
      message: `fetch ${origin}/gone: HTTP 404: the document is gone`,
    });
    await expect(fetcher.fetch(`${origin}/busy`)).rejects.toMatchObject({
      kind: 'server',
      details: { retryable: true },
    });
    await expect(fetcher.fetch(`${origin}/paper.pdf`)).rejects.toMatchObject({
      kind: 'unsupported',
      message: expect.stringContaining('a application/pdf document cannot be read as text'),
    });
    await expect(fetcher.fetch('ftp://example.org/x')).rejects.toMatchObject({ kind: 'config' });
  });
});
