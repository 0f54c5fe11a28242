import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonl, runGamut, useCliFixture } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const metas = [
  {
    question_id: 'q-0001',
    question: 'What dish is this and what goes into it?',
    image: 'images/dish.png',
    text_only_question: 'What is beef bourguignon and what goes into it?',
    items: [
      { id: 'I1', type: 'fact', tier: 'answer_critical', text: 'Identifies the dish as beef bourguignon' },
      {
        id: 'I2',
        type: 'strict_list',
        tier: 'valuable',
        text: 'Core ingredients',
        members: [{ text: 'beef' }, { text: 'red wine' }],
      },
    ],
  },
  {
    question_id: 'q-0002',
    question: '이 음식은 무엇인가요?',
    language: 'ko',
    image: 'images/dish.png',
    text_only_question: '김치찌개는 무엇인가요?',
    items: [{ id: 'I1', type: 'fact', tier: 'answer_critical', text: '김치찌개라고 말한다' }],
  },
];
const CHECKS = 4;

const config = (judge = 'judge-r') => `
name: demo-run
dataset: meta.jsonl
models:
  - { spec: "openai-compatible:answerer-1@${fx.server.url}", name: model-a }
  - { spec: "openai-compatible:answerer-2@${fx.server.url}", name: model-b, temperature: 0.2 }
judges:
  - "openai-compatible:${judge}@${fx.server.url}"
settings: [multimodal, text_only]
concurrency: 4
seed: 7
output: out/demo
`;

const fx = useCliFixture(
  { beforeAll, afterAll },
  { prefix: 'gamut-run-', files: { 'images/dish.png': PNG, 'meta.jsonl': metas } },
);

