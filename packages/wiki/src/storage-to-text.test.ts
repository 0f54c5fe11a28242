import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { markdownToText, pageText, resolveLocation } from './page-text.js';
import { storageToText } from './storage-to-text.js';
import { blockText } from './text-builder.js';

const sample = (name: string) =>
  readFileSync(new URL(`../../../fixtures/wiki/confluence/storage-samples/${name}`, import.meta.url), 'utf8');
const sentencesOf = (r: ReturnType<typeof storageToText>) => r.sentences.map((s) => r.text.slice(s.start, s.end));

describe('storageToText', () => {
  it('keeps code macro CDATA verbatim, panel titles and bodies, drops macro parameters', () => {
    const r = storageToText(sample('macros.xml'));
    expect(r.text).toBe(
      '배포 가이드\nBefore you start\nCheck the freeze calendar. It changes every year.\n' +
        'if [ "$ENV" = "prod" ] && [ -n "$TICKET" ]; then\n  norumi deploy --env prod <args>\nfi\n' +
        'Never deploy on Fridays — 금요일 배포 금지.\nStatus: ✅ done OK',
    );
    expect(r.blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'paragraph',
      'code',
      'paragraph',
      'paragraph',
    ]);
    expect(r.text).not.toContain('bash');
    expect(r.text).not.toContain('deploy.sh');
    const code = r.blocks[3];
    expect(code && r.text.slice(code.start, code.end)).toBe(
      'if [ "$ENV" = "prod" ] && [ -n "$TICKET" ]; then\n  norumi deploy --env prod <args>\nfi',
    );
    expect(code).toMatchObject({ start: 74, end: 159, path: ['배포 가이드'] });
    expect(sentencesOf(r)).toContain('Check the freeze calendar.');
    expect(sentencesOf(r)).toContain('It changes every year.');
  });

  it('keeps nested lists with markers, link texts (page title, CDATA body, attachment) and task states', () => {
    const r = storageToText(sample('lists-and-links.xml'));
    expect(r.text).toBe(
      'Escalation\n1. Page the on-call via 온콜 호출 안내.\n  - Primary first\n  - Then secondary & manager\n' +
        '2. Open an incident in the status page.\nSee the <postmortem> guide and runbook.pdf.\n[x] Notify customers\n[ ] Write the postmortem',
    );
    expect(r.blocks).toEqual([
      { kind: 'heading', start: 0, end: 10, path: [] },
      { kind: 'list_item', start: 14, end: 44, path: ['Escalation'] },
      { kind: 'list_item', start: 49, end: 62, path: ['Escalation'] },
      { kind: 'list_item', start: 67, end: 91, path: ['Escalation'] },
      { kind: 'list_item', start: 95, end: 131, path: ['Escalation'] },
      { kind: 'paragraph', start: 132, end: 175, path: ['Escalation'] },
      { kind: 'list_item', start: 180, end: 196, path: ['Escalation'] },
      { kind: 'list_item', start: 201, end: 221, path: ['Escalation'] },
    ]);
    expect(blockText(r, 1)).toBe('Page the on-call via 온콜 호출 안내.');
  });

  it('renders each table row with its column headers, marks the header row, decodes entities and splits Korean sentences', () => {
    const r = storageToText(sample('table-korean.xml'));
    expect(r.text).toBe(
      'P1 장애 고객 공지 정책\nP1 장애가 발생하면 고객에게 30분 이내 공지한다. 담당자는 15분 이내 호출한다!\n' +
        '등급 | 공지 시한\n등급: P1 | 공지 시한: 30분 이내 (상태 페이지)\n등급: P2 | 공지 시한: 2시간 이내\n' +
        '문의: ops@norumi.example <24시간>',
    );
    expect(r.blocks.map((b) => [b.kind, b.start, b.end, b.header ?? false])).toEqual([
      ['heading', 0, 14, false],
      ['paragraph', 15, 62, false],
      ['table_row', 63, 73, true],
      ['table_row', 74, 105, false],
      ['table_row', 106, 128, false],
      ['paragraph', 129, 158, false],
    ]);
    expect(sentencesOf(r).slice(1, 3)).toEqual([
      'P1 장애가 발생하면 고객에게 30분 이내 공지한다.',
      '담당자는 15분 이내 호출한다!',
    ]);
    expect(r.sentences[2]?.block).toBe(1);
  });

  it('reads an HTML export body in HTML mode (pre kept, br as space)', () => {
    const r = storageToText('<h2>T</h2><p>a<br>b &amp; c</p><pre>x &lt; y\n  z</pre>', { html: true });
    expect(r.text).toBe('T\na b & c\nx < y\n  z');
  });
});

describe('sentences and locations', () => {
  it('resolves #block-N, #sentence-N and #chars-A-B and refuses what is not on the page', () => {
    const r = storageToText(sample('table-korean.xml'));
    expect(resolveLocation(r, '#block-4')).toEqual({ start: 74, end: 105 });
    expect(resolveLocation(r, 'sentence-2')).toEqual({ start: 15, end: 44 });
    expect(resolveLocation(r, '#chars-15-17')).toEqual({ start: 15, end: 17 });
    expect(resolveLocation(r, '#block-99')).toBeNull();
    expect(resolveLocation(r, 'the second row')).toBeNull();
  });
});

describe('markdown and plain pages', () => {
  it('converts headings, lists, task items, pipe tables and fenced code', () => {
    const r = markdownToText(
      '# Title\n\nSome **bold** and [a link](http://x).\n\n- one\n  - two\n- [x] done\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\n```sh\nrun --it\n```\n',
    );
    expect(r.text).toBe('Title\nSome bold and a link.\n- one\n  - two\n[x] done\nA | B\nA: 1 | B: 2\nrun --it');
    expect(r.blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'list_item',
      'list_item',
      'list_item',
      'table_row',
      'table_row',
      'code',
    ]);
    expect(r.blocks[5]?.header).toBe(true);
    expect(r.blocks[1]?.path).toEqual(['Title']);
  });

  it('dispatches on the page format', () => {
    expect(pageText({ format: 'text', body: 'a b.\n\nc' }).text).toBe('a b.\nc');
    expect(pageText({ format: 'storage', body: '<p>x</p>' }).text).toBe('x');
  });
});
