import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGamut } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Every input reads through one reader: CSV, exact locations and the nesting limit hold for each command. */
const metas = [
  {
    question_id: 'q1',
    question: 'What is beef bourguignon?',
    language: 'en',
    items: [
      { id: 'I1', type: 'fact', tier: 'answer_critical', text: 'Says it is a beef stew braised in red wine' },
      {
        id: 'I2',
        type: 'strict_list',
        tier: 'valuable',
        text: 'Ingredients',
        members: [{ text: 'beef' }, { text: 'red wine' }, { text: 'lardons' }],
      },
    ],
  },
  {
    question_id: 'q2',
    question: '이 음식은 무엇인가요?',
    language: 'ko',
    items: [{ id: 'I1', type: 'fact', tier: 'answer_critical', text: '김치찌개라고 말한다' }],
  },
];
const answers = [
  {
    question_id: 'q1',
    model: 'm',
    setting: 'text_only',
    response: 'A beef stew braised in red wine.\r\nWith "lardons".',
  },
  { question_id: 'q2', model: 'm', setting: 'multimodal', response: '김치찌개입니다, 맛있어요' },
];
/** The same answers as Excel writes them: BOM, CRLF, quoted line breaks, doubled quotes. */
const ANSWERS_CSV =
  '\uFEFFquestion_id,model,setting,response\r\n' +
  'q1,m,text_only,"A beef stew braised in red wine.\r\nWith ""lardons""."\r\n' +
  'q2,m,multimodal,"김치찌개입니다, 맛있어요"\r\n';

