import type { PageView, WikiPage } from '@gamut/core';
import { storageToText } from './storage-to-text.js';
import { TableLayout } from './table-rows.js';
import { type PageText, TextBuilder } from './text-builder.js';

/** The text view of one page version, whatever its body format. Pure and browser-safe. */
export function pageText(page: Pick<WikiPage, 'body' | 'format'>): PageText {
  if (page.format === 'storage') return storageToText(page.body);
  if (page.format === 'markdown') return markdownToText(page.body);
  return plainToText(page.body);
}

/**
 * What agents' judges read of a page: its text view, with its sentences and
 * table rows (so that a passage never mixes two rows of a table), numbered as
 * the text view numbers them.
 */
export function pageView(page: Pick<WikiPage, 'body' | 'format'>): PageView {
  const t = pageText(page);
  return {
    text: t.text,
    units: t.sentences.map((s) => ({
      start: s.start,
      end: s.end,
      ...(t.blocks[s.block]?.kind === 'table_row' && { row: true }),
    })),
  };
}

/** Paragraphs are separated by blank lines; `- ` lines are list items. */
export function plainToText(body: string): PageText {
  const b = new TextBuilder();
  let para: string[] = [];
  const end = () => {
    if (para.length) b.add('paragraph', para.join(' '));
    para = [];
  };
  for (const line of body.replace(/\r\n?/g, '\n').split('\n')) {
    const item = /^\s*[-*•]\s+(.*)$/.exec(line);
    if (line.trim() === '') end();
    else if (item) {
      end();
      b.add('list_item', item[1] ?? '', { prefix: '- ' });
    } else para.push(line);
  }
  end();
  return b.finish();
}

/** CommonMark's common subset: ATX headings, lists, pipe tables, fenced code, paragraphs. */
export function markdownToText(body: string): PageText {
  const b = new TextBuilder();
  let para: string[] = [];
  let fence: { marker: string; lines: string[] } | undefined;
  let table: { layout: TableLayout; cells: string[] | undefined } | undefined;
  // A pipe table's first row is its header only when a delimiter row follows it.
  const endRow = (header: boolean) => {
    if (!table?.cells) return;
    const { text } = table.layout.row(table.cells.map((t) => ({ text: t, header })));
    b.add('table_row', text);
    if (header) b.markHeader();
    table.cells = undefined;
  };
  const endTable = () => {
    endRow(false);
    table = undefined;
  };
  const end = () => {
    if (para.length) b.add('paragraph', inline(para.join(' ')));
    para = [];
  };
  for (const line of body.replace(/\r\n?/g, '\n').split('\n')) {
    if (fence) {
      if (line.trimStart().startsWith(fence.marker)) {
        b.add('code', fence.lines.join('\n'));
        fence = undefined;
      } else fence.lines.push(line);
      continue;
    }
    const open = /^\s*(```+|~~~+)/.exec(line);
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    const item = /^(\s*)(?:[-*+]|(\d+)[.)])\s+(?:\[( |x|X)\]\s+)?(.*)$/.exec(line);
    if (table && !/^\s*\|.*\|\s*$/.test(line)) endTable();
    if (open) {
      end();
      fence = { marker: open[1] ?? '```', lines: [] };
    } else if (line.trim() === '') end();
    else if (heading) {
      end();
      b.add('heading', inline(heading[2] ?? ''), { level: heading[1]?.length ?? 1 });
    } else if (item) {
      end();
      const depth = Math.floor((item[1]?.length ?? 0) / 2);
      const task = item[3] === undefined ? undefined : item[3] !== ' ';
      const marker = task !== undefined ? (task ? '[x] ' : '[ ] ') : item[2] ? `${item[2]}. ` : '- ';
      b.add('list_item', inline(item[4] ?? ''), { prefix: '  '.repeat(depth) + marker });
    } else if (/^\s*\|.*\|\s*$/.test(line)) {
      end();
      table ??= { layout: new TableLayout(), cells: undefined };
      if (/^\s*\|[\s:|-]+\|\s*$/.test(line)) {
        endRow(true);
        continue;
      }
      endRow(false);
      table.cells = line
        .trim()
        .slice(1, -1)
        .split('|')
        .map((c) => inline(c.trim()));
    } else para.push(line);
  }
  endTable();
  if (fence) b.add('code', fence.lines.join('\n'));
  end();
  return b.finish();
}

function inline(s: string): string {
  return s
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/(^|\W)[*_]([^*_]+)[*_](?=\W|$)/g, '$1$2');
}

/**
 * A judge's location inside a page: `#block-3` (1-based block), `#chars-10-42`
 * (offsets into the page text) or `#sentence-2`. Returns null when it names
 * nothing on the page.
 */
export function resolveLocation(page: PageText, location: string): { start: number; end: number } | null {
  const m = /^#?(block|sentence|chars)-(\d+)(?:-(\d+))?$/.exec(location.trim());
  if (!m) return null;
  const a = Number(m[2]);
  if (m[1] === 'chars') {
    const e = m[3] === undefined ? page.text.length : Number(m[3]);
    return a <= e && e <= page.text.length ? { start: a, end: e } : null;
  }
  const span = m[1] === 'block' ? page.blocks[a - 1] : page.sentences[a - 1];
  return span ? { start: span.start, end: span.end } : null;
}
