import { describe, expect, it } from 'vitest';
import { pairsText } from './pairs-text.js';
import { ragComparisonText } from './rag-text.js';
import { num, numCi, pctCi, rate, type TextTable } from './text-blocks.js';

describe('analysis text', () => {
  it('shows coefficients with 3 decimals, scores ×100, rates as percentages, undefined as a dash', () => {
    expect([num(-0.0001), num(0.12345), num(null), num(Number.NaN)]).toEqual(['0.000', '0.123', '—', '—']);
    expect(numCi(0.5, [0.25, 0.75])).toBe('0.500 [0.250, 0.750]');
    expect(pctCi(0.123, null)).toBe('12.3');
    expect(pctCi(-0.0001, [-0.01, 0.02])).toBe('0.0 [-1.0, 2.0]');
    expect([rate(0.5), rate(undefined)]).toEqual(['50.0%', '—']);
  });

  it('puts a group column after the judge, and shifts the right-aligned columns with it', () => {
    const [title, table] = pairsText([], true);
    expect(title).toContain('Pairwise preference');
    expect(table).toMatchObject({ head: expect.arrayContaining(['Judge', 'Group']), right: [2, 3, 4, 5, 6, 7, 8, 9] });
  });

  it('compares two wiki-QA summaries metric by metric, with the difference ×100 and a dash when one is undefined', () => {
    const summary = (pass: number | null) =>
      ({ recall_at_k: 0.5, pass_rate: pass, fact_coverage: null }) as unknown as Parameters<
        typeof ragComparisonText
      >[0];
    const [title, table, end] = ragComparisonText(summary(0.75), summary(0.5), { a: 'this run', b: 'old.json' });
    expect(title).toBe('Compared with old.json (same golden set and snapshot)');
    expect(end).toBe('');
    const rows = (table as TextTable).rows;
    expect(rows.find((r) => r[0] === 'pass_rate')).toEqual(['pass_rate', '75.0', '50.0', '25.0']);
    expect(rows.find((r) => r[0] === 'recall_at_k')).toEqual(['recall_at_k', '50.0', '50.0', '0.0']);
    expect(rows.find((r) => r[0] === 'fact_coverage')).toEqual(['fact_coverage', '—', '—', '—']);
  });
});
