import { readFileSync } from 'node:fs';
import { copyFile, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageText } from '@gamut/wiki';
import { describe, expect, it } from 'vitest';
import { caughtInputError } from '../test-support/caught.js';
import { importWiki } from './import-wiki.js';

// Our own Confluence exports (fixtures/wiki/confluence/own) as files, folders and zips: the file adapters end to end.
const fixture = (p: string) => new URL(`../../../../fixtures/wiki/confluence/${p}`, import.meta.url).pathname;

const caught = caughtInputError;

describe('space export (entities.xml)', () => {
  it('imports both escape forms, keeps the page after each code macro, and keeps the later of two revisions numbered alike', async () => {
    const r = await importWiki(fixture('own/space-export-escaped'));
    expect(r.snapshot.pages.map((p) => `${p.page_id}@${p.version}:${p.status}`)).toEqual([
      '200001@2:historical',
      '200001@3:current',
    ]);
    expect(r.warnings).toEqual([
      'page 200001 (Build runbook) has two revisions numbered 2 (objects 199001 and 199002); kept the later one, 199002',
    ]);
    expect(r.snapshot.pages[0]?.body).toBe('<p>Release builds take 15 minutes.</p>');
    const cur = r.snapshot.current.get('200001');
    expect(cur && pageText(cur).text).toBe(
      'Build runbook\nmake clean\nmake release\nRelease builds take 12 minutes.\nartifacts/ -> s3://builds\nAsk #build-help when a build fails.',
    );
  });
});

describe('HTML export of Confluence 4/5', () => {
  it('keeps the code of <script type="syntaxhighlighter"> blocks with its newlines', async () => {
    const r = await importWiki(fixture('own/html-export-v5'));
    const p = r.snapshot.pages[0];
    expect(p && pageText(p).text).toBe(
      'Run these from the repository root:\nmake clean\nmake release && echo "done"\nRelease builds take 12 minutes.',
    );
    expect(p && pageText(p).blocks.map((b) => b.kind)).toEqual(['paragraph', 'code', 'paragraph']);
  });
});

describe('REST replies', () => {
  it('imports a REST v1 content reply whose long ancestors list comes before its body', async () => {
    const file = fixture('own/rest-v1/200001.json');
    expect(readFileSync(file, 'utf8').indexOf('"storage"')).toBeGreaterThan(4000);
    const r = await importWiki(file);
    expect(r.format).toBe('confluence-json');
    expect(r.snapshot.pages.map((p) => [p.page_id, p.version, p.status, p.space, p.updated_at])).toEqual([
      ['200001', 3, 'current', 'DEV', '2025-05-30T10:00:00.000Z'],
    ]);
  });

  it('says why a REST v1 page without an expanded version is left out', async () => {
    const e = await caught(importWiki(fixture('own/rest-v1/content-no-version.json')));
    expect(e.issues[0]?.message).toContain('skipped: 1 no version number');
    expect(e.issues[0]?.message).toContain(
      'page 200002 (On-call rota) has no version number: the reply did not expand it; fetch it with expand=version,body.storage',
    );
    const both = await importWiki(fixture('own/rest-v1'));
    expect(both.snapshot.pages.map((p) => p.page_id)).toEqual(['200001']);
    expect(both.skipped).toEqual({ 'no version number': 1 });
  });

  it('names body-format=storage when a REST v2 page has no storage body', async () => {
    const e = await caught(importWiki(fixture('own/rest-v2-no-body/98200.json')));
    expect(e.issues[0]?.rule).toBe('empty-export');
    expect(e.issues[0]?.message).toContain('skipped: 1 no storage body');
    expect(e.issues[0]?.message).toContain(
      'page 98200 version 4 has no storage body (it has atlas_doc_format): export with body-format=storage',
    );
  });
});

describe('single page files', () => {
  it('imports one storage-format .xhtml (and .xml) file as a page', async () => {
    const x = await importWiki(fixture('own/single-page.xhtml'));
    expect(x.format).toBe('page');
    expect(x.snapshot.pages.map((p) => [p.page_id, p.title, p.version, p.status, p.format])).toEqual([
      ['single-page', 'VPN 접속 안내', 1, 'current', 'storage'],
    ]);
    const p = x.snapshot.pages[0];
    expect(p && pageText(p).text).toBe(
      'VPN 접속 안내\n사내 VPN은 WireGuard를 사용한다.\nwg-quick up norumi\n문의: it@norumi.example',
    );
    const dir = await mkdtemp(join(tmpdir(), 'gamut-page-'));
    await copyFile(fixture('own/single-page.xhtml'), join(dir, 'VPN-1.xml'));
    await writeFile(join(dir, 'other.xml'), '<p>not this one</p>');
    const y = await importWiki(join(dir, 'VPN-1.xml'));
    expect(y.snapshot.pages.map((q) => q.page_id)).toEqual(['VPN-1']);
  });

  it('still reads entities.xml as a space export whatever precedes its root element', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gamut-entities-'));
    const src = readFileSync(fixture('space-export/entities.xml'), 'utf8');
    const file = join(dir, 'export.xml');
    await writeFile(file, src.replace('?>', `?>\n<!-- ${'x'.repeat(70_000)} -->`));
    expect((await importWiki(file)).format).toBe('confluence-xml');
  });
});