describe('gamut run', () => {
  it('answers (with the image only in the multimodal setting), judges, scores and writes the run directory', async () => {
    writeFileSync(join(fx.dir, 'run.yaml'), config());
    const r = await fx.gamut(['run', 'run.yaml']);
    expect(r.code).toBe(0);
    // Not a terminal: plain progress lines, not a bar.
    expect(r.stderr).toContain('answers 8/8  checks 16/16 (100.0%)');
    expect(r.stderr).not.toContain('█');
    const answerCalls = fx.server.requests.filter((q) => !q.body.response_format);
    const judgeCalls = fx.server.requests.filter((q) => q.body.response_format);
    expect(answerCalls).toHaveLength(2 * 2 * 2);
    expect(judgeCalls).toHaveLength(2 * 2 * CHECKS);
    const withImage = answerCalls.filter((q) => q.raw.includes('data:image/png;base64,'));
    expect(withImage).toHaveLength(4);
    expect(
      withImage.every((q) => !q.raw.includes('김치찌개는 무엇인가요?') && !q.raw.includes('What is beef bourguignon')),
    ).toBe(true);
    expect(answerCalls.filter((q) => q.body.model === 'answerer-2').every((q) => q.body.temperature === 0.2)).toBe(
      true,
    );
    for (const q of judgeCalls) expect(q.raw).not.toMatch(/model-a|model-b|answerer/);
    // The judge sees the image too, for the multimodal answers only (2 models × 4 checks).
    expect(judgeCalls.filter((q) => q.raw.includes('data:image/png;base64,'))).toHaveLength(8);

    const out = join(fx.dir, 'out', 'demo');
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      run_id: 'demo-run',
      toolkit_version: '0.1.0',
      models: ['model-a', 'model-b'],
      settings: ['multimodal', 'text_only'],
      judges: [{ spec: `openai-compatible:judge-r@${fx.server.url}`, parameters: { batched: false } }],
      lambda: 0.5,
      mu: -2,
      weights: { answer_critical: 0.6, valuable: 0.3, context: 0.1 },
      seed: 7,
    });
    expect(Object.keys(manifest.rubric_hashes)).toEqual(['q-0001', 'q-0002']);
    expect(Object.keys(manifest.prompt_templates).length).toBeGreaterThan(0);
    expect(manifest.ended_at).not.toBeNull();
    const read = (f: string) =>
      readFileSync(join(out, f), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
    expect(read('answers.jsonl')).toHaveLength(8);
    expect(read('verdicts.jsonl')).toHaveLength(16);
    expect(read('rubrics.jsonl').map((x) => x.question_id)).toEqual(['q-0001', 'q-0002']);
    expect(read('meta-rubrics.jsonl')[0].image).toBe('images/dish.png');
    expect(readFileSync(join(out, 'images', 'dish.png'))).toEqual(PNG);
    const scores = JSON.parse(readFileSync(join(out, 'scores.json'), 'utf8'));
    expect(scores.models.map((m: { model: string; setting: string }) => `${m.model}/${m.setting}`).sort()).toEqual([
      'model-a/multimodal',
      'model-a/text_only',
      'model-b/multimodal',
      'model-b/text_only',
    ]);
    expect(r.stdout).toContain('model-a');
    expect(r.stdout).toContain('run directory:');
  });

  it('running the same config again resumes: no call is sent twice, the results are the same', async () => {
    const before = fx.server.requests.length;
    const verdicts = readFileSync(join(fx.dir, 'out', 'demo', 'verdicts.jsonl'), 'utf8');
    const r = await fx.gamut(['run', 'run.yaml', '--json']);
    expect(r.code).toBe(0);
    expect(fx.server.requests.length).toBe(before);
    const summary = JSON.parse(r.stdout);
    expect(summary.calls.calls).toBe(0);
    expect(summary.gate.passed).toBe(true);
    expect(readFileSync(join(fx.dir, 'out', 'demo', 'verdicts.jsonl'), 'utf8')).toBe(verdicts);
  });

  it('refuses to resume when the config changed, naming what changed', async () => {
    writeFileSync(join(fx.dir, 'run.yaml'), config('judge-other'));
    const r = await fx.gamut(['run', 'run.yaml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('changed: judges');
    writeFileSync(join(fx.dir, 'run.yaml'), config());
    writeFileSync(join(fx.dir, 'meta.jsonl'), jsonl([metas[0], { ...metas[1], question: '이것은 무슨 음식인가요?' }]));
    const d = await fx.gamut(['run', 'run.yaml']);
    expect(d.code).toBe(2);
    expect(d.stderr).toContain('changed: dataset, rubrics');
    writeFileSync(join(fx.dir, 'meta.jsonl'), jsonl(metas));
  });

  it('validates the config, naming the path of each problem', async () => {
    writeFileSync(join(fx.dir, 'bad.yaml'), 'dataset: meta.jsonl\njudges: []\nconcurrency: -1\nextra: 1\n');
    const r = await fx.gamut(['run', 'bad.yaml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bad.yaml');
    expect(r.stderr).toMatch(/judges/);
    expect(r.stderr).toMatch(/concurrency/);
    expect(r.stderr).toMatch(/extra/);
    const schema = await runGamut(['schema', 'run-config']);
    expect(schema.code).toBe(0);
    expect(JSON.parse(schema.stdout).required).toEqual(expect.arrayContaining(['dataset', 'judges']));
  });

  it('a missing image is named with its question before any call', async () => {
    const before = fx.server.requests.length;
    writeFileSync(join(fx.dir, 'noimg.jsonl'), jsonl([{ ...metas[0], image: 'images/nope.png' }]));
    writeFileSync(
      join(fx.dir, 'noimg.yaml'),
      config().replace('meta.jsonl', 'noimg.jsonl').replace('demo-run', 'noimg'),
    );
    const r = await fx.gamut(['run', 'noimg.yaml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/question q-0001.*cannot read image .*nope\.png/);
    expect(fx.server.requests.length).toBe(before);
  });

  it('a model under test that gives no answer fails the run (exit 1), naming how many and where they are listed', async () => {
    writeFileSync(
      join(fx.dir, 'dead.yaml'),
      'name: dead\ndataset: meta.jsonl\nmodels: ["openai-compatible:gone@http://127.0.0.1:9/v1"]\n' +
        'judges: [offline]\nsettings: [text_only]\nretries: 0\noutput: out/dead\n',
    );
    const r = await fx.gamut(['run', 'dead.yaml']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('answer failed: q-0001 gone text_only');
    expect(r.stderr).toContain(
      `2 of 2 answers failed (the model under test gave no answer, so nothing was judged); listed in ${join(fx.dir, 'out', 'dead')}/answer-failures.jsonl`,
    );
    const listed = readFileSync(join(fx.dir, 'out', 'dead', 'answer-failures.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(listed.map((l) => JSON.parse(l).question_id).sort()).toEqual(['q-0001', 'q-0002']);
  });

  it("a broken dataset is reported with the dataset's own errors, not as compiled rubrics", async () => {
    const { items, ...noItems } = metas[0] as Record<string, unknown>;
    writeFileSync(join(fx.dir, 'broken.jsonl'), jsonl([{ ...noItems, itmes: items }, metas[1]]));
    writeFileSync(join(fx.dir, 'broken.yaml'), 'dataset: broken.jsonl\nanswers: none.jsonl\njudges: [offline]\n');
    const r = await fx.gamut(['run', 'broken.yaml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('broken.jsonl');
    expect(r.stderr).toMatch(/items/);
    expect(r.stderr).not.toMatch(/checks|rubric_hash/);
  });

  it('--resume refuses when there is no such run', async () => {
    writeFileSync(join(fx.dir, 'other.yaml'), config().replace('name: demo-run', 'name: never-run'));
    const r = await fx.gamut(['run', 'other.yaml', '--resume', '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no run "never-run"');
  });

  it('judges an existing answers file with the offline judge, without any model', async () => {
    writeFileSync(
      join(fx.dir, 'answers.jsonl'),
      jsonl([
        {
          question_id: 'q-0001',
          model: 'human',
          setting: 'text_only',
          response: 'Beef bourguignon: beef and red wine.',
        },
        { question_id: 'q-0002', model: 'human', setting: 'text_only', response: '김치찌개입니다.' },
      ]),
    );
    writeFileSync(
      join(fx.dir, 'offline.yaml'),
      'dataset: meta.jsonl\nanswers: answers.jsonl\njudges: [offline]\nsettings: [text_only]\n',
    );
    const before = fx.server.requests.length;
    const r = await fx.gamut(['run', 'offline.yaml', '--json']);
    expect(r.code).toBe(0);
    expect(fx.server.requests.length).toBe(before);
    const summary = JSON.parse(r.stdout);
    expect(summary.run_id).toBe('offline');
    expect(summary.judges[0].judge).toBe('offline');
    expect(summary.judges[0].models).toHaveLength(1);
    expect(
      readFileSync(join(fx.dir, 'runs', 'offline', 'verdicts.jsonl'), 'utf8')
        .trim()
        .split('\n'),
    ).toHaveLength(CHECKS);
  });
});
