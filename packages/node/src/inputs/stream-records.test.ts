import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashFile, LineReader, streamRecords, streamSpannedRecords } from './stream-records.js';

const dir = mkdtempSync(join(tmpdir(), 'gamut-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const collect = async (p: string) => {
  const out = [];
  for await (const r of streamRecords(p)) out.push(r);
  return out;
};

describe('streamRecords', () => {
  it('reads JSONL line by line with 1-based line numbers, skipping blank lines and a BOM', async () => {
    const p = file('a.jsonl', '\uFEFF{"a":1}\n\n{"a":"둘"}\r\n');
    expect(await collect(p)).toEqual([
      { value: { a: 1 }, file: p, line: 1 },
      { value: { a: '둘' }, file: p, line: 3 },
    ]);
  });

  it('names every broken line', async () => {
    const p = file('b.jsonl', '{"a":1}\n{"a":\n{"a":3}\n{oops}\n');
    await expect(collect(p)).rejects.toMatchObject({
      issues: [
        { rule: 'json-syntax', line: 2 },
        { rule: 'json-syntax', line: 4 },
      ],
    });
  });

  it('falls back to whole-document reading for an array or a pretty-printed object', async () => {
    const arr = file('c.json', '[{"a":1},\n{"a":2}]');
    expect((await collect(arr)).map((r) => [r.value, r.index])).toEqual([
      [{ a: 1 }, 0],
      [{ a: 2 }, 1],
    ]);
    const doc = file('d.json', '{\n  "a": 1\n}\n');
    expect((await collect(doc)).map((r) => r.value)).toEqual([{ a: 1 }]);
  });

  it('an empty or missing file is an input error naming it', async () => {
    await expect(collect(file('e.jsonl', '\n\n'))).rejects.toMatchObject({ issues: [{ rule: 'empty-file' }] });
    await expect(collect(join(dir, 'nope.jsonl'))).rejects.toMatchObject({
      issues: [{ rule: 'file-unreadable', message: expect.stringContaining('no such file') }],
    });
  });

  it('keeps lines whole across read blocks, however long, with spans that read them back', async () => {
    // Lines of many sizes, Korean (3 bytes a character) so characters straddle block edges,
    // one line of ~200 KiB (longer than the read block, twice over), and no final newline.
    const values = Array.from({ length: 400 }, (_, i) => ({ i, text: '가나다 abc '.repeat((i * 37) % 300) }));
    values.splice(200, 0, { i: -1, text: '긴'.repeat(70_000) });
    const p = file('long.jsonl', values.map((v) => JSON.stringify(v)).join('\n'));
    const reader = new LineReader(p);
    const got = [];
    for await (const r of streamSpannedRecords(p)) {
      expect(JSON.parse(reader.read(r.span!))).toEqual(r.value);
      got.push(r.value);
    }
    reader.close();
    expect(got).toEqual(values);
  });

  it('hashes a file by streaming it', async () => {
    // sha256("abc")
    expect(await hashFile(file('h.txt', 'abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    const big = '한국어 text '.repeat(40_000);
    expect(await hashFile(file('big.txt', big))).toBe(createHash('sha256').update(big).digest('hex'));
  });
});
