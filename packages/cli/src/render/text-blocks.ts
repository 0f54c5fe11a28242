import type { TextBlock } from '@gamut/core';
import { newTable, renderCompact } from './table.js';

/**
 * Core's text blocks, one a line: tables aligned by display width
 * (cli-table3, so Korean lines up), numeric columns right-aligned.
 */
export function renderText(blocks: readonly TextBlock[]): string {
  return blocks.map(renderBlock).join('\n');
}

function renderBlock(b: TextBlock): string {
  if (typeof b === 'string') return b;
  const t = newTable(b.head, b.align ?? b.head.map((_, i) => (b.right.includes(i) ? 'right' : 'left')));
  for (const r of b.rows) t.push([...r]);
  return renderCompact(t);
}
