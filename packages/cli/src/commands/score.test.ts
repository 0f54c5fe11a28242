import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, runGamut } from '@gamut/testkit';
import { beforeAll, describe, expect, it } from 'vitest';

const RUBRICS = 'fixtures/examples/rubrics.jsonl';
const VERDICTS = 'fixtures/examples/verdicts.jsonl';
const base = ['score', '--rubrics', RUBRICS, '--verdicts', VERDICTS];

/*
 * Expected numbers, worked by hand from fixtures/examples/verdicts.jsonl with
 * λ = 0.5, μ = −2, weights 0.6/0.3/0.1 (tier: M/P/S/C → score):
 *
 * atlas-7b multimodal
 *   q-0001  AC 4/0/0/0 → 1    V 9/0/3/0 → 0.75     C 0/0/3/0 → 0        gamut .6 + .225          = 0.825
 *   q-0002  AC 2/0/0/0 → 1    V 4/0/4/0 → 0.5      (no context)         gamut (.6 + .15)/.9      = 0.83333
 *   q-0003  AC 10/1/1/0 → .875 V 5/0/1/0 → 5/6     C 1/0/3/1 → −1/6     gamut .525 + .25 − .01667 = 0.75833
 *   mean 0.80556 → 80.6; tiers AC 95.8, V 69.4, C −8.3
 * atlas-7b text_only: q-0001 V 8/0/4/0 → 2/3 (0.8); q-0002 as above; q-0003 C 1/0/4/0 → 0.2 (0.795)
 *   mean 0.80944 → 80.9; tiers AC 95.8, V 66.7, C 10.0
 * cirrus-vl multimodal
 *   q-0001  AC 3/1/0/0 → .875  V 3/1/8/0 → 7/24    C 2/0/1/0 → 2/3      gamut 0.67917
 *   q-0002  AC 1               V 3/0/4/1 → 1/9                          gamut (.6 + 1/30)/.9     = 0.70370
 *   q-0003  AC 11/1/0/0 → 23/24 V 1/0/5/0 → 1/6     C 2/0/3/0 → 0.4      gamut .575 + .05 + .04   = 0.665
 *   mean 0.68262 → 68.3; tiers AC 94.4, V 19.0, C 53.3
 * borealis-mini multimodal
 *   q-0001  AC 1/0/1/2 → −3/6  V 0/0/12/0 → 0       C 0/0/3/0 → 0        gamut −0.3
 *   q-0002  AC 1/1/0/0 → .75   V 1/0/7/0 → 1/8                          gamut (.45 + .0375)/.9   = 0.54167
 *   q-0003  AC 4/1/7/0 → .375  V 0 → 0              C 0 → 0              gamut 0.225
 *   mean 0.15556 → 15.6; tiers AC 20.8, V 4.2, C 0.0
 */
const EXPECTED = [
  { model: 'atlas-7b', setting: 'text_only', gamut: 0.809444, shown: '80.9', tiers: ['95.8', '66.7', '10.0'] },
  { model: 'atlas-7b', setting: 'multimodal', gamut: 0.805556, shown: '80.6', tiers: ['95.8', '69.4', '-8.3'] },
  { model: 'cirrus-vl', setting: 'multimodal', gamut: 0.682623, shown: '68.3', tiers: ['94.4', '19.0', '53.3'] },
  { model: 'borealis-mini', setting: 'multimodal', gamut: 0.155556, shown: '15.6', tiers: ['20.8', '4.2', '0.0'] },
];

let dir: string;
let verdictLines: string[];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gamut-score-'));
  verdictLines = (await readFile(join(REPO_ROOT, VERDICTS), 'utf8')).trim().split('\n');
});

async function verdictsFile(name: string, lines: string[]): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, `${lines.join('\n')}\n`);
  return file;
}

