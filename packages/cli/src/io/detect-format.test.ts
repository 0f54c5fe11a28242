import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { byLine, detectFileFormat, detectFormat, readRecordsTolerant } from './detect-format.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gamut-detect-'));
});

describe('detectFormat', () => {
  it.each([
    [{ question_id: 'q', question: '?', items: [] }, 'meta-rubric'],
    [{ question_id: 'q', rubric_hash: 'x', checks: [] }, 'compiled-rubric'],
    [{ question_id: 'q', model: 'm', check_id: 'I1.fact', verdict: 'meets', judge: 'j' }, 'verdict'],
    [{ question_id: 'q', model: 'm', response: 'r' }, 'answer'],
    [{ page_id: 'P', title: 't', status: 'current', version: 1, body: '' }, 'wiki-page'],
    [{ name: 'g', version: '1', wiki_snapshot: 'w', questions: [] }, 'golden-set'],
    [{ question_id: 'q', agent: 'a', retrieved: [], answer: '' }, 'agent-output'],
    [{ question_id: 'q', facts: {}, abstained: false, correct: true }, 'rag-judgment'],
    [{ run_id: 'r', toolkit_version: '0.1.0' }, 'manifest'],
    [{ dataset: 'd.jsonl', judges: [{ spec: 'offline' }] }, 'run-config'],
    [{ foo: 1 }, undefined],
    [[1, 2], undefined],
    ['text', undefined],
  ])('%j → %s', (value, format) => {
    expect(detectFormat(value)).toBe(format);
  });

  it('a file takes the format most of its records have', () => {
    const answer = { value: { question_id: 'q', model: 'm', response: 'r' }, file: 'f' };
    const verdict = { value: { question_id: 'q', model: 'm', check_id: 'c', verdict: 'meets' }, file: 'f' };
    expect(detectFileFormat([verdict, answer, verdict])).toBe('verdict');
    expect(detectFileFormat([{ value: {}, file: 'f' }])).toBeUndefined();
  });
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

  it('byLine orders issues by line, file-level first, stable within a line', () => {
    const i = (rule: string, line?: number) => ({ rule, message: rule, ...(line !== undefined && { line }) });
    expect(byLine([i('c', 3), i('a', 1), i('f'), i('d', 3), i('b', 2)]).map((x) => x.rule)).toEqual([
      'f',
      'a',
      'b',
      'c',
      'd',
    ]);
  });
});
