import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { externalFile } from '../../../../test/support/external-data.js';
import { TwoWayClaimLabels } from '../schema/rag-judgment.js';
import { aggregateRagChecker, RAGCHECKER_METRICS, ragCheckerMetrics } from './ragchecker.js';

// RAGChecker's own worked example (Apache-2.0), read in place from the external datasets, never copied.
const FILE = externalFile('ragchecker-meta-eval/checking_outputs.json');
interface RcResult extends TwoWayClaimLabels {
  query_id: string;
  metrics: Record<string, number>;
}
const data = JSON.parse(readFileSync(FILE, 'utf8')) as {
  results: RcResult[];
  metrics: Record<'overall' | 'retriever' | 'generator', Record<string, number>>;
};

describe('RAGChecker metrics from claim labels (checking_outputs.json)', () => {
  const ours = data.results.map((r) => ragCheckerMetrics(TwoWayClaimLabels.parse(r)));

  it.each(data.results.map((r, i) => [r.query_id, i] as const))('query %s: all eleven metrics exactly', (_id, i) => {
    const expected = data.results[i]?.metrics ?? {};
    expect(Object.keys(expected).sort()).toEqual([...RAGCHECKER_METRICS].sort());
    for (const key of RAGCHECKER_METRICS) expect(ours[i]?.[key], key).toBe(expected[key]);
  });

  it('aggregates: the mean per query, shown ×100 with one decimal as RAGChecker prints it', () => {
    const agg = aggregateRagChecker(ours);
    const published = { ...data.metrics.overall, ...data.metrics.retriever, ...data.metrics.generator };
    for (const key of RAGCHECKER_METRICS) {
      const v = agg[key] as number;
      expect(Math.round(v * 1000) / 10, key).toBe(published[key]);
    }
    // Hand check of one: precision = (8/11 + 4/5) / 2.
    expect(agg.precision).toBeCloseTo((8 / 11 + 0.8) / 2, 12);
  });
});
