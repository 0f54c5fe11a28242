import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGamut } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const metas = [
  {
    question_id: 't-1',
    question: 'What is the capital of France?',
    items: [
      { id: 'I1', type: 'fact', tier: 'answer_critical', text: 'Says the capital is Paris' },
      { id: 'I2', type: 'fact', tier: 'valuable', text: 'Mentions the Seine' },
    ],
  },
];
const jsonl = (rows: unknown[]) => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;
const HEAD = [
  '┌───┬─────────┬────────────────┬───┬─────────────────┬──────────┬─────────┐',
  '│ # │ Model   │ Gamut [95% CI] │ n │ Answer-critical │ Valuable │ Context │',
  '├───┼─────────┼────────────────┼───┼─────────────────┼──────────┼─────────┤',
];
const FOOT = '└───┴─────────┴────────────────┴───┴─────────────────┴──────────┴─────────┘';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gamut-tables-'));
  mkdirSync(join(dir, 'eval'));
  writeFileSync(join(dir, 'eval', 'meta.jsonl'), jsonl(metas));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('one table style, display names and paths', () => {
  it('gamut run names models by the model part of their spec, or their name, in a block per setting', async () => {
    writeFileSync(
      join(dir, 'eval', 'names.yaml'),
      [
        'name: names',
        'dataset: meta.jsonl',
        'models:',
        '  - mock:judge',
        '  - mock:fenced',
        '  - { spec: "mock:garbage", name: "모델 가" }',
        'judges: [offline]',
        'output: out',
        '',
      ].join('\n'),
    );
    const r = await runGamut(['run', 'eval/names.yaml', '--store', 'st'], { cwd: dir });
    expect(r.code).toBe(0);
    // The mock models answer with grading chatter, so every check is missing: ties are ranked by name.
    expect(r.stdout).toBe(
      [
        'judge offline',
        'Setting: text',
        ...HEAD,
        '│ 1 │ fenced  │ 0.0 [0.0, 0.0] │ 1 │             0.0 │      0.0 │       — │',
        '│ 2 │ judge   │ 0.0 [0.0, 0.0] │ 1 │             0.0 │      0.0 │       — │',
        '│ 3 │ 모델 가 │ 0.0 [0.0, 0.0] │ 1 │             0.0 │      0.0 │       — │',
        FOOT,
        `run directory: ${join(dir, 'eval', 'out')}`,
        '',
      ].join('\n'),
    );
    const answers = readFileSync(join(dir, 'eval', 'out', 'answers.jsonl'), 'utf8');
    expect([...answers.matchAll(/"model":"([^"]+)"/g)].map((m) => m[1])).toEqual(['fenced', 'judge', '모델 가']);
  });

  it('a labels: judge in a run config reads its file from the config folder', async () => {
    writeFileSync(
      join(dir, 'eval', 'labels.jsonl'),
      jsonl([
        { question_id: 't-1', model: 'human', check_id: 'I1.fact', verdict: 'meets', judge: 'lead' },
        { question_id: 't-1', model: 'human', check_id: 'I2.fact', verdict: 'missing', judge: 'lead' },
      ]),
    );
    writeFileSync(
      join(dir, 'eval', 'answers.jsonl'),
      jsonl([{ question_id: 't-1', model: 'human', response: 'Paris.' }]),
    );
    writeFileSync(
      join(dir, 'eval', 'labels.yaml'),
      'name: labelled\ndataset: meta.jsonl\nanswers: answers.jsonl\njudges: ["labels:labels.jsonl"]\noutput: out-labels\n',
    );
    const r = await runGamut(['run', 'eval/labels.yaml', '--store', 'st'], { cwd: dir });
    expect(r.code).toBe(0);
    // AC 1.0 and valuable 0 under the default weights 0.6/0.3 (context has no checks): 0.6 / 0.9.
    expect(r.stdout).toBe(
      [
        'judge labels:labels.jsonl',
        'Setting: text',
        '┌───┬───────┬───────────────────┬───┬─────────────────┬──────────┬─────────┐',
        '│ # │ Model │    Gamut [95% CI] │ n │ Answer-critical │ Valuable │ Context │',
        '├───┼───────┼───────────────────┼───┼─────────────────┼──────────┼─────────┤',
        '│ 1 │ human │ 66.7 [66.7, 66.7] │ 1 │           100.0 │      0.0 │       — │',
        '└───┴───────┴───────────────────┴───┴─────────────────┴──────────┴─────────┘',
        `run directory: ${join(dir, 'eval', 'out-labels')}`,
        '',
      ].join('\n'),
    );
  });

  it('a judge spec error says what is wrong and lists every valid form', async () => {
    const r = await runGamut(
      [
        'judge',
        '--rubrics',
        'eval/meta.jsonl',
        '--answers',
        'eval/answers.jsonl',
        '--judge',
        'openai-compatible:m@localhost:8000/v1',
      ],
      { cwd: dir },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'gamut: 1 problem found\n' +
        '  judge  judge spec "openai-compatible:m@localhost:8000/v1": openai-compatible needs a base URL: ' +
        'openai-compatible:<model>@http://host:port/v1 (http:// missing in "localhost:8000/v1"). ' +
        'Valid forms: offline, labels:<file>, openai:<model>, openai-chat:<model>, anthropic:<model>, google:<model>, ' +
        'openai-compatible:<model>@<base URL>, ollama:<model>, mock:<mode> [judge-spec]\n',
    );
  });
});
