import { readFileSync } from 'node:fs';
import { copyFile, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caughtInputError } from '../test-support/caught.js';
import { importConfluenceJson } from './confluence-json.js';
import { unescapeNestedCdata } from './confluence-xml.js';
import { importWiki } from './import-wiki.js';
import { pageText } from './page-text.js';
import { storageToText } from './storage-to-text.js';

// Public samples (fixtures/wiki/confluence/public, see PROVENANCE.md) and our own for what no public sample shows.
const fixture = (p: string) => new URL(`../../../../fixtures/wiki/confluence/${p}`, import.meta.url).pathname;
const text = (p: string) => storageToText(readFileSync(fixture(p), 'utf8')).text;

const caught = caughtInputError;

describe('public storage-format samples (md2conf, MIT)', () => {
  it('keeps code macro bodies with their newlines and drops theme/language parameters', () => {
    expect(text('public/md2conf/code.xml')).toBe(
      'This page has been generated with a tool.\nCode blocks\nA language-neutral code block:\nfunc:\n    preformatted text\n' +
        'A code block in Python:\ndef func(n: int) -> str:\n    return str(n)',
    );
  });

  it('shows a status lozenge by its title, never its colour', () => {
    expect(text('public/md2conf/status.xml')).toBe('Status\n- gray\n- green');
  });

  it('names each cell by its column header; a table without a header row keeps plain cells', () => {
    expect(text('public/md2conf/table.xml')).toBe(
      [
        'Tables',
        'Simple table',
        'Arabic | Roman',
        'Arabic: 1 | Roman: I',
        'Arabic: 5 | Roman: V',
        'Multi-line cells',
        'Name | Description',
        'Name: Data | Description: A multi-line paragraph.',
        'Table with no header row',
        'Key | Value',
        'Table with header column',
        'Number | English | Hungarian',
        'Number: 1 | English: one | Hungarian: egy',
        'Number: 2 | English: two | Hungarian: kettő',
      ].join('\n'),
    );
  });
});

describe('macros: what the reader sees, and nothing else', () => {
  it('sets an inline macro apart from the words around it, but not from the punctuation after it', () => {
    const status =
      '<ac:structured-macro ac:name="status"><ac:parameter ac:name="title">DONE</ac:parameter></ac:structured-macro>';
    const jira =
      '<ac:structured-macro ac:name="jira"><ac:parameter ac:name="key">OPS-7</ac:parameter></ac:structured-macro>';
    expect(storageToText(`<p>See${status}now, ${jira}。</p><p>(${jira}) ${status}!</p>`).text).toBe(
      'See DONE now, OPS-7。\n(OPS-7) DONE!',
    );
  });

  it('keeps Jira keys, status titles, panel and expand titles, and code of every plain-text-body macro', () => {
    const r = storageToText(readFileSync(fixture('own/macros-visible.xml'), 'utf8'));
    expect(r.text).toBe(
      [
        'Release checklist',
        'Tracked in REL-42 and OPS-7; state IN REVIEW.',
        'Rollback',
        'Roll back within 10 minutes.',
        'Why 10 minutes?',
        'The error budget allows it.',
        "SELECT id\n  FROM releases\n WHERE state = 'open';",
        './release.sh --dry-run\n./release.sh',
        '<b>Freeze</b> starts 12/20',
        'v2.5.0  2025-05-20',
        'Done.',
      ].join('\n'),
    );
    for (const leaked of [
      'top-anchor',
      'printable',
      'System JIRA',
      'a1b2c3d4',
      'jqlQuery',
      'project = REL',
      'dashed',
      'Yellow',
    ])
      expect(r.text).not.toContain(leaked);
    expect(r.blocks.filter((b) => b.kind === 'code')).toHaveLength(4);
  });

  it('keeps a merged cell with every row it spans and reads a header column as "name: value"', () => {
    expect(text('own/table-spans.xml')).toBe(
      [
        'Team | Quarter | Budget',
        'Team: Platform | Quarter: Q1 | Budget: ₩10,000,000',
        'Team: Platform | Quarter: Q2 | Budget: ₩12,000,000',
        'Team: Total | Quarter: Total | Budget: ₩22,000,000',
        'Owner: ops@norumi.example',
        'Review: yearly',
      ].join('\n'),
    );
  });
});

describe('space export (entities.xml)', () => {
  it('undoes the "]] >" escape of a CDATA end inside a body, so a code macro ends where it ends', () => {
    expect(unescapeNestedCdata('<p>a ]] > b</p><x><![CDATA[x]] ></x><p>]] ></p>')).toBe(
      '<p>a ]] > b</p><x><![CDATA[x]]></x><p>]] ></p>',
    );
  });

  it('keeps a "]] >" that code itself holds: only one right before a closing tag ends the CDATA', () => {
    expect(unescapeNestedCdata('<c><![CDATA[if a[b[0]] > 1:\n  go()]] ></c><p>after</p>')).toBe(
      '<c><![CDATA[if a[b[0]] > 1:\n  go()]]></c><p>after</p>',
    );
  });

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

describe('code inside a table cell', () => {
  it('stays in its row, for a code macro and for a syntaxhighlighter script alike', () => {
    const cell = (code: string) =>
      storageToText(
        `<table><tr><th>Step</th><th>Command</th></tr><tr><td>build</td><td>${code}</td></tr></table><p>After.</p>`,
      ).text;
    expect(
      cell(
        '<ac:structured-macro ac:name="code"><ac:plain-text-body><![CDATA[make\nrelease]]></ac:plain-text-body></ac:structured-macro>',
      ),
    ).toBe('Step | Command\nStep: build | Command: make release\nAfter.');
    expect(cell('<script type="syntaxhighlighter"><![CDATA[make\nrelease]]></script>')).toBe(
      'Step | Command\nStep: build | Command: make release\nAfter.',
    );
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

  it('takes the pages of a REST v1 children expansion, never the ancestors', () => {
    const page = (id: string, n: number) => ({
      id,
      type: 'page',
      status: 'current',
      title: `T${id}`,
      version: { number: n, when: '2025-01-01T00:00:00.000Z' },
      body: { storage: { value: `<p>${id}</p>`, representation: 'storage' } },
    });
    const r = importConfluenceJson([
      { ...page('1', 2), ancestors: [page('0', 5)], children: { page: { results: [page('2', 1)], size: 1 } } },
    ]);
    expect(r.pages.map((p) => `${p.page_id}@${p.version}`)).toEqual(['1@2', '2@1']);
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
