import { describe, expect, it } from 'vitest';
import { inPieces } from './export-verdicts.js';

async function* lines(...ls: string[]): AsyncGenerator<string> {
  yield* ls;
}
const collect = async (it: AsyncIterable<string>) => {
  const out: string[] = [];
  for await (const piece of it) out.push(piece);
  return out;
};

describe('inPieces', () => {
  it('joins lines until a piece reaches 64 K characters, then starts the next; the rest is the last piece', async () => {
    const a = `${'a'.repeat(40_000)}\n`;
    const b = `${'b'.repeat(30_000)}\n`;
    const c = 'c\n';
    // a + b = 70,002 ≥ 65,536: one piece; c alone is the second.
    expect(await collect(inPieces(lines(a, b, c)))).toEqual([a + b, c]);
  });

  it('yields nothing for no lines and the text unchanged for short ones', async () => {
    expect(await collect(inPieces(lines()))).toEqual([]);
    expect(await collect(inPieces(lines('x\n', 'y\n')))).toEqual(['x\ny\n']);
  });
});