describe('gamut score', () => {
  it('prints a block per setting, models ranked by score, with CI and per-tier columns', async () => {
    const r = await runGamut(base);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // Each row with the setting of the block it sits in.
    let setting = '';
    const rows: { setting: string; cells: string[] }[] = [];
    for (const line of r.stdout.split('\n')) {
      if (line.startsWith('Setting: ')) setting = line.slice('Setting: '.length);
      if (/^│ \d/.test(line)) {
        const cells = line
          .split('│')
          .map((c) => c.trim())
          .filter(Boolean);
        rows.push({ setting, cells });
      }
    }
    const bySetting = ['multimodal', 'text_only'].flatMap((s) => EXPECTED.filter((e) => e.setting === s));
    expect(rows.map((x) => [x.setting, x.cells[0], x.cells[1]])).toEqual([
      ['multimodal', '1', 'atlas-7b'],
      ['multimodal', '2', 'cirrus-vl'],
      ['multimodal', '3', 'borealis-mini'],
      ['text_only', '1', 'atlas-7b'],
    ]);
    rows.forEach(({ cells }, i) => {
      const e = bySetting[i]!;
      expect(cells[2]).toMatch(new RegExp(`^${e.shown} \\[-?\\d+\\.\\d, -?\\d+\\.\\d\\]$`));
      expect(cells[3]).toBe('3');
      expect(cells.slice(4)).toEqual(e.tiers);
    });
    // Every row of a table is as wide as its header (alignment by display width).
    for (const block of r.stdout.split('\n\n')) {
      expect(
        new Set(
          block
            .split('\n')
            .filter((l) => l.startsWith('│'))
            .map((l) => l.length),
        ).size,
      ).toBe(1);
    }
  });

  it('prints SPEC §10 JSON with hand-computed scores', async () => {
    const r = await runGamut([...base, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(expect.arrayContaining(['answers', 'models']));
    expect(out.answers).toHaveLength(12);
    const answer = out.answers.find(
      (a: { question_id: string; model: string; setting: string }) =>
        a.question_id === 'q-0003' && a.model === 'atlas-7b' && a.setting === 'multimodal',
    );
    expect(Object.keys(answer).sort()).toEqual(['gamut', 'model', 'question_id', 'setting', 'tiers']);
    expect(answer.gamut).toBeCloseTo(0.758333, 5);
    expect(answer.tiers.answer_critical).toEqual({
      score: 0.875,
      meets: 10,
      partially_meets: 1,
      missing: 1,
      contradicts: 0,
    });
    expect(answer.tiers.context).toEqual({
      score: expect.closeTo(-1 / 6, 9),
      meets: 1,
      partially_meets: 0,
      missing: 3,
      contradicts: 1,
    });
    const q2 = out.answers.find(
      (a: { question_id: string; model: string }) => a.question_id === 'q-0002' && a.model === 'cirrus-vl',
    );
    expect(q2.tiers.context).toBeNull();
    expect(q2.gamut).toBeCloseTo(0.703704, 5);
    expect(out.models.map((m: { model: string; setting: string }) => [m.model, m.setting])).toEqual(
      EXPECTED.map((e) => [e.model, e.setting]),
    );
    out.models.forEach((m: { gamut: number; ci95: [number, number]; n: number }, i: number) => {
      expect(m.gamut).toBeCloseTo(EXPECTED[i]!.gamut, 5);
      expect(m.n).toBe(3);
      expect(m.ci95[0]).toBeLessThanOrEqual(m.gamut);
      expect(m.ci95[1]).toBeGreaterThanOrEqual(m.gamut);
    });
    // Resampling three answers can only land between the lowest and highest of them.
    expect(out.models[3].ci95[0]).toBeGreaterThanOrEqual(-0.3 - 1e-9);
    expect(out.models[3].ci95[1]).toBeLessThanOrEqual(0.541667);
    expect(out.params).toMatchObject({ lambda: 0.5, mu: -2, seed: 0, resamples: 1000, judge: 'human:fixture' });
    const again = await runGamut([...base, '--json']);
    expect(JSON.parse(again.stdout)).toEqual(out);
  });

  it('re-scores with --mu, --lambda and --weights without touching the verdicts', async () => {
    // μ = −1: borealis q-0001 AC (1 − 2)/(1 + 1 + 2) = −0.25 → −0.15; mean (−0.15 + 0.541667 + 0.225)/3.
    const mu = JSON.parse((await runGamut([...base, '--json', '--mu', '-1'])).stdout);
    const borealis = mu.models.find((m: { model: string }) => m.model === 'borealis-mini');
    expect(borealis.gamut).toBeCloseTo(0.205556, 5);
    // weights 1,0,0: the gamut score is the answer-critical score; atlas multimodal (1 + 1 + 0.875)/3.
    const w = JSON.parse((await runGamut([...base, '--json', '--weights', '1,0,0'])).stdout);
    const atlas = w.models.find(
      (m: { model: string; setting: string }) => m.model === 'atlas-7b' && m.setting === 'multimodal',
    );
    expect(atlas.gamut).toBeCloseTo(0.958333, 5);
    // λ = 0.25: borealis q-0002 AC (1 + 0.25)/2 = 0.625 → (0.375 + 0.0375)/0.9 = 0.458333.
    const l = JSON.parse((await runGamut([...base, '--json', '--lambda', '0.25'])).stdout);
    const b2 = l.answers.find(
      (a: { question_id: string; model: string }) => a.question_id === 'q-0002' && a.model === 'borealis-mini',
    );
    expect(b2.gamut).toBeCloseTo(0.458333, 5);
  });

  it('breaks down by popularity in a second table', async () => {
    const r = await runGamut([...base, '--by', 'popularity']);
    expect(r.code).toBe(0);
    // borealis: q-0001 (torso) −0.3; q-0002 and q-0003 (head) (0.541667 + 0.225)/2 = 0.383333.
    expect(r.stdout).toMatch(/│ borealis-mini │ multimodal │ torso\s+│ -30\.0 \[-30\.0, -30\.0\] │ 1 │/);
    expect(r.stdout).toMatch(/│ borealis-mini │ multimodal │ head\s+│\s+38\.3 \[/);
  });

  it('exits 1 with --fail-under when a model is below; the threshold is a fraction like every score', async () => {
    const r = await runGamut([...base, '--fail-under', '0.6']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('borealis-mini (multimodal) 15.6');
    expect(r.stderr).not.toContain('cirrus-vl');
    expect(r.stdout).toContain('borealis-mini'); // the table is still printed
    expect((await runGamut([...base, '--fail-under', '0.15'])).code).toBe(0);
    const shown = await runGamut([...base, '--fail-under', '60']);
    expect(shown.code).toBe(2);
    expect(shown.stderr).toContain('did you mean 0.6?');
  });

  it('exits 2 listing every problem: missing verdicts, unknown checks, duplicates, bad JSON', async () => {
    const lines = [...verdictLines];
    const dropped = JSON.parse(lines[0]!);
    lines.splice(0, 1); // atlas-7b multimodal q-0001 I1.fact
    lines.push(lines[0]!); // a duplicate
    lines.push(JSON.stringify({ ...dropped, check_id: 'I9.fact' }));
    lines.push('{"question_id": ');
    const file = await verdictsFile('bad.jsonl', lines);
    const r = await runGamut(['score', '--rubrics', RUBRICS, '--verdicts', file]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('4 problems found');
    expect(r.stderr).toMatch(/bad\.jsonl:208 .*question q-0001, model atlas-7b, check I2\.m1\).*duplicate-verdict/);
    expect(r.stderr).toMatch(/bad\.jsonl:209 .*check I9\.fact.*unknown-check/);
    expect(r.stderr).toContain(
      'bad.jsonl:210:16  invalid JSON: unexpected end of input with 1 bracket still open (the line looks truncated) [json-syntax]',
    );
    expect(r.stderr).toMatch(/question q-0001, model atlas-7b\).*multimodal: 1 of 19 checks has no verdict: I1\.fact/);
  });

  it('counts absent verdicts as missing with --missing-as-missing', async () => {
    const file = await verdictsFile('short.jsonl', verdictLines.slice(1));
    const r = await runGamut(['score', '--rubrics', RUBRICS, '--verdicts', file, '--missing-as-missing', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.missing_counted).toBe(1);
    // atlas multimodal q-0001: AC 3 of 4 met → 0.75; gamut .45 + .225 = 0.675.
    const a = out.answers.find(
      (x: { question_id: string; model: string; setting: string }) =>
        x.question_id === 'q-0001' && x.model === 'atlas-7b' && x.setting === 'multimodal',
    );
    expect(a.gamut).toBeCloseTo(0.675, 9);
    expect(a.tiers.answer_critical.missing).toBe(1);
    const text = await runGamut(['score', '--rubrics', RUBRICS, '--verdicts', file, '--missing-as-missing']);
    expect(text.stdout).toContain('1 check without a verdict counted as missing');
  });

  it('asks for --judge when verdicts come from several judges', async () => {
    const other = verdictLines.map((l) => JSON.stringify({ ...JSON.parse(l), judge: 'offline', verdict: 'missing' }));
    const file = await verdictsFile('two-judges.jsonl', [...verdictLines, ...other]);
    const r = await runGamut(['score', '--rubrics', RUBRICS, '--verdicts', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('choose one with --judge: human:fixture, offline');
    const picked = await runGamut(['score', '--rubrics', RUBRICS, '--verdicts', file, '--judge', 'offline', '--json']);
    expect(picked.code).toBe(0);
    expect(JSON.parse(picked.stdout).models.every((m: { gamut: number }) => m.gamut === 0)).toBe(true);
  });

  it('exits 2 on bad options and unreadable or invalid files', async () => {
    const opts = await runGamut([...base, '--lambda', '1.5', '--by', 'colour', '--weights', '0,0,0']);
    expect(opts.code).toBe(2);
    expect(opts.stderr).toContain('λ (lambda) must lie strictly between 0 and 1');
    expect(opts.stderr).toContain('--by takes tier, domain, popularity; got "colour"');
    expect(opts.stderr).toContain('must not all be zero');
    const missing = await runGamut(['score', '--rubrics', RUBRICS, '--verdicts', 'nope.jsonl']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read nope.jsonl: no such file');
    const badRubric = join(dir, 'rubrics.jsonl');
    await writeFile(badRubric, '{"question_id":"q-0001","rubric_hash":"x","checks":[]}\n');
    const rubric = await runGamut(['score', '--rubrics', badRubric, '--verdicts', VERDICTS]);
    expect(rubric.code).toBe(2);
    expect(rubric.stderr).toMatch(/rubrics\.jsonl(:1)? +rubric_hash +\(question q-0001\)/);
  });
});

describe('gamut score input handling', () => {
  it('reads CRLF line ends, a byte-order mark and blank lines, and aligns Korean model names', async () => {
    const lines = verdictLines.map((l) => {
      const v = JSON.parse(l);
      return JSON.stringify({ ...v, model: v.model === 'cirrus-vl' ? '한국어-모델' : v.model });
    });
    const file = join(dir, 'crlf.jsonl');
    await writeFile(file, `\uFEFF${lines.slice(0, 100).join('\r\n')}\r\n\r\n${lines.slice(100).join('\r\n')}\r\n`);
    const r = await runGamut(['score', '--rubrics', RUBRICS, '--verdicts', file]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/│ 2 │ 한국어-모델\s+│\s+68\.3 \[/);
    const { default: stringWidth } = await import('string-width');
    for (const block of r.stdout.split('\n\n')) {
      expect(
        new Set(
          block
            .split('\n')
            .filter((l) => l.startsWith('│'))
            .map((l) => stringWidth(l)),
        ).size,
      ).toBe(1);
    }
  });

  it('names the line of an invalid verdict after a blank line', async () => {
    const bad = JSON.stringify({ ...JSON.parse(verdictLines[5]!), verdict: 'excellent' });
    const file = await verdictsFile('enum.jsonl', [...verdictLines.slice(0, 5), '', bad, ...verdictLines.slice(6)]);
    const r = await runGamut(['score', '--rubrics', RUBRICS, '--verdicts', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/enum\.jsonl:7 +verdict +\(question q-0001\)/);
  });
});