let dir: string;
const jsonl = (rows: unknown[]) => rows.map((r) => `${JSON.stringify(r)}\n`).join('');
const gamut = (args: string[]) => runGamut(args, { cwd: dir });
const judge = (answersFile: string, extra: string[] = []) =>
  gamut(['judge', '--rubrics', 'meta.jsonl', '--answers', answersFile, '--judge', 'offline', '--quiet', ...extra]);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gamut-inputs-'));
  await writeFile(join(dir, 'meta.jsonl'), jsonl(metas));
  await writeFile(join(dir, 'answers.jsonl'), jsonl(answers));
  await writeFile(join(dir, 'answers.csv'), ANSWERS_CSV);
  expect((await gamut(['compile', 'meta.jsonl', '-o', 'rubrics.jsonl'])).code).toBe(0);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('CSV in', () => {
  it('an Excel CSV of answers judges exactly like its JSONL', async () => {
    const fromJsonl = await judge('answers.jsonl', ['--store', 'a.sqlite', '-o', 'v-jsonl.jsonl']);
    const fromCsv = await judge('answers.csv', ['--store', 'b.sqlite', '-o', 'v-csv.jsonl']);
    expect(fromCsv.stderr).toBe('');
    expect([fromJsonl.code, fromCsv.code]).toEqual([0, 0]);
    const verdicts = await readFile(join(dir, 'v-csv.jsonl'), 'utf8');
    expect(verdicts).toBe(await readFile(join(dir, 'v-jsonl.jsonl'), 'utf8'));
    expect(verdicts.trim().split('\n')).toHaveLength(5);
  });

  it('a CSV verdict export scores exactly like its JSONL (gamut score --json)', async () => {
    expect((await judge('answers.csv', ['--store', 'c.sqlite', '--format', 'csv', '-o', 'v.csv'])).code).toBe(0);
    expect((await readFile(join(dir, 'v.csv'), 'utf8')).startsWith('\uFEFFquestion_id,model,setting,check_id,')).toBe(
      true,
    );
    const score = (v: string) => gamut(['score', '--rubrics', 'rubrics.jsonl', '--verdicts', v, '--json']);
    const [csv, json] = await Promise.all([score('v.csv'), score('v-jsonl.jsonl')]);
    expect(csv.code).toBe(0);
    expect(csv.stdout).toBe(json.stdout);
    expect(JSON.parse(csv.stdout).answers).toHaveLength(2);
    // The export also validates, and serves as labels for a labels: judge.
    expect((await gamut(['validate', 'v.csv'])).stdout).toBe('ok: 5 verdicts, 0 problems\n');
    const relabel = await judge('answers.jsonl', [
      '--store',
      'd.sqlite',
      '--judge',
      'labels:v.csv',
      '-o',
      'v-labels.jsonl',
    ]);
    expect(relabel.code).toBe(0);
  });

  it('a CSV problem names its line; rubrics as CSV are refused by name', async () => {
    await writeFile(join(dir, 'bad.csv'), 'question_id,model,setting,response\nq1,m,text_only,ok\nq2,m,\n');
    const bad = await judge('bad.csv');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('bad.csv:3  this row has 3 cells, the header 4 [csv-syntax]');
    await writeFile(join(dir, 'nomodel.csv'), 'question_id,setting,response\nq1,text_only,ok\n');
    expect((await judge('nomodel.csv')).stderr).toContain(
      'nomodel.csv:2  model  Invalid input: expected string, received undefined [schema/invalid_type]',
    );
    await writeFile(join(dir, 'rubrics.csv'), 'question_id,checks\nq1,[]\n');
    const r = await gamut(['score', '--rubrics', 'rubrics.csv', '--verdicts', 'v.csv']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('rubrics.csv: rubrics cannot be read from CSV (they nest); give them as JSON or JSONL');
  });

  it('labels for gamut analyze may be CSV too, problems named at their row', async () => {
    await writeFile(
      join(dir, 'labels.csv'),
      '\uFEFFitem,rater,label\r\n1,ann,yes\r\n1,bob,yes\r\n2,ann,no\r\n2,bob,yes\r\n3,ann,no\r\n3,bob,no\r\n',
    );
    await writeFile(
      join(dir, 'labels.jsonl'),
      jsonl([
        { item: '1', rater: 'ann', label: 'yes' },
        { item: '1', rater: 'bob', label: 'yes' },
        { item: '2', rater: 'ann', label: 'no' },
        { item: '2', rater: 'bob', label: 'yes' },
        { item: '3', rater: 'ann', label: 'no' },
        { item: '3', rater: 'bob', label: 'no' },
      ]),
    );
    const agreement = (file: string) => gamut(['analyze', 'agreement', '--labels', file, '--json']);
    const [csv, json] = await Promise.all([agreement('labels.csv'), agreement('labels.jsonl')]);
    expect(csv.code).toBe(0);
    expect(csv.stdout).toBe(json.stdout);
    // Two of three items agree.
    expect(JSON.parse(csv.stdout).overall.pairwise_agreement).toBeCloseTo(2 / 3, 12);
    await writeFile(join(dir, 'bad-labels.csv'), 'item,rater,label\n1,ann,yes\n1,bob\n');
    const bad = await gamut(['analyze', 'agreement', '--labels', 'bad-labels.csv']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('bad-labels.csv:3  this row has 2 cells, the header 3 [csv-syntax]');
  });

  it('an unsupported format is named as such, with the formats that are supported', async () => {
    await writeFile(join(dir, 'answers.xlsx'), 'PK\u0003\u0004not really');
    const xlsx = await judge('answers.xlsx');
    expect(xlsx.code).toBe(2);
    expect(xlsx.stderr).toContain(
      'answers.xlsx is an Excel workbook (.xlsx); in Excel choose File → Save As → CSV UTF-8. Gamut reads JSON (.json), JSONL (.jsonl), YAML (.yaml, .yml) and CSV (.csv, UTF-8) [unsupported-format]',
    );
    await writeFile(join(dir, 'v.parquet'), 'PAR1');
    expect((await gamut(['validate', 'v.parquet'])).stderr).toContain(
      'v.parquet is Parquet (.parquet); convert it to JSONL or CSV first. Gamut reads',
    );
    // Renamed, a workbook is still told by its first bytes.
    await writeFile(join(dir, 'renamed.csv'), 'PK\u0003\u0004not really');
    expect((await judge('renamed.csv')).stderr).toContain(
      'renamed.csv is a zip archive (an Excel .xlsx workbook is one)',
    );
  });
});

describe('exact locations and the nesting limit, in every command', () => {
  it('5,000 levels of JSON nesting are exit 2 with the location, never a stack trace', async () => {
    const deep = `{"question_id":"q1","model":"m","setting":"text_only","response":"x","extra":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    await writeFile(join(dir, 'deep.jsonl'), `${JSON.stringify(answers[1])}\n${deep}\n`);
    await writeFile(join(dir, 'deep.json'), deep);
    // The record's own object is level 1, so the 256th bracket of "extra" is the one too deep: column 77 + 256.
    const expected = 'nested deeper than 256 levels of arrays and objects [json-too-deep]';
    for (const [args, file] of [
      [['validate', 'deep.json'], 'deep.json:1:333'],
      [['compile', 'deep.json'], 'deep.json:1:333'],
      [['judge', '--rubrics', 'meta.jsonl', '--answers', 'deep.jsonl', '--judge', 'offline'], 'deep.jsonl:2:333'],
      [['score', '--rubrics', 'rubrics.jsonl', '--verdicts', 'deep.jsonl'], 'deep.jsonl:2:333'],
      [['judge', '--rubrics', 'deep.json', '--answers', 'answers.jsonl', '--judge', 'offline'], 'deep.json:1:333'],
    ] as const) {
      const r = await gamut([...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(`${file}  ${expected}`);
      expect(r.stderr).not.toContain('internal error');
    }
  });

  it('YAML: a syntax error at its line and column; deep nesting is exit 2, not a crash', async () => {
    await writeFile(join(dir, 'run.yaml'), 'dataset: meta.jsonl\njudges:\n  - spec: offline\n    batched: [true\n');
    const r = await gamut(['run', 'run.yaml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/run\.yaml:5:1 {2}invalid YAML: .*\[yaml-syntax\]/);
    await writeFile(join(dir, 'deep.yaml'), `dataset: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`);
    const deep = await gamut(['validate', 'deep.yaml']);
    expect(deep.code).toBe(2);
    expect(deep.stderr).toContain('deep.yaml:1:266  nested deeper than 256 levels [yaml-too-deep]');
  });

  it('wiki page metadata (a .json page, a sidecar) is read the same way, each problem at its spot', async () => {
    const wiki = join(dir, 'wiki');
    await mkdir(wiki);
    await writeFile(join(wiki, 'leave.md'), '# Leave\nTwo approvers.\n');
    await writeFile(join(wiki, 'leave.md.meta.json'), '{"title": "Leave policy",}\n');
    await writeFile(join(wiki, 'p2.json'), '{"page_id": "P2", "title": "x", "body": "b" "version": 2}\n');
    const r = await gamut(['rag', 'import', 'wiki', '-o', 'snap.jsonl']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "wiki/leave.md.meta.json:1:25  invalid JSON: trailing comma before '}': JSON does not allow one [json-syntax]",
    );
    expect(r.stderr).toContain(
      `wiki/p2.json:1:45  invalid JSON: expected ',' or '}' after a property value, found '"' [json-syntax]`,
    );
  });

  it('validate warns, without failing, about invalid UTF-8 at its byte offset and repeated keys', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"question_id":"q1","model":"m","setting":"text_only","response":"caf'),
      Buffer.from([0xe9]),
      Buffer.from('"}\n{"question_id":"q2","model":"m","model":"m2","response":"r"}\n'),
    ]);
    await writeFile(join(dir, 'latin1.jsonl'), bytes);
    const r = await gamut(['validate', 'latin1.jsonl']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('ok: 2 answers, 0 problems, 2 warnings\n');
    expect(r.stderr.split('\n').filter((l) => l.startsWith('warning:'))).toEqual([
      'warning: latin1.jsonl:1:70  invalid UTF-8 at byte 69 (0xe9), read as U+FFFD; save the file as UTF-8 [invalid-utf8]',
      'warning: latin1.jsonl:2:33  key "model" appears twice in this object (first at 2:21); the last one wins [duplicate-key]',
    ]);
    const json = JSON.parse((await gamut(['validate', 'latin1.jsonl', '--json'])).stdout);
    expect(json.problems).toBe(0);
    expect(
      json.warnings.map((w: { rule: string; line: number; column: number }) => [w.rule, w.line, w.column]),
    ).toEqual([
      ['invalid-utf8', 1, 70],
      ['duplicate-key', 2, 33],
    ]);
  });
});
