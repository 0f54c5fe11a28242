import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRecordsTolerant } from './read-records.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gamut-detect-'));
});

describe('readRecordsTolerant', () => {
  it('keeps the good lines of a JSONL file with a broken one', async () => {
    const f = join(dir, 'a.jsonl');
    await writeFile(f, '{"a":1}\n{"b":\n\n{"c":3}\n');
    const { records, issues } = await readRecordsTolerant(f);
    expect(records.map((r) => [r.value, r.line])).toEqual([
      [{ a: 1 }, 1],
      [{ c: 3 }, 4],
    ]);
    expect(issues.map((i) => [i.rule, i.line])).toEqual([['json-syntax', 2]]);
  });

  it('reports a truncated pretty-printed document once, at its last line', async () => {
    const f = join(dir, 'b.json');
    await writeFile(f, '{\n  "question_id": "q",\n  "items": [\n    { "text": "daube" }\n');
    const { records, issues } = await readRecordsTolerant(f);
    expect(records).toEqual([]);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ rule: 'json-syntax', line: 4 });
    expect(issues[0]?.message).toContain('(the file looks truncated)');
  });

  it('reads a YAML file as one record and names the line of a YAML error', async () => {
    const ok = join(dir, 'c.yaml');
    await writeFile(ok, 'dataset: d.jsonl\njudges:\n  - spec: offline\n');
    expect((await readRecordsTolerant(ok)).records[0]?.value).toEqual({
      dataset: 'd.jsonl',
      judges: [{ spec: 'offline' }],
    });
    const bad = join(dir, 'd.yml');
    await writeFile(bad, 'dataset: d.jsonl\njudges: [\n');
    const { issues } = await readRecordsTolerant(bad);
    expect(issues[0]).toMatchObject({ rule: 'yaml-syntax' });
    expect(issues[0]?.line).toBeGreaterThan(1);
  });
});
