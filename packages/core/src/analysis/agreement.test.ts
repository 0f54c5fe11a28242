import { describe, expect, it } from 'vitest';
import { InputError } from '../issues/errors.js';
import { seededRandom } from '../score/index.js';
import { analyzeAgreement, type LabelRecord } from './agreement.js';

const rec = (item: string, rater: string, label: string, group?: string): LabelRecord => ({
  item,
  rater,
  label,
  ...(group && { group }),
});
// r1: a a b b a; r2: a b b b –
const records = [
  rec('i1', 'r1', 'a', 'g1'),
  rec('i1', 'r2', 'a', 'g1'),
  rec('i2', 'r1', 'a', 'g1'),
  rec('i2', 'r2', 'b', 'g1'),
  rec('i3', 'r1', 'b', 'g2'),
  rec('i3', 'r2', 'b', 'g2'),
  rec('i4', 'r1', 'b', 'g2'),
  rec('i4', 'r2', 'b', 'g2'),
  rec('i5', 'r1', 'a', 'g2'),
];

describe('analyzeAgreement', () => {
  it('pairs, reference, Fleiss and alpha on a hand-computed case', () => {
    const r = analyzeAgreement(records, { reference: 'r2', byGroup: true, random: seededRandom(1), resamples: 200 });
    expect(r.labels).toEqual(['a', 'b']);
    expect(r.overall.items).toBe(5);
    expect(r.overall.raters).toEqual([
      { rater: 'r1', items: 5 },
      { rater: 'r2', items: 4 },
    ]);
    // Over i1–i4: p_o = 3/4; r1 a/b = 1/2, r2 a/b = 1/4, 3/4 → p_e = 1/2 → kappa = 0.5
    const [pair] = r.overall.pairs;
    expect(pair).toMatchObject({ a: 'r1', b: 'r2', n: 4, agreement: 0.75, kappa: 0.5 });
    expect(pair?.kappa_ci95?.[0]).toBeLessThanOrEqual(0.5);
    expect(r.overall.vs_reference).toMatchObject([{ rater: 'r1', n: 4, agreement: 0.75, kappa: 0.5 }]);
    // n = 8, n_a = 3, n_b = 5, Σo_cc = 6 → (7·6 − 26)/(56 − 26)
    expect(r.overall.krippendorff_alpha).toBeCloseTo(16 / 30, 12);
    expect(r.overall.unanimous_agreement).toBe(0.75);
    // Fleiss: P̄ = 3/4, pooled p_a = 3/8 → p_e = 34/64 → (48/64 − 34/64)/(30/64)
    expect(r.overall.fleiss_kappa).toBeCloseTo(14 / 30, 12);
    expect(r.groups?.map((g) => [g.group, g.pairs[0]?.kappa ?? null])).toEqual([
      ['g1', 0],
      ['g2', null],
    ]);
  });

  it('reports a conflicting label and an unknown reference as input errors', () => {
    try {
      analyzeAgreement([...records, { ...rec('i1', 'r1', 'b'), line: 12 }], {
        reference: 'nobody',
        random: seededRandom(0),
        file: 'labels.jsonl',
      });
      expect.unreachable();
    } catch (e) {
      expect(InputError.isInputError(e)).toBe(true);
      const issues = (e as InputError).issues;
      expect(issues.map((i) => i.rule)).toEqual(['conflicting-label', 'unknown-rater']);
      expect(issues[0]).toMatchObject({ file: 'labels.jsonl', line: 12, item: 'i1' });
    }
  });
});
