import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { answerableTargets } from '@gamut/core';
import { afterAll, describe, expect, it } from 'vitest';
import { AnswerIndex, RubricIndex } from './indexed-inputs.js';
import { loadAnswers, loadRubrics } from './load-judge-inputs.js';

const fixtures = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../fixtures/gamut');
const dir = mkdtempSync(join(tmpdir(), 'gamut-index-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

describe('RubricIndex', () => {
  for (const name of ['meta-rubrics.jsonl', 'rubrics.jsonl']) {
    it(`gives the same targets, hashes and images as loading ${name} whole, re-reading evicted lines`, async () => {
      const path = join(fixtures, name);
      const whole = await loadRubrics(path);
      // A cache of two forces most lookups back to the file.
      const index = await RubricIndex.open(path, { cacheSize: 2 });
      try {
        expect(index.size).toBe(12);
        expect([...index.keys()]).toEqual([...whole.targets.keys()]);
        for (const round of [1, 2]) {
          for (const [id, target] of whole.targets) expect(index.get(id), `${id} round ${round}`).toEqual(target);
        }
        expect(index.compiled()).toEqual(whole.compiled);
        expect(index.rubricHashes).toEqual(
          Object.fromEntries(whole.compiled.map((r) => [r.question_id, r.rubric_hash])),
        );
        const images = [...whole.targets.values()].filter((t) => t.image !== undefined);
        expect(index.images).toEqual(images.map((t) => ({ questionId: t.questionId, image: t.image })));
        expect(index.has('q-en-01')).toBe(true);
        expect(index.has('nope')).toBe(false);
        expect(index.get('nope')).toBeUndefined();
      } finally {
        index.close();
      }
    });
  }

  it('keeps the rubrics validated at open, up to the cache size, rather than reading them again', async () => {
    const lines = readFileSync(join(fixtures, 'rubrics.jsonl'), 'utf8').trim().split('\n');
    const p = file('kept.jsonl', `${lines[0]}\n${lines[1]}\n${lines[2]}\n`);
    const index = await RubricIndex.open(p, { cacheSize: 2 });
    const ids = [...index.keys()];
    // Emptied: only a rubric the index did not keep would need the file.
    writeFileSync(p, '');
    expect(index.get(ids[0] as string)?.questionId).toBe(ids[0]);
    expect(index.get(ids[1] as string)?.questionId).toBe(ids[1]);
    expect(() => index.get(ids[2] as string)).toThrow(/changed while the run was reading it/);
    index.close();
  });

  it('names a repeated question with its line, and keeps a JSON array in memory', async () => {
    const lines = readFileSync(join(fixtures, 'rubrics.jsonl'), 'utf8').trim().split('\n');
    const dup = file('dup.jsonl', `${lines[0]}\n${lines[1]}\n${lines[0]}\n`);
    await expect(RubricIndex.open(dup)).rejects.toMatchObject({
      issues: [{ rule: 'duplicate-question', question: 'q-en-01', line: 3 }],
    });
    const arr = file('arr.json', `[${lines[0]},\n${lines[1]}]`);
    const index = await RubricIndex.open(arr);
    writeFileSync(arr, '[]');
    expect(index.get('q-en-01')?.checks.length).toBeGreaterThan(0);
    index.close();
  });

  it('a rubric file changed under a run is an input error, not a wrong rubric', async () => {
    const lines = readFileSync(join(fixtures, 'rubrics.jsonl'), 'utf8').trim().split('\n');
    const p = file('changing.jsonl', `${lines[0]}\n${lines[1]}\n`);
    const index = await RubricIndex.open(p, { cacheSize: 1 });
    writeFileSync(p, `${lines[1]}\n${lines[0]}\n`);
    // The first line's rubric is still the one validated at open; the second is read again.
    expect(index.get('q-en-01')?.questionId).toBe('q-en-01');
    expect(() => index.get(JSON.parse(lines[1] as string).question_id)).toThrow(/changed while the run was reading it/);
    index.close();
  });
});

describe('AnswerIndex', () => {
  it('iterates the same answers as loading the file whole, as often as asked', async () => {
    const rubrics = await loadRubrics(join(fixtures, 'rubrics.jsonl'));
    const path = join(fixtures, 'answers.jsonl');
    const whole = await loadAnswers(path, rubrics.targets);
    const index = await AnswerIndex.open(path, answerableTargets(rubrics.targets));
    try {
      expect(index.size).toBe(72);
      expect([...index]).toEqual(whole);
      expect([...index]).toEqual(whole);
      expect([...index.models].sort()).toEqual([...new Set(whole.map((a) => a.model))].sort());
      expect([...index.settings].sort()).toEqual(['multimodal', 'text_only']);
    } finally {
      index.close();
    }
  });

  it('reports unknown questions with their line, and notices a file changed under the run', async () => {
    const known = { has: (q: string) => q === 'q1', impliedSetting: () => undefined };
    const line = (q: string, response: string) =>
      JSON.stringify({ question_id: q, model: 'm', setting: 'text_only', response });
    const bad = file('bad.jsonl', `${line('q1', 'a')}\n${line('q9', 'b')}\n`);
    await expect(AnswerIndex.open(bad, known)).rejects.toMatchObject({
      issues: [{ rule: 'unknown-question', question: 'q9', line: 2 }],
    });
    const p = file('ans.jsonl', `${line('q1', '한국어 답')}\n`);
    const index = await AnswerIndex.open(p, known);
    expect([...index].map((a) => a.response)).toEqual(['한국어 답']);
    writeFileSync(p, 'x'.repeat(40));
    expect(() => [...index]).toThrow(/changed while the run was reading it/);
    index.close();
  });
});
