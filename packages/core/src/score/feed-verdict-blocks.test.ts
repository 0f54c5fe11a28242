import { describe, expect, it } from 'vitest';
import { InputError } from '../issues/errors.js';
import { CompiledRubric } from '../schema/index.js';
import { feedVerdictBlocks } from './feed-verdict-blocks.js';
import { ScoreAccumulator } from './score-accumulator.js';

const rubric = CompiledRubric.parse({
  question_id: 'q1',
  rubric_hash: 'd'.repeat(64),
  checks: [
    { id: 'I1.fact', tier: 'answer_critical', kind: 'fact', text: 't', item: 'I1', secondary: false, snippets: [] },
  ],
});

const line = (model: string, verdict: string) =>
  JSON.stringify({ question_id: 'q1', model, check_id: 'I1.fact', verdict, judge: 'j' });

/** The bytes in blocks of `size`, all through one reused buffer, as a file reader hands them over. */
async function* blocksOf(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  const buffer = new Uint8Array(size);
  for (let at = 0; at < bytes.length; at += size) {
    const part = bytes.subarray(at, at + size);
    buffer.set(part);
    yield buffer.subarray(0, part.length);
  }
}

async function feed(text: string, size: number) {
  const bytes = new TextEncoder().encode(text);
  const acc = new ScoreAccumulator({ rubrics: [rubric], resamples: 10 });
  const seen: number[] = [];
  await feedVerdictBlocks(blocksOf(bytes, size), acc, (n) => seen.push(n));
  return { acc, seen, total: bytes.length };
}

describe('feedVerdictBlocks', () => {
  it('joins lines split across tiny reused blocks: BOM, CRLF, a blank line, no final line break', async () => {
    const text = `\ufeff${line('가', 'meets')}\r\n\r\n${line('나', 'contradicts')}\n${line('다', 'meets')}`;
    for (const size of [1, 7, 64, 10_000]) {
      const { acc, seen, total } = await feed(text, size);
      expect(acc.counted).toBe(3);
      const run = acc.finish();
      // meets scores 1; contradicts μ = −2 by default, clipped to the floor of −1.
      expect(Object.fromEntries(run.models.map((m) => [m.model, m.gamut]))).toEqual({ 가: 1, 나: -1, 다: 1 });
      // The BOM's three bytes are counted: progress reaches the byte length of the input.
      expect(Math.max(...seen)).toBeLessThanOrEqual(total);
      if (size >= total) expect(seen).toEqual([total]);
    }
  });

  it('numbers lines across blocks, so a bad line is named where it is', async () => {
    const text = [line('a', 'meets'), line('b', 'meets'), '{"question_id": "q1",', line('c', 'meets')].join('\n');
    const { acc } = await feed(`${text}\n`, 5);
    expect(acc.counted).toBe(3);
    expect(() => acc.finish()).toThrow(InputError);
    try {
      acc.finish();
    } catch (e) {
      expect(InputError.isInputError(e) && e.issues.map((i) => [i.rule, i.line])).toEqual([['json-syntax', 3]]);
    }
  });
});
