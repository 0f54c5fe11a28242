import { spawnSync } from 'node:child_process';
import { hash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, runGamut } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initBundledBuild } from './build-fixture.test-helpers.js';

const tmp = mkdtempSync(join(tmpdir(), 'gamut-build-demo-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const DATA = join(REPO_ROOT, 'fixtures/build');
// No network at all where the sandbox allows it: the demo must not need one.
const canUnshare = spawnSync('unshare', ['-rn', 'true']).status === 0;
const jsonl = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

describe('gamut build demo: the whole pipeline offline, scripted model and reviewers', () => {
  const out = join(tmp, 'demo');
  const dataset = join(out, 'dataset');
  let summary: { version: number; questions: number; stale_edits: number; dropped: unknown[] };
  beforeAll(async () => {
    const r = await runGamut(
      ['build', 'demo', '--out', out, '--json'],
      canUnshare ? { launcher: ['unshare', '-rn'] } : {},
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    summary = JSON.parse(r.stdout);
  }, 120_000);

  it('releases one question per image, nothing dropped, and one stale edit', () => {
    expect(summary).toMatchObject({ version: 1, questions: 4, dropped: [], stale_edits: 1 });
  });

  it('every released snippet is its source document’s text at its offsets, with that document’s hash', () => {
    const snippets = jsonl(join(dataset, 'snippets.jsonl'));
    expect(snippets.length).toBeGreaterThan(20);
    for (const s of snippets) {
      const bytes = readFileSync(join(DATA, 'documents', s.url.replace(/^local:/, '')));
      expect(bytes.toString('utf8').slice(s.start, s.end)).toBe(s.text);
      expect(hash('sha256', bytes, 'hex')).toBe(s.content_hash);
    }
    const metas = jsonl(join(dataset, 'meta-rubrics.jsonl'));
    for (const m of metas) {
      for (const ms of m.snippets) {
        expect(snippets.find((s) => s.question_id === m.question_id && s.id === ms.id)?.text).toBe(ms.text);
      }
    }
  });

  it('an image whose candidates were all discarded got new ones; a leading question fell to the stranger test', async () => {
    const steps = jsonl(join(out, 'build', 'steps.jsonl'));
    const flytrap = steps.filter((s) => s.key.startsWith('candidates/flytrap/'));
    expect(flytrap.map((s) => s.key)).toEqual(['candidates/flytrap/r1', 'candidates/flytrap/r2']);
    // The scripted reviewers' decisions are review events in the build's store, not decision files.
    expect(existsSync(join(out, 'build', 'reviews.jsonl'))).toBe(false);
    const events = join(tmp, 'demo-events.jsonl');
    expect((await runGamut(['review', 'export', join(out, 'build'), '-o', events])).code).toBe(0);
    const reviews = jsonl(events).filter((e) => e.item_id.startsWith('flytrap.r1.'));
    expect(reviews.map((e) => [e.who, e.kind])).toEqual([
      ['ann-a', 'discard'],
      ['ann-b', 'discard'],
      ['ann-a', 'discard'],
      ['ann-b', 'discard'],
    ]);
    const filter = steps.find((s) => s.key === 'filter/pizza/r1');
    expect(filter.produced.reply.judgements).toContainEqual({
      id: 'pizza.r1.c2',
      passes: false,
      failed: ['stranger_test'],
      reason: expect.stringMatching(/^leading: it presumes the asker already knows/),
    });
  });

  it('a human edit survives the recompile of a refined rubric; an edit whose check moved is stale', async () => {
    const steps = jsonl(join(out, 'build', 'steps.jsonl'));
    const p1 = steps.find((s) => s.key === 'refine/q-pizza/p1').produced;
    const p2 = steps.find((s) => s.key === 'refine/q-pizza/p2').produced;
    expect(p2.rubric_hash).not.toBe(p1.rubric_hash);
    expect(p2.base_rubric_hash).toBe(p1.rubric_hash);
    const pizza = jsonl(join(dataset, 'rubrics.jsonl')).find((r) => r.question_id === 'q-pizza');
    // The released rubric is the compile of the released meta-rubric (image path made relative), overlay on top.
    const compiled = await runGamut(['compile', join(dataset, 'meta-rubrics.jsonl')]);
    const fresh = compiled.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .find((r) => r.question_id === 'q-pizza');
    expect(pizza.rubric_hash).toBe(fresh.rubric_hash);
    expect(fresh.checks.find((c: { id: string }) => c.id === 'I1.fact').text).not.toMatch(
      /^Identifies the dish as a pizza margherita:/,
    );
    expect(pizza.checks.find((c: { id: string }) => c.id === 'I1.fact').text).toBe(
      'Identifies the dish as a pizza margherita: the Neapolitan pizza topped with tomato, mozzarella and basil.',
    );
    expect(pizza.checks.find((c: { id: string }) => c.id === 'I4.fact').tier).toBe('valuable');
    // The edits came as review events on the rubric queue, not as an edits file.
    expect(existsSync(join(out, 'build', 'edits.jsonl'))).toBe(false);
    const overlay = jsonl(join(dataset, 'overlay.jsonl'));
    expect(overlay.filter((o) => o.status === 'stale')).toEqual([
      expect.objectContaining({
        question_id: 'q-gyeongbokgung',
        check: 'I3.s4',
        stale_reason: expect.stringContaining('1996'),
      }),
    ]);
  });

  it('the release validates and gamut run reads it', async () => {
    for (const f of ['meta-rubrics.jsonl', 'rubrics.jsonl']) {
      const v = await runGamut(['validate', join(dataset, f)]);
      expect(v.stderr).toBe('');
      expect(v.code).toBe(0);
    }
    const run = await runGamut(
      ['run', join(out, 'run.yaml'), '--json'],
      canUnshare ? { launcher: ['unshare', '-rn'] } : {},
    );
    expect(run.code).toBe(0);
    // gamut run graded the released compiled rubrics: the reviewers' reword and added check are judged.
    const runDir = join(out, 'runs', 'build-demo');
    const graded = jsonl(join(runDir, 'rubrics.jsonl'));
    const pizza = graded.find((r) => r.question_id === 'q-pizza');
    expect(pizza.checks.find((c: { id: string }) => c.id === 'I1.fact').text).toMatch(
      /^Identifies the dish as a pizza margherita: the Neapolitan pizza topped/,
    );
    const added = jsonl(join(runDir, 'verdicts.jsonl')).filter(
      (v) => v.question_id === 'q-kimchi' && v.check_id === 'H1.fact',
    );
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((v) => v.verdict !== null)).toBe(true);
    const agreement = JSON.parse(readFileSync(join(dataset, 'agreement.json'), 'utf8'));
    // Round 1: 7 of 8 pairs agree; kappa = (0.875 − 0.4375) / (1 − 0.4375) = 7/9.
    expect(agreement[0]).toMatchObject({ round: 1, candidates: 8, agreement: 0.875, adjudicated: 1 });
    expect(agreement[0].kappa).toBeCloseTo(7 / 9, 12);
  }, 60_000);

  it('rubrics: must hold a compiled rubric of every question, from the same meta-rubric', async () => {
    const rubrics = jsonl(join(dataset, 'rubrics.jsonl'));
    const partial = join(out, 'partial-rubrics.jsonl');
    const changed = { ...rubrics[1], rubric_hash: 'f'.repeat(64) };
    writeFileSync(partial, [changed, ...rubrics.slice(2)].map((r) => JSON.stringify(r)).join('\n'));
    const yaml = readFileSync(join(out, 'run.yaml'), 'utf8').replace('dataset/rubrics.jsonl', 'partial-rubrics.jsonl');
    writeFileSync(join(out, 'partial.yaml'), yaml.replace('name: build-demo', 'name: partial'));
    const r = await runGamut(['run', join(out, 'partial.yaml')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`no rubric for ${rubrics[0].question_id} \\[rubric-missing\\]`));
    expect(r.stderr).toMatch(
      new RegExp(`${rubrics[1].question_id} was compiled from another meta-rubric.*\\[rubric-mismatch\\]`),
    );
  });

  it('a second release of the same build is version 2, its changelog against version 1', async () => {
    const r = await runGamut(['build', 'release', join(out, 'build'), '-o', dataset, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ version: 2, changelog: ['no changes'] });
    expect(readFileSync(join(dataset, 'CHANGELOG.md'), 'utf8')).toMatch(
      /## v1 .*\n\n- first release: 4 question\(s\)\n\n## v2 .*\n\n- no changes\n/,
    );
  });
});

describe('gamut build demo and release --store: the build’s reviews kept in a store elsewhere', () => {
  // Relative to the working directory, as `gamut build questions --store` reads it.
  const cwd = join(tmp, 'elsewhere');
  const out = join(cwd, 'demo');
  const inCwd = (args: string[]) => runGamut(args, { cwd, ...(canUnshare && { launcher: ['unshare', '-rn'] }) });
  beforeAll(() => mkdirSync(cwd, { recursive: true }));

  it('the demo keeps its people and events in --store, and release reads its decisions there', async () => {
    const demo = await inCwd(['build', 'demo', '--out', 'demo', '--store', 'st', '--json']);
    expect(demo.stderr).toBe('');
    expect(demo.code).toBe(0);
    expect(JSON.parse(demo.stdout)).toMatchObject({ version: 1, questions: 4, dropped: [], stale_edits: 1 });
    expect(existsSync(join(cwd, 'st', 'gamut.db'))).toBe(true);
    expect(existsSync(join(out, 'build', 'gamut.db'))).toBe(false);

    const again = await inCwd(['build', 'release', join(out, 'build'), '-o', join(out, 'dataset'), '--store', 'st']);
    expect(again.code).toBe(0);
    expect(readFileSync(join(out, 'dataset', 'CHANGELOG.md'), 'utf8')).toMatch(/## v2 .*\n\n- no changes\n/);
    // The build folder's own store holds no decisions: every image is still under review.
    const bare = await inCwd(['build', 'release', join(out, 'build'), '-o', join(cwd, 'bare'), '--json']);
    expect(bare.code).toBe(0);
    expect(JSON.parse(bare.stdout)).toMatchObject({ questions: 0 });
    expect(JSON.parse(bare.stdout).dropped).toHaveLength(4);
  }, 120_000);

  it('a second demo into the same store is refused before anything is written', async () => {
    const steps = readFileSync(join(out, 'build', 'steps.jsonl'), 'utf8');
    const r = await inCwd(['build', 'demo', '--out', 'demo', '--store', 'st', '--json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      `${join(cwd, 'st', 'gamut.db')}  already holds people, queues or events of build build (an earlier demo's`,
    );
    expect(r.stderr).toMatch(/pass --store a new folder or database, .*\[store-in-use\]/);
    // The earlier demo's build folder is left as it was.
    expect(readFileSync(join(out, 'build', 'steps.jsonl'), 'utf8')).toBe(steps);
  });

  it('status and review-import read the state of the reviews from --store', async () => {
    const states = async (...store: string[]) => {
      const r = await inCwd(['build', 'status', join(out, 'build'), ...store, '--json']);
      expect(r.code).toBe(0);
      return (JSON.parse(r.stdout) as { images: { state: string }[] }).images.map((i) => i.state);
    };
    expect(await states('--store', 'st')).toEqual(['selected', 'selected', 'selected', 'selected']);
    expect(await states()).toEqual(['review', 'review', 'review', 'review']);
    // Round 2's candidates exist only once round 1 is decided, which --store's events hold.
    const round2 = join(DATA, 'reviews-round2.jsonl');
    const bare = await inCwd(['build', 'review-import', join(out, 'build'), round2]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/no candidate "flytrap\.r2\.c1" is under review .*\[unknown-candidate\]/);
    const kept = await inCwd(['build', 'review-import', join(out, 'build'), round2, '--store', 'st']);
    expect(kept.stderr).toBe('imported 6 decision(s) and 0 rubric edit(s)\n');
    expect(kept.code).toBe(0);
  });
});

describe('gamut build refine: the audit re-fetches every source', () => {
  it('flags a snippet whose document changed around it as moved, with its new offsets', async () => {
    const data = join(tmp, 'data');
    cpSync(DATA, data, { recursive: true });
    const dir = join(tmp, 'audited');
    const g = (...args: string[]) => runGamut(['build', ...args]);
    await initBundledBuild(dir, data);
    await g('questions', dir);
    await g('review-import', dir, join(data, 'reviews-round1.jsonl'));
    await g('questions', dir);
    await g('review-import', dir, join(data, 'reviews-round2.jsonl'));
    await g('questions', dir);
    expect((await g('rubrics', dir)).code).toBe(0);
    const doc = join(data, 'documents', 'neapolitan-pizza-rules.md');
    writeFileSync(
      doc,
      readFileSync(doc, 'utf8').replace(
        '# How a Neapolitan pizza is made\n',
        '# How a Neapolitan pizza is made\n\nUpdated.\n',
      ),
    );
    const r = await g('refine', dir, '--json');
    expect(r.code).toBe(0);
    const refine = jsonl(join(dir, 'steps.jsonl')).find((s) => s.key === 'refine/q-pizza/p1');
    const moved = refine.produced.audit.filter((a: { status: string }) => a.status === 'moved');
    expect(moved.map((a: { snippet: string }) => a.snippet)).toEqual(['S1', 'S2', 'S3', 'S4']);
    expect(moved[0]).toMatchObject({ exact: true, start: expect.any(Number) });
    const intact = refine.produced.audit.find((a: { snippet: string }) => a.snippet === 'S5');
    expect(intact).toEqual({ snippet: 'S5', status: 'intact', same_document: true });
  }, 120_000);
});
