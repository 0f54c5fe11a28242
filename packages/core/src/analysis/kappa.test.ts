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

function rep(label: string, n: number): string[] {
  return Array.from({ length: n }, () => label);
}
