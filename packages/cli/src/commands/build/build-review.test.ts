import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGamut } from '@gamut/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BUILD_DATA as DATA,
  decisionEvents,
  editEvents,
  initBundledBuild,
  jsonl,
  SCRIPTED_PEOPLE,
} from './build-fixture.test-helpers.js';

const tmp = mkdtempSync(join(tmpdir(), 'gamut-build-review-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const write = (name: string, lines: unknown[]) => {
  const file = join(tmp, name);
  writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  return file;
};

describe('a build reviewed in the review workspace (gamut review … <build-dir>)', () => {
  const dir = join(tmp, 'b');
  const build = (...args: string[]) => runGamut(['build', ...args]);
  const review = (...args: string[]) => runGamut(['review', ...args]);
  let owner = '';

  it('gamut build questions queues the candidates under review in the build store', async () => {
    const init = await initBundledBuild(dir, DATA, SCRIPTED_PEOPLE);
    expect(init.code).toBe(0);
    owner = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).build_id;
    expect((await build('questions', dir, '--json')).code).toBe(0);
    for (const [name, role] of [
      ['ann-a', 'annotator'],
      ['ann-b', 'annotator'],
      ['adj', 'adjudicator'],
      ['rev-a', 'reviewer'],
      ['rev-b', 'reviewer'],
    ] as const) {
      const r = await review('add-annotator', dir, '--name', name, '--role', role, '--json');
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toMatchObject({ name, role, token: expect.stringMatching(/^gmt_/) });
    }
    // Messages name the build as a build, not as a run.
    const again = await review('add-annotator', dir, '--name', 'ann-a', '--role', 'annotator');
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`build ${owner} already has an annotator "ann-a"`);
    const stranger = await review('label', dir, '--token', 'gmt_nobody', '--item', 'pizza.r1.c1', '--verdict', 'meets');
    expect(stranger.stderr).toContain(`no annotator of build ${owner} has this token`);
    const status = JSON.parse((await review('status', dir, '--json')).stdout);
    expect(status.run).toBe(owner);
    expect(status.queues).toEqual([
      expect.objectContaining({
        id: 'questions-1',
        kind: 'question_review',
        total: 8,
        counts: { waiting: 8, done: 0, disagreement: 0, adjudicated: 0 },
      }),
    ]);
  }, 60_000);

  it('refuses a bad event with its line and rule, and stores nothing of the file', async () => {
    const good = decisionEvents(owner, 'questions-1', jsonl(join(DATA, 'reviews-round1.jsonl')).slice(0, 1));
    const revisedWithoutText = { ...good[0], id: 'x-2', who: 'ann-b', kind: 'revise', change: { note: 'shorter' } };
    const noReason = { ...good[0], id: 'x-3', item_id: 'pizza.r1.c2', reason: '' };
    const file = write('bad-events.jsonl', [...good, revisedWithoutText, noReason]);
    const r = await review('import', dir, file);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`${file}:2 .*change\\.text.*\\[revision-text\\]`));
    expect(r.stderr).toMatch(new RegExp(`${file}:3 .*needs a reason.*\\[reason-required\\]`));
    const out = join(tmp, 'after-bad.jsonl');
    expect((await review('export', dir, '-o', out)).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe('');
  });

  it('two annotators and an adjudicator as imported events drive the rounds as the files did', async () => {
    const round1 = write(
      'round1.jsonl',
      decisionEvents(owner, 'questions-1', jsonl(join(DATA, 'reviews-round1.jsonl'))),
    );
    expect((await review('import', dir, round1)).stdout).toContain('Imported 17 review events');
    const status = JSON.parse((await review('status', dir, '--json')).stdout);
    // 8 candidates: 7 agreed, the kimchi candidate adjudicated (two different revisions).
    expect(status.queues[0].counts).toEqual({ waiting: 0, done: 7, disagreement: 0, adjudicated: 1 });

    const second = JSON.parse((await build('questions', dir, '--json')).stdout);
    const byId = (s: { images: Array<{ id: string }> }, id: string) => s.images.find((i) => i.id === id);
    expect(byId(second, 'pizza')).toMatchObject({ state: 'selected' });
    expect(second.rejections).toEqual([
      expect.objectContaining({ candidate: 'pizza.r1.c2', by: 'filter', failed: ['stranger_test'] }),
    ]);
    const queues = JSON.parse((await review('status', dir, '--json')).stdout).queues;
    expect(queues.map((q: { id: string; total: number }) => [q.id, q.total])).toEqual([
      ['questions-1', 8],
      ['questions-2', 3],
    ]);

    const round2 = write(
      'round2.jsonl',
      decisionEvents(owner, 'questions-2', jsonl(join(DATA, 'reviews-round2.jsonl'))),
    );
    expect((await review('import', dir, round2)).code).toBe(0);
    // Importing the same file again stores nothing new.
    expect((await review('import', dir, round2)).stdout).toContain('(6 already stored)');
    const done = JSON.parse((await build('questions', dir, '--json')).stdout);
    expect(done.images.filter((i: { state: string }) => i.state === 'selected')).toHaveLength(4);
    // The adjudicator's revision of the kimchi candidate became round 2's candidate and was picked.
    expect(byId(done, 'kimchi')).toMatchObject({
      round: 2,
      question: '이 음식은 무엇이고, 어떤 재료로 어떻게 담그나요?',
    });
  }, 60_000);

  it('rubric edits as events are the overlay: kept across the second refinement, stale ones shown', async () => {
    expect((await build('rubrics', dir)).code).toBe(0);
    expect((await build('refine', dir)).code).toBe(0);
    const queues = JSON.parse((await review('status', dir, '--json')).stdout).queues;
    expect(queues.at(-1)).toMatchObject({ id: 'rubrics-1', kind: 'rubric_revision', total: 4 });
    const edits = write('edits.jsonl', editEvents(owner, 'rubrics-1', jsonl(join(DATA, 'edits-round1.jsonl'))));
    expect((await review('import', dir, edits)).code).toBe(0);
    expect((await build('refine', dir)).code).toBe(0);
    const after = JSON.parse((await review('status', dir, '--json')).stdout).queues;
    expect(after.at(-1)).toMatchObject({ id: 'rubrics-2', total: 3 });

    const dataset = join(tmp, 'dataset');
    const r = await build('release', dir, '-o', dataset, '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ version: 1, stale_edits: 1 });
    const overlay = jsonl(join(dataset, 'overlay.jsonl'));
    expect(overlay.map((o) => [o.question_id, o.op, o.status])).toEqual([
      ['q-pizza', 'reword', 'applied'],
      ['q-pizza', 'retier', 'applied'],
      ['q-kimchi', 'add', 'applied'],
      ['q-gyeongbokgung', 'reword', 'stale'],
    ]);
    const pizza = jsonl(join(dataset, 'rubrics.jsonl')).find((x) => x.question_id === 'q-pizza');
    expect(pizza.checks.find((c: { id: string }) => c.id === 'I1.fact').text).toMatch(
      /^Identifies the dish as a pizza margherita: the Neapolitan/,
    );
    expect(pizza.checks.find((c: { id: string }) => c.id === 'I4.fact').tier).toBe('valuable');
    const agreement = JSON.parse(readFileSync(join(dataset, 'agreement.json'), 'utf8'));
    expect(agreement[0]).toMatchObject({ round: 1, candidates: 8, agreement: 0.875, adjudicated: 1 });
    expect(agreement[0].kappa).toBeCloseTo(7 / 9, 12);
  }, 120_000);
});
