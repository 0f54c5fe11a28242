import type { TextBlock } from '@gamut/core';
import { newTable, renderCompact } from '../../render/table.js';

/**
 * Core's text blocks on stdout, one a line: tables aligned by display width
 * (cli-table3, so Korean lines up), numeric columns right-aligned.
 */
export function writeText(blocks: readonly TextBlock[], end = ''): void {
  process.stdout.write(`${blocks.map(renderBlock).join('\n')}${end}`);
}

function renderBlock(b: TextBlock): string {
  if (typeof b === 'string') return b;
  const t = newTable(
    b.head,
    b.head.map((_, i) => (b.right.includes(i) ? 'right' : 'left')),
  );
  for (const r of b.rows) t.push([...r]);
  return renderCompact(t);
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
