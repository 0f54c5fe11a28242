import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ragSnapshotId } from '@gamut/core';
import { pageText } from '@gamut/wiki';
import { describe, expect, it } from 'vitest';
import { caughtInputError } from '../test-support/caught.js';
import { importWiki } from './import-wiki.js';
import { loadWikiSnapshot } from './load-snapshot.js';

const fixture = (p: string) => new URL(`../../../../fixtures/wiki/${p}`, import.meta.url).pathname;
const brief = (pages: readonly { page_id: string; version: number; status: string; space?: string }[]) =>
  pages.map((p) => `${p.page_id}@${p.version}:${p.status}${p.space ? `:${p.space}` : ''}`);

const caught = caughtInputError;

describe('Confluence REST v2 JSON import', () => {
  it('reads pages, list replies, the versions endpoint and ?version= fetches; maps spaces; skips trashed', async () => {
    const r = await importWiki(fixture('confluence/rest-v2'));
    expect(r.format).toBe('confluence-json');
    expect(brief(r.snapshot.pages)).toEqual([
      '98001@1:historical:OPS',
      '98001@2:current:OPS',
      '98002@1:archived:OPS',
      '98003@1:current:OPS',
      // fetched with ?version=1 it said "current"; only the newest version is
      '98130@1:historical:OPS',
      '98130@2:current:OPS',
    ]);
    expect(r.skipped).toEqual({ 'status trashed': 1 });
    const v1 = r.snapshot.pages[0];
    expect(v1?.title).toBe('P1 장애 고객 공지 정책');
    expect(v1?.updated_at).toBe('2024-03-04T09:00:00.000Z');
    expect(v1 && pageText(v1).text).toContain('P1 장애가 발생하면 고객에게 60분 이내 공지한다.');
    expect(r.snapshot.current.get('98001')?.version).toBe(2);
  });

  it('reads the same export zipped', async () => {
    const dir = await importWiki(fixture('confluence/rest-v2'));
    const zip = await importWiki(fixture('confluence/rest-v2.zip'));
    expect(zip.snapshot.id).toBe(dir.snapshot.id);
  });
});

describe('Confluence space export import', () => {
  it('reads entities.xml: historical versions via originalVersion, archived kept, deleted skipped, nested CDATA intact', async () => {
    const r = await importWiki(fixture('confluence/space-export'));
    expect(r.format).toBe('confluence-xml');
    expect(brief(r.snapshot.pages)).toEqual(['98001@1:historical:OPS', '98001@2:current:OPS', '98002@1:archived:OPS']);
    expect(r.skipped).toEqual({ 'status deleted': 1 });
    const cur = r.snapshot.current.get('98001');
    expect(cur?.body).toContain('<![CDATA[notify --sev P1]]>');
    expect(cur && pageText(cur).text).toBe(
      'P1 장애 고객 공지 정책\nP1 장애가 발생하면 고객에게 30분 이내 공지한다.\nnotify --sev P1',
    );
    expect(cur?.updated_at).toBe('2025-01-15T09:00:00.000');
  });

  it('streams the zipped export to the same snapshot', async () => {
    const a = await importWiki(fixture('confluence/space-export'));
    const b = await importWiki(fixture('confluence/space-export.zip'));
    expect(b.snapshot.id).toBe(a.snapshot.id);
  });

  it('reads an HTML export folder: id from the file name, space and title from the heading, main content only', async () => {
    const r = await importWiki(fixture('confluence/html-export'));
    expect(brief(r.snapshot.pages)).toEqual(['98001@1:current:Operations']);
    const p = r.snapshot.pages[0];
    expect(p?.title).toBe('P1 장애 고객 공지 정책');
    expect(p && pageText(p).text).toBe(
      '공지 시한\nP1 장애가 발생하면 고객에게 30분 이내 공지한다. 상태 페이지에 먼저 게시한다.\nnotify --sev P1 && echo done\n등급 | 시한\n등급: P1 | 시한: 30분',
    );
  });
});

describe('snapshots', () => {
  it('loads the bundled JSONL snapshot with 35 versions and a stable id', async () => {
    const s = await loadWikiSnapshot(fixture('wiki.jsonl'));
    expect(s.pages.length).toBe(35);
    expect(s.current.size).toBe(19);
    expect(s.current.get('POL-101')?.version).toBe(2);
    expect(s.current.has('POL-099')).toBe(false);
    expect(s.id).toMatch(/^[0-9a-f]{64}$/);
    // Order of lines does not change the id.
    expect(ragSnapshotId([...s.pages].reverse())).toBe(s.id);
  });

  it('loads a folder of pages (front matter, sidecar metadata, defaults) to the same snapshot as its import', async () => {
    const folder = await loadWikiSnapshot(fixture('pages'));
    const jsonl = await loadWikiSnapshot(fixture('wiki.jsonl'));
    expect(folder.id).toBe(jsonl.id);
    const dir = await mkdtemp(join(tmpdir(), 'gamut-wiki-'));
    await writeFile(join(dir, 'HR-1.md'), '# Leave\n\nFifteen days.');
    await writeFile(join(dir, 'IT-9.xml'), '<h1>VPN</h1><p>WireGuard.</p>');
    await writeFile(
      join(dir, 'IT-9.meta.json'),
      JSON.stringify({ page_id: 'IT-9', version: 4, space: 'IT', title: 'VPN access' }),
    );
    const s = await loadWikiSnapshot(dir);
    expect(s.pages.map((p) => [p.page_id, p.title, p.version, p.format, p.status])).toEqual([
      ['HR-1', 'Leave', 1, 'markdown', 'current'],
      ['IT-9', 'VPN access', 4, 'storage', 'current'],
    ]);
  });

  it('refuses two current versions of one page, naming the page and both lines', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gamut-wiki-'));
    const file = join(dir, 'w.jsonl');
    const line = (v: number, status: string) =>
      JSON.stringify({ page_id: 'POL-101', title: 'T', status, version: v, body: 'b', format: 'text' });
    await writeFile(file, [line(1, 'current'), line(2, 'historical'), line(3, 'current')].join('\n'));
    const e = await caught(loadWikiSnapshot(file));
    expect(e.issues).toHaveLength(1);
    expect(e.issues[0]).toMatchObject({ rule: 'duplicate-current', file, line: 3, item: 'POL-101' });
    expect(e.issues[0]?.message).toContain('line 1, line 3');
  });

  it('reports every bad line with its number and the page id', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gamut-wiki-'));
    const file = join(dir, 'w.jsonl');
    await writeFile(
      file,
      [
        JSON.stringify({ page_id: 'A', title: 'a', status: 'current', version: 1, body: '' }),
        JSON.stringify({ page_id: 'B', title: 'b', status: 'live', version: 1, body: '' }),
        JSON.stringify({ page_id: 'C', title: 'c', status: 'current', version: 0, body: '' }),
      ].join('\n'),
    );
    const e = await caught(loadWikiSnapshot(file));
    expect(e.issues.map((i) => [i.line, i.path, i.item])).toEqual([
      [2, 'status', 'B'],
      [3, 'version', 'C'],
    ]);
  });
});
