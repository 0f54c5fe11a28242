import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledRubric, compileMetaRubric, parseMetaRubric } from '@gamut/core';
import { REPO_ROOT, runGamut } from '@gamut/testkit';
import { beforeAll, describe, expect, it } from 'vitest';

const EXAMPLES = join(REPO_ROOT, 'fixtures/examples/meta-rubrics.jsonl');
let dir: string;
let exampleLines: string[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gamut-compile-'));
  exampleLines = (await readFile(EXAMPLES, 'utf8')).trim().split('\n');
});

const fact = (qid: string, extra: Record<string, unknown> = {}) => ({
  question_id: qid,
  question: 'What is it?',
  items: [{ id: 'I1', type: 'fact', tier: 'answer_critical', text: 'It is X' }],
  ...extra,
});

describe('gamut compile', () => {
  it('prints one compiled rubric per question as JSONL', async () => {
    const r = await runGamut(['compile', EXAMPLES]);
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => CompiledRubric.parse(JSON.parse(l)));
    expect(lines.map((l) => [l.question_id, l.checks.length, l.language])).toEqual([
      ['q-0001', 19, 'en'],
      ['q-0002', 10, 'en'],
      ['q-0003', 23, 'ko'],
    ]);
    // The CLI hashes with node:crypto; the digest must be the one core computes anywhere.
    exampleLines.forEach((line, i) => {
      const meta = parseMetaRubric(JSON.parse(line)).value;
      expect(meta && compileMetaRubric(meta)).toEqual(lines[i]);
    });
  });

  it('writes -o atomically and summarises checks by tier on stderr', async () => {
    const out = join(dir, 'nested', 'rubrics.jsonl');
    const r = await runGamut(['compile', EXAMPLES, '-o', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    // Hand count: q-0001 4/12/3, q-0002 2/8/0, q-0003 12/6/5.
    expect(r.stderr).toBe(`compiled 3 questions → 52 checks (answer_critical 18, valuable 26, context 8) → ${out}\n`);
    expect((await readFile(out, 'utf8')).trim().split('\n')).toHaveLength(3);
    expect(await readdir(join(dir, 'nested'))).toEqual(['rubrics.jsonl']);
  });

  it('--json prints a summary for scripts', async () => {
    const r = await runGamut(['compile', EXAMPLES, '--json', '-o', join(dir, 'j.jsonl')]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      questions: 3,
      checks: 52,
      by_tier: { answer_critical: 18, valuable: 26, context: 8 },
      by_kind: { threshold: 3, option: 13, coverage: 2, sequence: 2, full_sequence: 2 },
    });
  });

  it('accepts one JSON object and a JSON array', async () => {
    const one = join(dir, 'one.json');
    await writeFile(one, JSON.stringify(fact('q-a'), null, 2));
    const arr = join(dir, 'arr.json');
    await writeFile(arr, JSON.stringify([fact('q-a'), fact('q-b')]));
    const r1 = await runGamut(['compile', one]);
    expect(r1.code).toBe(0);
    expect(JSON.parse(r1.stdout).checks[0].id).toBe('I1.fact');
    const r2 = await runGamut(['compile', arr]);
    expect(
      r2.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).question_id),
    ).toEqual(['q-a', 'q-b']);
  });

  it('one bad question among good ones: exit 2, -o left byte-identical, every problem located', async () => {
    const bad = JSON.parse(exampleLines[2] ?? '{}');
    bad.items[2].baseline = [9]; // I3 has 8 members
    bad.items[4].aspects = [];
    const input = join(dir, 'mixed.jsonl');
    await writeFile(input, [exampleLines[0], exampleLines[1], JSON.stringify(bad)].join('\n'));
    const out = join(dir, 'existing.jsonl');
    const before = Buffer.from('{"question_id":"old"}\n한국어 그대로\n');
    await writeFile(out, before);

    const r = await runGamut(['compile', input, '-o', out]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(await readFile(out)).toEqual(before);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(r.stderr).toContain('2 problems found');
    expect(r.stderr).toContain(
      `${input}:3:1339  items[2].baseline[0]  (question q-0003, item I3)  baseline 9 is outside 1..8: the list has 8 members [baseline-range]`,
    );
    expect(r.stderr).toContain(`${input}:3:1943  items[4].aspects  (question q-0003, item I5)`);
    expect(r.stderr).toContain('[empty-list]');
  });

  it('refuses duplicate question ids across the file', async () => {
    const input = join(dir, 'dup.jsonl');
    await writeFile(input, [fact('q-1'), fact('q-2'), fact('q-1')].map((x) => JSON.stringify(x)).join('\n'));
    const r = await runGamut(['compile', input]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`${input}:3  question_id  (question q-1)  question_id "q-1" is already used at line 1`);
    expect(r.stderr).toContain('[duplicate-question]');
  });

  it('names the line of a truncated JSONL line and still checks the others', async () => {
    const input = join(dir, 'trunc.jsonl');
    const broken = JSON.stringify(fact('q-2', { items: [] }));
    await writeFile(input, `${JSON.stringify(fact('q-1'))}\n${broken}\n${JSON.stringify(fact('q-3')).slice(0, 40)}\n`);
    const r = await runGamut(['compile', input, '-o', join(dir, 'never.jsonl')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${input}:2:47  items  (question q-2)`);
    expect(r.stderr).toMatch(
      new RegExp(`${input}:3:33  invalid JSON: .*\\(the line looks truncated\\) \\[json-syntax\\]`),
    );
    expect(await readdir(dir)).not.toContain('never.jsonl');
  });

  it('refuses a missing file with exit 2', async () => {
    const r = await runGamut(['compile', join(dir, 'nope.jsonl')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no such file');
  });
});
