import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '@gamut/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchProvider } from '../search-spec.js';
import { openLocalSearch } from './local-search.js';
import { passagesOf } from './passages.js';

const STEW_EN = `# Beef bourguignon

Beef bourguignon is a stew of beef braised in red wine, traditionally red Burgundy.

It is cooked with lardons, onions and mushrooms, and flavoured with garlic and a bouquet garni.
`;
const STEW_KO = `# 김치찌개

김치찌개는 잘 익은 김치와 돼지고기를 넣고 끓인 한국의 찌개이다.

두부와 대파를 더하기도 한다.
`;
const PAGODA_HTML = `<!doctype html><html><head><title>Bulguksa</title><style>p{color:red}</style></head>
<body><h1>Bulguksa temple</h1><p>Bulguksa is a Buddhist temple in Gyeongju, built in 774.</p>
<script>var x = "stew";</script></body></html>`;

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'gamut-local-search-'));
  writeFileSync(join(folder, 'bourguignon.md'), STEW_EN);
  mkdirSync(join(folder, 'ko'));
  writeFileSync(join(folder, 'ko', '김치찌개.txt'), STEW_KO);
  writeFileSync(join(folder, 'temple.html'), PAGODA_HTML);
  writeFileSync(join(folder, 'notes.pdf'), 'not read');
  mkdirSync(join(folder, '.hidden'));
  writeFileSync(join(folder, '.hidden', 'secret.md'), 'beef stew secret');
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('local:<folder>', () => {
  it('finds an English document by a stemmed query, its passage as the excerpt', async () => {
    const search = await openLocalSearch({ folder });
    const [top, ...rest] = await search.search('stews braised in wine');
    expect(top).toMatchObject({
      url: 'local:bourguignon.md',
      title: 'Beef bourguignon',
      // Its paragraphs are short enough to make one passage (at most 600 characters).
      excerpt: STEW_EN.trim(),
      rank: 1,
    });
    expect(top?.score).toBeGreaterThan(0);
    // Neither the Korean page nor the script of the HTML page says "stew" or "wine".
    expect(rest.map((r) => r.url)).toEqual([]);
  });

  it('finds Korean text whatever particle follows a word (bigrams)', async () => {
    const search = await openLocalSearch({ folder });
    const hits = await search.search('김치찌개에 들어가는 고기');
    expect(hits[0]).toMatchObject({ url: 'local:ko/김치찌개.txt', title: '김치찌개', rank: 1 });
    expect(hits[0]?.excerpt).toContain('돼지고기를 넣고 끓인');
    expect(hits.map((r) => r.url)).not.toContain('local:bourguignon.md');
  });

  it('reads HTML as the text a reader sees, titled by <title>', async () => {
    const search = await openLocalSearch({ folder });
    expect((await search.search('Gyeongju temple'))[0]).toMatchObject({ url: 'local:temple.html', title: 'Bulguksa' });
    const doc = await search.fetch('local:temple.html');
    expect(doc.text).toBe('Bulguksa temple\n\nBulguksa is a Buddhist temple in Gyeongju, built in 774.');
    expect(doc.content_type).toBe('text/html');
  });

  it('skips other file types and hidden folders, and keeps one result per document within the limit', async () => {
    const search = await openLocalSearch({ folder });
    const all = await search.search('beef stew secret notes temple 김치', { limit: 10 });
    expect(all.map((r) => r.url).sort()).toEqual([
      'local:bourguignon.md',
      'local:ko/김치찌개.txt',
      'local:temple.html',
    ]);
    expect(await search.search('beef stew secret notes temple 김치', { limit: 2 })).toHaveLength(2);
  });

  it('fetches a document by its URL with the hash of its bytes, and refuses paths outside the folder', async () => {
    const search = await openLocalSearch({ folder, now: () => new Date('2026-12-01T00:00:00Z') });
    const doc = await search.fetch('local:ko/김치찌개.txt');
    expect(doc).toEqual({
      url: 'local:ko/김치찌개.txt',
      final_url: 'local:ko/김치찌개.txt',
      title: '김치찌개',
      content_type: 'text/plain',
      text: STEW_KO,
      content_hash: sha256Hex(STEW_KO),
      fetched_at: '2026-12-01T00:00:00.000Z',
    });
    await expect(search.fetch('local:../etc/passwd.txt')).rejects.toMatchObject({ kind: 'config' });
    await expect(search.fetch('local:/etc/hosts.txt')).rejects.toMatchObject({ kind: 'config' });
    await expect(search.fetch('local:notes.pdf')).rejects.toMatchObject({ kind: 'config' });
    await expect(search.fetch('local:gone.md')).rejects.toMatchObject({
      kind: 'not_found',
      message: expect.stringContaining('the file is gone'),
    });
  });

  it('is what the spec local:<folder> opens, resolved against baseDir, recording the spec as given', async () => {
    const search = await createSearchProvider('local:ko', { baseDir: folder });
    expect(search).toMatchObject({ provider: 'local', spec: 'local:ko', specificationVersion: 'search-v1' });
    expect((await search.search('두부'))[0]?.url).toBe('local:김치찌개.txt');
  });

  it('says what is wrong with a folder that is missing or holds no document', async () => {
    await expect(openLocalSearch({ folder: join(folder, 'nope') })).rejects.toMatchObject({ kind: 'not_found' });
    const empty = mkdtempSync(join(tmpdir(), 'gamut-local-empty-'));
    await expect(openLocalSearch({ folder: empty })).rejects.toThrow(/holds no \.md, \.txt or \.html document/);
    rmSync(empty, { recursive: true });
  });
});

describe('passagesOf', () => {
  it('splits at blank lines and joins short neighbours, with offsets into the text', () => {
    const text = 'One.\n\nTwo two.\n  \n\nThree three three.';
    // "One." at [0,4), "Two two." at [6,14), then "\\n  \\n\\n" and "Three three three." at [19,37).
    expect(passagesOf(text, 1000)).toEqual([{ start: 0, end: 37 }]);
    expect(passagesOf(text, 10)).toEqual([
      { start: 0, end: 4 },
      { start: 6, end: 14 },
      { start: 19, end: 37 },
    ]);
    expect(passagesOf(text, 14)).toEqual([
      { start: 0, end: 14 },
      { start: 19, end: 37 },
    ]);
  });
});
