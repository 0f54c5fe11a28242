import type { WikiPage } from '@gamut/core';
import type { PageText } from './text-builder.js';

/**
 * One page's text view for the terminal: a title line, then the text exactly
 * as judges read it; with `blocks`, each block on its line after its
 * `#block-N` label and kind (list markers as in the text).
 */
export function renderPageText(page: WikiPage, text: PageText, opts: { blocks: boolean }): string {
  const head = `== ${page.page_id} v${page.version} (${page.status}) · ${page.title} ==`;
  if (!opts.blocks) return `${head}\n${text.text}${text.text ? '\n' : ''}`;
  const labels = text.blocks.map((b, i) => `#block-${i + 1} ${b.kind}${b.header ? ' (header)' : ''}`);
  const width = Math.max(0, ...labels.map((l) => l.length));
  const lines = text.blocks.map((b, i) => {
    // A code block keeps its newlines: its later lines are indented under its first.
    const body = text.text.slice(b.start, b.end).replace(/\n/g, `\n${' '.repeat(width + 2)}`);
    return `${(labels[i] ?? '').padEnd(width)}  ${body}`;
  });
  return `${head}\n${lines.join('\n')}${lines.length ? '\n' : ''}`;
}

/** One page's text view for `--json`: which page it is, then its text, blocks and sentences. */
export function pageTextJson(page: WikiPage, text: PageText) {
  return { page_id: page.page_id, version: page.version, status: page.status, title: page.title, ...text };
}
