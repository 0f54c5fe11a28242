import { describe, expect, it } from 'vitest';
import { analyzePairs, type PairJudgment } from './pairs.js';

describe('analyzePairs on a hand-made case', () => {
  it('counts per order, consistency, first-position wins', () => {
    const r = (item: string, label: string, f: string | null, t: string | null): PairJudgment => ({
      item,
      judge: 'j',
      label,
      winner_swap_false: f,
      winner_swap_true: t,
    });
    // a: right both ways; b: always picks the first shown (1, then 2 in original numbering); c: no answer unswapped.
    const [s] = analyzePairs([r('a', '1', '1', '1'), r('b', '2', '1', '2'), r('c', '2', null, '2')]);
    expect(s?.correct_swap_false).toEqual({ count: 1, rate: 1 / 3 });
    expect(s?.correct_swap_true).toEqual({ count: 3, rate: 1 });
    expect(s?.correct_both).toEqual({ count: 1, rate: 1 / 3 });
    expect(s?.consistent).toEqual({ count: 1, rate: 1 / 3 });
    // first shown wins: a unswapped (1), b unswapped (1) and b, c swapped (2) → 4 of 6
    expect(s?.first_position_rate).toBeCloseTo(4 / 6, 12);
    expect(s?.kappa_swap_true).toBe(1);
  });
});
