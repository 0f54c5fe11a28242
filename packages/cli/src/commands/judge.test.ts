import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonl, judgeArgs, useCliFixture } from '@gamut/testkit';
import { parse as parseCsv } from 'csv-parse/sync';
import { parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const metas = [
  {
    question_id: 'q-0001',
    question: 'What dish is this and what goes into it?',
    language: 'en',
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
    items: [
      { id: 'I1', type: 'fact', tier: 'answer_critical', text: '김치찌개라고 말한다' },
      { id: 'I2', type: 'meta_insight', tier: 'context', text: '돼지고기가 흔히 들어간다' },
    ],
  },
];
const answers = [
  {
    question_id: 'q-0001',
    model: 'secret-model-a',
    setting: 'text_only',
    response: 'Beef bourguignon: beef in red wine.',
  },
  { question_id: 'q-0002', model: 'secret-model-a', setting: 'multimodal', response: '김치찌개입니다.' },
  { question_id: 'q-0001', model: 'secret-model-b', setting: 'text_only', response: 'Coq au vin.' },
  { question_id: 'q-0002', model: 'secret-model-b', setting: 'multimodal', response: '모르겠습니다.' },
];
const CHECKS = 3 + 2;
const JUDGE_CALLS = 2 * CHECKS;

const fx = useCliFixture(
  { beforeAll, afterAll },
  { prefix: 'gamut-judge-', files: { 'meta.jsonl': metas, 'answers.jsonl': answers } },
);

const judgeOnServer = (extra: string[] = []) => [
  ...judgeArgs(`openai-compatible:judge-x@${fx.server.url}`),
  '--quiet',
  ...extra,
];

describe('gamut judge against an OpenAI-compatible server', () => {
  it('writes SPEC §6 verdict lines, never shows the judge the answering model, and a rerun sends nothing', async () => {
    const before = fx.server.requests.length;
    const r = await fx.gamut(judgeOnServer(['-o', 'v.jsonl']));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(fx.server.requests.length - before).toBe(JUDGE_CALLS);
    const lines = readFileSync(join(fx.dir, 'v.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(JUDGE_CALLS);
    for (const l of lines) {
      expect(Object.keys(l)).toEqual(['question_id', 'model', 'setting', 'check_id', 'verdict', 'rationale', 'judge']);
      expect(['meets', 'partially_meets', 'missing', 'contradicts']).toContain(l.verdict);
      expect(l.judge).toBe('openai-compatible:judge-x');
    }
    expect(lines.map((l) => `${l.question_id}/${l.model}/${l.check_id}`).slice(0, 3)).toEqual([
      'q-0001/secret-model-a/I1.fact',
      'q-0001/secret-model-a/I2.m1',
      'q-0001/secret-model-a/I2.m2',
    ]);
    for (const req of fx.server.requests.slice(before)) expect(req.raw).not.toContain('secret-model');
    // The Korean question reaches the judge as written.
    expect(fx.server.requests.slice(before).some((q) => q.raw.includes('이 음식은 무엇인가요?'))).toBe(true);

    const first = readFileSync(join(fx.dir, 'v.jsonl'), 'utf8');
    const again = await fx.gamut(judgeOnServer(['-o', 'v.jsonl']));
    expect(again.code).toBe(0);
    expect(fx.server.requests.length - before).toBe(JUDGE_CALLS);
    expect(readFileSync(join(fx.dir, 'v.jsonl'), 'utf8')).toBe(first);
  });

  it('exports CSV that parses back to the same verdicts', async () => {
    const r = await fx.gamut(judgeOnServer(['--format', 'csv']));
    expect(r.code).toBe(0);
    const rows = parseCsv(r.stdout, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows).toHaveLength(JUDGE_CALLS);
    expect(Object.keys(rows[0]!)).toEqual([
      'question_id',
      'model',
      'setting',
      'check_id',
      'verdict',
      'rationale',
      'judge',
      'quote',
      'sample',
      'failure_kind',
      'failure_reason',
    ]);
    const jsonlLines = readFileSync(join(fx.dir, 'v.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((x) => x.verdict)).toEqual(jsonlLines.map((l) => l.verdict));
  });

  it('--fail-under exits 1 naming the model, and JUnit has one testcase per answer', async () => {
    const r = await fx.gamut(judgeOnServer(['--format', 'junit', '-o', 'junit.xml', '--fail-under', '0.99']));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/secret-model-\w \((text_only|multimodal)\) scored -?\d+\.\d, below --fail-under 99\.0/);
    const doc = parseDocument(readFileSync(join(fx.dir, 'junit.xml'), 'utf8'), { xmlMode: true });
    const all = (name: string) => {
      const out: { attribs: Record<string, string> }[] = [];
      const walk = (n: { children?: unknown[]; name?: string; attribs?: Record<string, string> }) => {
        if (n.name === name) out.push(n as { attribs: Record<string, string> });
        for (const c of n.children ?? []) walk(c as typeof n);
      };
      walk(doc as never);
      return out;
    };
    expect(all('testcase')).toHaveLength(answers.length);
    expect(all('testsuites')[0]?.attribs.tests).toBe(String(answers.length));
    expect(all('failure').length).toBeGreaterThan(0);
  });

  it('a score above 1 for --fail-under is a usage error that suggests the fraction', async () => {
    const r = await fx.gamut(judgeOnServer(['--fail-under', '60']));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('did you mean 0.6?');
  });

  it('--batched grades all checks of an answer in one call', async () => {
    const before = fx.server.requests.length;
    const r = await fx.gamut(judgeOnServer(['--batched', '--store', 'batched-store', '-o', 'batched.jsonl']));
    expect(r.code).toBe(0);
    const sent = fx.server.requests.slice(before);
    expect(sent).toHaveLength(answers.length);
    const lines = readFileSync(join(fx.dir, 'batched.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(JUDGE_CALLS);
    expect(lines.every((l) => l.rationale === `fake batch rationale ${l.check_id}`)).toBe(true);
  });

  it('labels:<file> replays an earlier run; a check without a label is a judge failure', async () => {
    const earlier = readFileSync(join(fx.dir, 'v.jsonl'), 'utf8').trim().split('\n');
    writeFileSync(join(fx.dir, 'labels.jsonl'), `${earlier.slice(1).join('\n')}\n`);
    const r = await fx.gamut([...judgeArgs('labels:labels.jsonl'), '--json', '-o', 'replayed.jsonl']);
    // One check ends as a judge failure: exit 1, saying how many and where they are listed.
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `1 of ${earlier.length} checks ended as a judge failure, 0 allowed by --max-judge-failures; listed in replayed.jsonl`,
    );
    const summary = JSON.parse(r.stdout);
    const first = JSON.parse(earlier[0]!);
    expect(summary.judge_failures).toEqual([
      expect.objectContaining({
        question_id: first.question_id,
        check_id: first.check_id,
        kind: 'invalid_reply',
        error: expect.stringContaining('no label'),
      }),
    ]);
    const replayed = readFileSync(join(fx.dir, 'replayed.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // The file is the whole record: every verdict, then the failure as a line of its own.
    expect(replayed.slice(0, -1).map((l) => l.verdict)).toEqual(earlier.slice(1).map((l) => JSON.parse(l).verdict));
    expect(replayed.at(-1)).toEqual({
      question_id: first.question_id,
      model: first.model,
      setting: first.setting,
      check_id: first.check_id,
      verdict: null,
      failure: { kind: 'invalid_reply', reason: expect.stringContaining('no label') },
      judge: 'labels:labels.jsonl',
    });
    expect(replayed.every((l) => l.judge === 'labels:labels.jsonl')).toBe(true);

    // Allowed by --max-judge-failures: exit 0, the failure still recorded.
    const allowed = await fx.gamut([
      ...judgeArgs('labels:labels.jsonl'),
      '--max-judge-failures',
      '1',
      '-o',
      'replayed.jsonl',
      '--quiet',
    ]);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(readFileSync(join(fx.dir, 'replayed.jsonl'), 'utf8')).toContain('"verdict":null');
  });

  it('a judge the service refuses (401) stops the run with exit 4 (a provider failure) and marks it failed', async () => {
    const r = await fx.gamut([...judgeArgs('mock:unauthorized'), '--store', 'auth-store']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('401');
    const { openSqliteStore } = await import('@gamut/store');
    const store = openSqliteStore({ file: join(fx.dir, 'auth-store', 'gamut.db') });
    const runs = await store.listRuns();
    await store.close();
    expect(runs.map((x) => x.status)).toEqual(['failed']);
  });

  it('names the file and line of a bad answer line, and stores nothing', async () => {
    writeFileSync(
      join(fx.dir, 'bad.jsonl'),
      `${JSON.stringify(answers[0])}\n{"question_id":"q-9","model":"m","response":"x"}\n`,
    );
    const r = await fx.gamut([
      'judge',
      '--rubrics',
      'meta.jsonl',
      '--answers',
      'bad.jsonl',
      '--judge',
      'offline',
      '--store',
      'bad-store',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bad.jsonl:2');
    expect(r.stderr).toContain('unknown-question');
    expect(existsSync(join(fx.dir, 'bad-store'))).toBe(false);
  });
});

describe('gamut judge with a faulty server', () => {
  const judgeFaulty = (extra: string[]) =>
    fx.gamut([
      ...['judge', '--rubrics', 'faulty.jsonl', '--answers', 'faulty-answers.jsonl'],
      ...['--judge', `openai-compatible:judge-f@${fx.server.url}`, '--store', 'faulty-store', ...extra],
    ]);
  it('completes: each check gets a verdict or a recorded judge failure with the raw reply', async () => {
    const faulty = [
      {
        question_id: 'f-1',
        question: 'Which faults?',
        items: [
          { id: 'A', type: 'fact', tier: 'answer_critical', text: 'Survives a rate limit [429]' },
          { id: 'B', type: 'fact', tier: 'answer_critical', text: 'Survives server errors [500]' },
          { id: 'C', type: 'fact', tier: 'valuable', text: 'Survives a hang [hang]' },
          { id: 'D', type: 'fact', tier: 'valuable', text: 'Survives a truncated body [badjson]' },
          { id: 'E', type: 'fact', tier: 'context', text: 'Answers off the menu [offmenu]' },
          { id: 'F', type: 'fact', tier: 'context', text: 'A plain check' },
        ],
      },
    ];
    writeFileSync(join(fx.dir, 'faulty.jsonl'), jsonl(faulty));
    writeFileSync(
      join(fx.dir, 'faulty-answers.jsonl'),
      jsonl([{ question_id: 'f-1', model: 'm', setting: 'text_only', response: 'All good.' }]),
    );
    const r = await judgeFaulty(['--timeout', '1500', '--retries', '3', '-o', 'faulty-v.jsonl', '--json']);
    // A check that ends as a judge failure fails the run (exit 1), but everything is recorded.
    expect(r.code).toBe(1);
    const summary = JSON.parse(r.stdout);
    const lines = readFileSync(join(fx.dir, 'faulty-v.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const failed = summary.judge_failures.map((f: { check_id: string }) => f.check_id);
    expect(failed).toEqual(['E.fact']);
    expect(summary.judge_failures[0].raw).toContain('"yes"');
    expect(summary.judge_failures[0].kind).toBe('invalid_reply');
    const verdicts = lines.filter((v) => v.verdict !== null);
    expect(verdicts.map((v) => v.check_id).sort()).toEqual(['A.fact', 'B.fact', 'C.fact', 'D.fact', 'F.fact']);
    expect(lines.filter((v) => v.verdict === null)).toEqual([
      expect.objectContaining({
        check_id: 'E.fact',
        failure: { kind: 'invalid_reply', reason: expect.stringContaining('invalid judge reply') },
      }),
    ]);
    expect(summary.checks).toMatchObject({ planned: 6, judged: 5, failed: 1 });
    expect(summary.unscored).toEqual([
      {
        question_id: 'f-1',
        model: 'm',
        setting: 'text_only',
        check_ids: ['E.fact'],
        kinds: ['invalid_reply'],
        reason: expect.stringContaining('invalid judge reply'),
      },
    ]);
    expect(summary.models).toEqual([expect.objectContaining({ model: 'm', n: 0, unscored: 1, gamut: null })]);
    expect(summary.gate.passed).toBe(false);
    expect(summary.gate.reasons).toEqual([
      '1 of 6 checks ended as a judge failure, 0 allowed by --max-judge-failures; listed in faulty-v.jsonl (lines with "verdict": null)',
    ]);

    const strict = await judgeFaulty(['--fail-on-judge-failures', '-o', 'x.jsonl']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('1 judge failure');
    expect(strict.stderr).toMatch(
      /f-1 m text_only E\.fact \[openai-compatible:judge-f\] invalid_reply: invalid judge reply/,
    );
    expect(strict.stderr).toContain(
      'm (text_only): 1 answer unscored (judge failures: 1 invalid_reply) — listed in x.jsonl (lines with "verdict": null)',
    );
  }, 60_000);
});
