import type { TextBlock } from '@gamut/core';
import { renderText } from '../../render/text-blocks.js';

export function writeText(blocks: readonly TextBlock[], end = ''): void {
  process.stdout.write(`${renderText(blocks)}${end}`);
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
