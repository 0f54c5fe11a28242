import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, runGamut } from '@gamut/testkit';
import { beforeAll, describe, expect, it } from 'vitest';

const EXAMPLES = join(REPO_ROOT, 'fixtures/examples/meta-rubrics.jsonl');
let dir: string;
const put = async (name: string, records: unknown[] | string) => {
  const f = join(dir, name);
  await writeFile(f, typeof records === 'string' ? records : records.map((r) => JSON.stringify(r)).join('\n'));
  return f;
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gamut-validate-'));
});

describe('gamut validate', () => {
  it('prints a one-line OK summary for the example meta-rubrics, warning about the coverage their short list ignores', async () => {
    const r = await runGamut(['validate', EXAMPLES]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('ok: 3 meta-rubrics, 0 problems, 1 warning\n');
    expect(r.stderr.split('\n')[0]).toBe(
      `warning: ${EXAMPLES}:1:969  items[2].coverage  (question q-0001, item I3)  "coverage" is ignored: a flexible list of 6 members (at most 7) in tier answer_critical is credited member by member; coverage applies to longer lists and to tier context [ignored-field]`,
    );
  });

  it('detects other formats by shape', async () => {
    const verdicts = await put('v.jsonl', [
      { question_id: 'q-0001', model: 'm', check_id: 'I1.fact', verdict: 'meets', judge: 'offline' },
      { question_id: 'q-0001', model: 'm', check_id: 'I2.m1', verdict: 'missing', judge: 'offline' },
    ]);
    expect((await runGamut(['validate', verdicts])).stdout).toBe('ok: 2 verdicts, 0 problems\n');
    const page = await put('p.json', [{ page_id: 'POL-101', title: '공지', status: 'current', version: 3, body: '…' }]);
    expect((await runGamut(['validate', page])).stdout).toBe('ok: 1 wiki page, 0 problems\n');
    const compiled = join(dir, 'rubrics.jsonl');
    expect((await runGamut(['compile', EXAMPLES, '-o', compiled])).code).toBe(0);
    expect((await runGamut(['validate', compiled])).stdout).toBe('ok: 3 compiled rubrics, 0 problems\n');
  });

  it('lists every problem with file, line, path, question, item and rule, and exits 2', async () => {
    const f = await put('bad.jsonl', [
      {
        question_id: 'q-1',
        question: '?',
        items: [
          { id: 'I1', type: 'fact', tier: 'vital', text: 'x' },
          { id: 'I2', type: 'strict_list', tier: 'valuable', text: 'l', members: [], snippets: ['S9'] },
        ],
      },
      {
        question_id: 'q-2',
        question: '?',
        items: [
          {
            id: 'A',
            type: 'flexible_list',
            tier: 'valuable',
            text: 'l',
            members: [{ text: 'a' }],
            baseline: [1],
            coverage: [1],
          },
        ],
      },
    ]);
    const r = await runGamut(['validate', f]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    // Each problem at the line and column of its path (the key's opening quote), in file order.
    expect(r.stderr.split('\n').filter((l) => !l.startsWith('    '))).toEqual([
      'gamut: 4 problems found',
      `  ${f}:1:71  items[0].tier  (question q-1, item I1)  tier "vital" is not one of answer_critical, valuable, context [unknown-tier]`,
      `  ${f}:1:159  items[1].members  (question q-1, item I2)  "members" is empty: a strict_list needs at least one member [empty-list]`,
      `  ${f}:1:184  items[1].snippets[0]  (question q-1, item I2)  snippet "S9" is not a snippet of this question; the question has no snippets [unknown-snippet]`,
      `  ${f}:2:160  items[0].coverage[0]  (question q-2, item A)  coverage 1 must be greater than every baseline (largest: 1) [coverage-not-above-baseline]`,
      '',
    ]);
    // A long line is clipped around the spot, with a caret under it.
    expect(r.stderr).toContain(
      `    2 | …xt":"l","members":[{"text":"a"}],"baseline":[1],"coverage":[1]}]}\n      | ${' '.repeat(61)}^\n`,
    );
  });

  it('--json gives the same problems as data, exit 2', async () => {
    const f = await put(
      'arr.json',
      JSON.stringify([
        { question_id: 'q', model: 'm', response: 'r' },
        { question_id: 'q', model: 'm', response: 'again' },
      ]),
    );
    const r = await runGamut(['validate', f, '--json']);
    expect(r.code).toBe(2);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ format: 'answer', records: 2, problems: 1 });
    expect(report.issues[0]).toMatchObject({ rule: 'duplicate-answer', path: '[1]', question: 'q' });
  });

  it('finds duplicate check ids in compiled rubrics', async () => {
    const check = {
      id: 'I1.fact',
      kind: 'fact',
      tier: 'valuable',
      text: 't',
      item: 'I1',
      secondary: false,
      snippets: [],
    };
    const f = await put('dup.jsonl', [{ question_id: 'q', rubric_hash: 'a'.repeat(64), checks: [check, check] }]);
    const r = await runGamut(['validate', f]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      // One line is read as one JSON document: the path is found in it.
      `${f}:1:216  checks[1].id  (question q, check I1.fact)  check id "I1.fact" is already used by checks[0] [duplicate-check]`,
    );
  });

  it('flags a record of another format inside a file', async () => {
    const f = await put('mixed.jsonl', [
      { question_id: 'q', model: 'm', response: 'r' },
      { question_id: 'q', model: 'm2', response: 'r' },
      { question_id: 'q', model: 'm', check_id: 'I1.fact', verdict: 'meets', judge: 'j' },
    ]);
    const r = await runGamut(['validate', f]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${f}:3  this record looks like a verdict, but the file holds answers [mixed-formats]`);
  });

  it('--format checks against the named format; an unknown one is a usage error', async () => {
    const f = await put('unknown.json', [{ foo: 1 }]);
    const guess = await runGamut(['validate', f]);
    expect(guess.code).toBe(2);
    expect(guess.stderr).toContain('cannot tell which format this file holds (keys: foo); pass --format <name>');
    const forced = await runGamut(['validate', f, '--format', 'answer']);
    expect(forced.code).toBe(2);
    expect(forced.stderr).toContain(`${f}:1:1  question_id  Invalid input: expected string, received undefined`);
    const nope = await runGamut(['validate', f, '--format', 'nope']);
    expect(nope.code).toBe(2);
    expect(nope.stderr).toContain('unknown format "nope"');
  });

  it('names the line of broken JSON', async () => {
    const f = await put(
      'broken.jsonl',
      '{"question_id":"q","model":"m","response":"r"}\n{"question_id": "q2", "model"\n',
    );
    const r = await runGamut(['validate', f]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `${f}:2:30  invalid JSON: unexpected end of input with 1 bracket still open (the line looks truncated) [json-syntax]\n` +
        '    2 | {"question_id": "q2", "model"\n' +
        `      | ${' '.repeat(29)}^\n`,
    );
  });
});
