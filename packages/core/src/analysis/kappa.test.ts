import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cohenKappa, fleissKappa, krippendorffAlpha, majorityLabel, type Rating, unanimousAgreement } from './kappa.js';

describe('cohenKappa', () => {
  it('gives 0.4 on the textbook 2×2 table (20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no)', () => {
    // p_o = 35/50 = 0.7; p_e = 0.5·0.6 + 0.5·0.4 = 0.5; kappa = 0.2/0.5 = 0.4
    const a = [...rep('yes', 25), ...rep('no', 25)];
    const b = [...rep('yes', 20), ...rep('no', 5), ...rep('yes', 10), ...rep('no', 15)];
    const r = cohenKappa(a, b);
    expect(r.n).toBe(50);
    expect(r.agreement).toBeCloseTo(0.7, 12);
    expect(r.kappa).toBeCloseTo(0.4, 12);
  });

  it('skips items either rater left out, and is null when both use one label only', () => {
    expect(cohenKappa(['a', 'a', null, 'b', 'b'], ['a', 'b', 'b', undefined, 'b'])).toEqual({
      n: 3,
      agreement: 2 / 3,
      // p_e = (2/3·1/3) + (1/3·2/3) = 4/9; kappa = (6/9 − 4/9)/(5/9) = 0.4
      kappa: expect.closeTo(0.4, 12),
    });
    expect(cohenKappa(['a', 'a'], ['a', 'a']).kappa).toBeNull();
    expect(cohenKappa([], []).agreement).toBeNull();
  });
});

describe('fleissKappa', () => {
  it('gives 0.2099 on the classic 10 subjects × 14 raters × 5 categories table', () => {
    const counts = [
      [0, 0, 0, 0, 14],
      [0, 2, 6, 4, 2],
      [0, 0, 3, 5, 6],
      [0, 3, 9, 2, 0],
      [2, 2, 8, 1, 1],
      [7, 7, 0, 0, 0],
      [3, 2, 6, 3, 0],
      [2, 5, 3, 2, 2],
      [6, 5, 2, 1, 0],
      [0, 2, 2, 3, 7],
    ];
    const table = counts.map((row) => row.flatMap((c, j) => rep(`c${j + 1}`, c)));
    const r = fleissKappa(table);
    expect(r.items).toBe(10);
    expect(r.observed).toBeCloseTo(0.378, 3);
    expect(r.kappa).toBeCloseTo(0.20993, 5);
  });
});

describe('krippendorffAlpha (nominal)', () => {
  it('gives 0.743 on Krippendorff’s 4 coders × 12 units example with missing values', () => {
    const _ = null;
    const coders: Rating[][] = [
      ['1', '2', '3', '3', '2', '1', '4', '1', '2', _, _, _],
      ['1', '2', '3', '3', '2', '2', '4', '1', '2', '5', _, '3'],
      [_, '3', '3', '3', '2', '3', '4', '2', '2', '5', '1', _],
      ['1', '2', '3', '3', '2', '4', '4', '1', '2', '5', '1', _],
    ];
    const units = coders[0]?.map((_, u) => coders.map((c) => c[u])) ?? [];
    const r = krippendorffAlpha(units);
    // Unit 12 has one value and carries no pairing information.
    expect(r.items).toBe(11);
    expect(r.pairable).toBe(40);
    expect(r.alpha).toBeCloseTo(0.743, 3);
  });

  it('matches a hand-computed two-rater case (16/30)', () => {
    // units (a,a) (a,b) (b,b) (b,b) and one unit with a single rating: n = 8, n_a = 3, n_b = 5,
    // Σo_cc = 6 → alpha = (7·6 − (3·2 + 5·4)) / (8·7 − 26) = 16/30
    const r = krippendorffAlpha([
      ['a', 'a'],
      ['a', 'b'],
      ['b', 'b'],
      ['b', 'b'],
      ['a', null],
    ]);
    expect(r.alpha).toBeCloseTo(16 / 30, 12);
    expect(krippendorffAlpha([['a', 'a']]).alpha).toBeNull();
  });
});

describe('majority and unanimity', () => {
  it('refuses to invent a majority on a tie', () => {
    expect(majorityLabel(['a', 'b', 'a'])).toBe('a');
    expect(majorityLabel(['a', 'b'])).toBeNull();
    expect(majorityLabel([null, undefined])).toBeNull();
    expect(
      unanimousAgreement([
        ['a', 'a'],
        ['a', 'b'],
        ['a', null],
      ]),
    ).toBe(0.5);
  });
});

describe('KLUE-NLI Korean sample: 300 pairs, 5 annotators', () => {
  const file = new URL('../../../../../shared/external/klue-nli-ko/klue-nli-v1.1_dev_sample300.json', import.meta.url);
  const rows = JSON.parse(readFileSync(file, 'utf8')) as Array<Record<string, string>>;
  const raters = ['author', 'label2', 'label3', 'label4', 'label5'];

  it('Fleiss’ kappa equals the textbook count formula computed independently (0.8609)', () => {
    // Independent route: per category counts n_ij, P_i = (Σ_j n_ij² − m)/(m(m−1)), p_j = Σ_i n_ij/(N·m).
    const cats = ['entailment', 'neutral', 'contradiction'];
    const m = 5;
    const n = rows.map((r) => cats.map((c) => raters.filter((k) => r[k] === c).length));
    const pBar = n.reduce((s, row) => s + (row.reduce((a, v) => a + v * v, 0) - m) / (m * (m - 1)), 0) / n.length;
    const pe = cats.reduce((s, _, j) => s + (n.reduce((a, row) => a + (row[j] as number), 0) / (n.length * m)) ** 2, 0);
    const expected = (pBar - pe) / (1 - pe);
    const r = fleissKappa(rows.map((row) => raters.map((k) => row[k])));
    expect(r.items).toBe(300);
    expect(r.kappa).toBeCloseTo(expected, 12);
    expect(r.kappa).toBeCloseTo(0.860946, 6);
    // With complete data, nominal alpha = kappa + (1 − P̄)/(n(1 − p_e)) with n = N·m pairable values:
    // the coincidence matrix's small-sample correction, derived by dividing alpha's formula by n².
    const alpha = krippendorffAlpha(rows.map((row) => raters.map((k) => row[k]))).alpha;
    expect(alpha).toBeCloseTo(expected + (1 - pBar) / (n.length * m * (1 - pe)), 12);
    expect(alpha).toBeCloseTo(0.861039, 6);
  });

  it('each annotator’s agreement with the gold label', () => {
    const gold = rows.map((r) => r.gold_label);
    const agreement = raters.map(
      (k) =>
        cohenKappa(
          rows.map((r) => r[k]),
          gold,
        ).agreement,
    );
    // The author's label is the one the hypothesis was written for; it is always the gold label here.
    expect(agreement).toEqual([1, 284 / 300, 278 / 300, 280 / 300, 281 / 300]);
  });
});

function rep(label: string, n: number): string[] {
  return Array.from({ length: n }, () => label);
}
