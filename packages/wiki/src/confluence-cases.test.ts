import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importConfluenceJson, jsonDocumentKind } from './confluence-json.js';
import { EntitiesXmlReader, unescapeNestedCdata } from './confluence-xml.js';
import { storageToText } from './storage-to-text.js';

// Public samples (fixtures/wiki/confluence/public, see PROVENANCE.md) and our own for what no public sample shows.
const fixture = (p: string) => new URL(`../../../fixtures/wiki/confluence/${p}`, import.meta.url).pathname;
const text = (p: string) => storageToText(readFileSync(fixture(p), 'utf8')).text;

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
  it('reads the same pages from UTF-8 bytes in chunks that split characters as from the text', () => {
    const xml = readFileSync(fixture('space-export/entities.xml'));
    const fromText = new EntitiesXmlReader();
    fromText.write(xml.toString('utf8'));
    const fromBytes = new EntitiesXmlReader();
    // 7-byte chunks cut through the three-byte Hangul characters of the Korean pages.
    for (let i = 0; i < xml.length; i += 7) fromBytes.write(xml.subarray(i, i + 7));
    const a = fromText.end();
    expect(a.pages.some((p) => /\p{Script=Hangul}/u.test(p.body))).toBe(true);
    expect(fromBytes.end()).toEqual(a);
  });

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
  it('warns about and skips a version without a storage body', () => {
    const r = importConfluenceJson([
      { results: [{ number: 1, createdAt: '2024-01-01', page: { id: '7', title: 'T' } }] },
    ]);
    expect(r.pages).toEqual([]);
    expect(r.skipped).toEqual({ 'no storage body': 1 });
    expect(r.warnings[0]).toContain('page 7 version 1 has no storage body');
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
});

describe('what a JSON document holds', () => {
  it('finds snapshot lines and Confluence replies on any record, not only the first', () => {
    expect(jsonDocumentKind([{ page_id: 'A', title: 'a' }])).toBe('snapshot');
    expect(jsonDocumentKind([{ results: [] }])).toBe('confluence');
    expect(jsonDocumentKind([[1, 2], 'x', { id: '5', _links: {} }])).toBe('confluence');
    expect(jsonDocumentKind([{ id: '5', title: 'no version, body or links' }, null])).toBeUndefined();
  });
});
