import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonl, judgeArgs, useCliFixture } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Plain text questions, as most users write them: no image, no text_only_question.
const metas = [
  {
    question_id: 't-1',
    question: 'What is the capital of France?',
    items: [
      { id: 'I1', type: 'fact', tier: 'answer_critical', text: 'Says the capital is Paris' },
      { id: 'I2', type: 'fact', tier: 'valuable', text: 'Mentions the Seine' },
    ],
  },
  {
    question_id: 't-2',
    question: 'Name two primary colours.',
    items: [
      {
        id: 'I1',
        type: 'strict_list',
        tier: 'answer_critical',
        text: 'Primary colours',
        members: [{ text: 'red' }, { text: 'blue' }],
      },
    ],
  },
];
// No `setting`: a text question's answers are in the text setting.
const answers = [
  { question_id: 't-1', model: 'm', response: 'The capital is Paris, on the Seine.' },
  { question_id: 't-2', model: 'm', response: 'Red and blue.' },
];
const readJsonl = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

const fx = useCliFixture(
  { beforeAll, afterAll },
  { prefix: 'gamut-text-', files: { 'meta.jsonl': metas, 'answers.jsonl': answers } },
);

describe('plain text questions (the text setting)', () => {
  it('gamut judge gives answers without a setting the text setting, and gamut score scores them there', async () => {
    const judged = await fx.gamut([...judgeArgs('offline'), '-o', 'v.jsonl', '--quiet']);
    expect(judged.stderr).toBe('');
    expect(judged.code).toBe(0);
    expect(readJsonl(join(fx.dir, 'v.jsonl')).map((v) => [v.question_id, v.setting, v.check_id, v.verdict])).toEqual([
      ['t-1', 'text', 'I1.fact', 'meets'],
      ['t-1', 'text', 'I2.fact', 'meets'],
      ['t-2', 'text', 'I1.m1', 'meets'],
      ['t-2', 'text', 'I1.m2', 'meets'],
    ]);

    expect((await fx.gamut(['compile', 'meta.jsonl', '-o', 'r.jsonl'])).code).toBe(0);
    const scored = await fx.gamut(['score', '--rubrics', 'r.jsonl', '--verdicts', 'v.jsonl', '--json']);
    expect(scored.code).toBe(0);
    const report = JSON.parse(scored.stdout);
    expect(report.models.map((m: { model: string; setting: string; n: number }) => [m.model, m.setting, m.n])).toEqual([
      ['m', 'text', 2],
    ]);
    expect(report.answers.map((a: { setting: string }) => a.setting)).toEqual(['text', 'text']);
  });

  it('gamut run needs no settings: a model is asked the question as written, and the report shows the text setting', async () => {
    writeFileSync(
      join(fx.dir, 'run.yaml'),
      [
        'name: plain',
        'dataset: meta.jsonl',
        'models:',
        `  - { spec: "openai-compatible:answerer@${fx.server.url}", name: answerer }`,
        'judges: [offline]',
        'output: out',
        '',
      ].join('\n'),
    );
    const before = fx.server.requests.length;
    const r = await fx.gamut(['run', 'run.yaml', '--quiet', '--store', 'store.db']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const asked = fx.server.requests.slice(before);
    expect(asked).toHaveLength(2);
    expect(asked.map((q) => q.body.messages)).toEqual([
      [{ role: 'user', content: 'What is the capital of France?' }],
      [{ role: 'user', content: 'Name two primary colours.' }],
    ]);
    const out = join(fx.dir, 'out');
    expect(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')).settings).toEqual(['text']);
    expect(readJsonl(join(out, 'answers.jsonl')).map((a) => [a.question_id, a.model, a.setting])).toEqual([
      ['t-1', 'answerer', 'text'],
      ['t-2', 'answerer', 'text'],
    ]);
    expect(new Set(readJsonl(join(out, 'verdicts.jsonl')).map((v) => v.setting))).toEqual(new Set(['text']));

    const html = await fx.gamut(['report', 'out', '-o', 'report.html']);
    expect(html.code).toBe(0);
    const page = readFileSync(join(fx.dir, 'report.html'), 'utf8');
    expect(page).toContain('"settings":["text"]');
  });

  it('an answer without a setting to a question asked with and without its image is an error naming the line', async () => {
    const both = {
      ...metas[0],
      question_id: 'i-1',
      image: 'https://example.org/i-1.png',
      text_only_question: 'What is the capital of France?',
    };
    const one = { ...metas[0], question_id: 'i-2', image: 'https://example.org/i-2.png' };
    writeFileSync(join(fx.dir, 'image-meta.jsonl'), jsonl([both, one]));
    writeFileSync(
      join(fx.dir, 'image-answers.jsonl'),
      jsonl([
        { question_id: 'i-2', model: 'm', response: 'Paris.' },
        { question_id: 'i-1', model: 'm', response: 'Paris.' },
      ]),
    );
    const r = await fx.gamut([
      'judge',
      '--rubrics',
      'image-meta.jsonl',
      '--answers',
      'image-answers.jsonl',
      '--judge',
      'offline',
      '--quiet',
    ]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'gamut: 1 problem found\n' +
        '  image-answers.jsonl:2  (question i-1, model m)  question "i-1" is asked both with its image and without it: ' +
        'give the answer a "setting" ("multimodal" or "text_only") [setting-required]\n',
    );
  });
});
