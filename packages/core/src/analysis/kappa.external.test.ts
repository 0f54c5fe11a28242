import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { externalFile } from '../../../../test/support/external-data.js';
import { cohenKappa, fleissKappa, krippendorffAlpha } from './kappa.js';

describe('KLUE-NLI Korean sample: 300 pairs, 5 annotators', () => {
  const file = externalFile('klue-nli-ko/klue-nli-v1.1_dev_sample300.json');
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
