import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGamut } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const member = (language: string, text: string, id = `q-${language}`) => ({
  question_id: id,
  question: '?',
  language,
  items: [{ id: 'I1', type: 'strict_list', tier: 'valuable', text: 'X', members: [{ text }] }],
});
const metas = [
  member('ja', '牛肉'),
  member('zh', '五花肉'),
  member('es', 'arroz'),
  member('fr', 'aubergine'),
  member('de', 'Rindfleisch'),
  member('pt-br', 'feijão'),
  member('it', 'pomodoro'),
  member('pt-BR', 'arroz', 'q-pt2'),
];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gamut-lang-'));
  writeFileSync(join(dir, 'meta.jsonl'), `${metas.map((m) => JSON.stringify(m)).join('\n')}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('meta-rubrics in any language', () => {
  it('gamut compile words ja, zh, es, fr and de with their own templates, and warns once per other language', async () => {
    const r = await runGamut(['compile', 'meta.jsonl', '-o', 'r.jsonl'], { cwd: dir });
    expect(r.code).toBe(0);
    const templates = '(templates exist for en, ko, ja, zh, es, fr, de)';
    expect(r.stderr).toBe(
      `gamut: warning: no check templates for language "pt-BR": its checks are worded in English ${templates} (questions q-pt-br, q-pt2) [language-fallback]\n` +
        `gamut: warning: no check templates for language "it": its checks are worded in English ${templates} (question q-it) [language-fallback]\n` +
        'compiled 8 questions → 8 checks (answer_critical 0, valuable 8, context 0) → r.jsonl\n',
    );
    const rubrics = readFileSync(join(dir, 'r.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rubrics.map((x) => [x.language, x.checks[0].text])).toEqual([
      ['ja', '「X」の一つとして牛肉を挙げている。'],
      ['zh', '将五花肉列为“X”之一。'],
      ['es', 'Menciona arroz como parte de «X».'],
      ['fr', 'Cite aubergine parmi «\u00a0X\u00a0».'],
      ['de', 'Nennt Rindfleisch als Teil von „X“.'],
      ['pt-BR', 'Mentions feijão as part of "X".'],
      ['it', 'Mentions pomodoro as part of "X".'],
      ['pt-BR', 'Mentions arroz as part of "X".'],
    ]);
  });

  it('gamut judge prints the same warning and judges the fallback language', async () => {
    writeFileSync(
      join(dir, 'answers.jsonl'),
      `${JSON.stringify({ question_id: 'q-it', model: 'm', response: 'Con pomodoro.' })}\n`,
    );
    const r = await runGamut(
      ['judge', '--rubrics', 'meta.jsonl', '--answers', 'answers.jsonl', '--judge', 'offline', '--quiet'],
      { cwd: dir },
    );
    expect(r.code).toBe(0);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('gamut: warning:'))).toHaveLength(2);
    expect(JSON.parse(r.stdout.trim().split('\n')[0] as string)).toMatchObject({
      question_id: 'q-it',
      setting: 'text',
    });
  });
});
