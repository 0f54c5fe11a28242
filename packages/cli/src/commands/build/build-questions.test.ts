import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, runGamut } from '@gamut/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { initBundledBuild, SCRIPTED_PEOPLE } from './build-fixture.test-helpers.js';

const DATA = join(REPO_ROOT, 'fixtures/build');
const tmp = mkdtempSync(join(tmpdir(), 'gamut-build-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** `gamut build init` over an images file of these lines. */
async function initWith(name: string, lines: string[]) {
  const images = join(tmp, `${name}.jsonl`);
  writeFileSync(images, lines.join('\n'));
  const dir = join(tmp, name);
  const r = await runGamut(['build', 'init', dir, '--images', images, '--model', 'mock:judge', '--search', 'local:.']);
  return { ...r, images, dir };
}

describe('gamut build init', () => {
  it('lists every bad line of the images file with its file, line and rule, exits 2 and makes no build', async () => {
    const r = await initWith('bad', [
      '{"entity":"Eiffel Tower","domain":"landmarks","popularity":"head"}',
      '{"entity":"Venus flytrap","domain":"plants","popularity":"famous"}',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${r.images}:2  popularity`);
    expect(r.stderr).toContain('[schema/invalid_value]');
    expect(() => readFileSync(join(r.dir, 'manifest.json'))).toThrow();
  });

  it('names a missing image file and a repeated id by line', async () => {
    const r = await initWith('missing', [
      '{"id":"a","image":"nowhere.png","entity":"Kimchi","domain":"food","popularity":"head"}',
      '{"id":"a","entity":"Bibimbap","domain":"food","popularity":"head"}',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/missing\.jsonl:1 .*no image at .*nowhere\.png \[image-missing\]/);
    expect(r.stderr).toMatch(/missing\.jsonl:2 .*image id "a" is already used on line 1 \[duplicate-image\]/);
  });
});

describe('gamut build questions, over the bundled build data with the scripted model and reviewers', () => {
  const dir = join(tmp, 'b');
  const gamut = (...args: string[]) => runGamut(['build', ...args]);

  it('runs candidates → two-annotator review → rounds → filter → pick, recording every step', async () => {
    const init = await initBundledBuild(dir, DATA, SCRIPTED_PEOPLE);
    expect(init.stderr).toContain('4 image(s)');
    expect(init.code).toBe(0);

    const first = JSON.parse((await gamut('questions', dir, '--json')).stdout);
    expect(first.waiting).toEqual([
      { step: 'question-review', who: 'ann-a', items: 8, action: expect.any(String) },
      { step: 'question-review', who: 'ann-b', items: 8, action: expect.any(String) },
    ]);

    expect((await gamut('review-import', dir, join(DATA, 'reviews-round1.jsonl'))).code).toBe(0);
    const second = JSON.parse((await gamut('questions', dir, '--json')).stdout);
    const byId = (s: { images: Array<{ id: string }> }, id: string) => s.images.find((i) => i.id === id);
    expect(byId(second, 'pizza')).toMatchObject({
      state: 'selected',
      question: 'What is this dish, what goes into it, and how is it traditionally made?',
    });
    // The leading question passed both annotators and is rejected by the stranger test, with its reason.
    expect(second.rejections).toEqual([
      expect.objectContaining({
        candidate: 'pizza.r1.c2',
        by: 'filter',
        failed: ['stranger_test'],
        reason: expect.stringMatching(/^leading: it presumes/),
      }),
    ]);

    expect((await gamut('review-import', dir, join(DATA, 'reviews-round2.jsonl'))).code).toBe(0);
    const done = JSON.parse((await gamut('questions', dir, '--json')).stdout);
    expect(done.waiting).toEqual([{ step: 'rubric', who: 'model', items: 4, action: 'gamut build rubrics' }]);
    expect(done.images.map((i: { state: string }) => i.state)).toEqual([
      'selected',
      'selected',
      'selected',
      'selected',
    ]);
    expect(byId(done, 'kimchi')).toMatchObject({
      round: 2,
      question: '이 음식은 무엇이고, 어떤 재료로 어떻게 담그나요?',
    });

    const steps = readFileSync(join(dir, 'steps.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // Every candidate of the flytrap was discarded in round 1: round 2 asked for new ones, told why.
    const regenerated = steps.find((s) => s.key === 'candidates/flytrap/r2');
    expect(regenerated.produced.candidates[0].id).toBe('flytrap.r2.c1');
    // The pizza filter's first reply left a question unjudged and went back with the problem.
    const pizzaFilter = steps.find((s) => s.key === 'filter/pizza/r1');
    expect(pizzaFilter.attempts.map((a: { problems: string[] }) => a.problems)).toEqual([
      ['"pizza.r1.c2" has no judgement'],
      [],
    ]);
    expect(pizzaFilter.template).toMatch(/^gamut-build-filter@[0-9a-f]{64}$/);
    expect(steps.map((s) => s.key)).toHaveLength(10);
  }, 60_000);

  it('a decision on a candidate that is not under review is bad input naming the line', async () => {
    const bad = join(tmp, 'bad-decisions.jsonl');
    const line = (c: string) =>
      `{"candidate":"${c}","author":"ann-a","role":"annotator","decision":"accept","reason":"x","at":"t"}`;
    writeFileSync(bad, `${line('pizza.r1.c1')}\n${line('pizza.r9.c1')}\n`);
    const r = await gamut('review-import', dir, bad);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${bad}:2`);
    expect(r.stderr).toContain('[unknown-candidate]');
  });
});
