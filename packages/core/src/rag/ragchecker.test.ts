import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TwoWayClaimLabels } from '../schema/rag-judgment.js';
import { aggregateRagChecker, RAGCHECKER_METRICS, type RagCheckerMetrics, ragCheckerMetrics } from './ragchecker.js';

// RAGChecker's own worked example (Apache-2.0), read in place from the shared datasets, never copied.
const FILE = new URL('../../../../../shared/external/ragchecker-meta-eval/checking_outputs.json', import.meta.url);
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

  it('undefined metrics are null, not 0, when there are no claims or no chunks', () => {
    const m: RagCheckerMetrics = ragCheckerMetrics({
      answer2response: [],
      response2answer: ['Entailment'],
      retrieved2response: [],
      retrieved2answer: [[]],
    });
    expect(m.precision).toBeNull();
    expect(m.f1).toBeNull();
    expect(m.recall).toBe(1);
    expect(m.context_precision).toBeNull();
    expect(m.claim_recall).toBe(0);
    expect(m.context_utilization).toBeNull();
    expect(m.faithfulness).toBeNull();
  });
});
