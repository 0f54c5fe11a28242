import { describe, expect, it } from 'vitest';
import { type RagCheckerMetrics, ragCheckerMetrics } from './ragchecker.js';

// The published RAGChecker example is checked in ragchecker.external.test.ts (npm run test:external).
describe('RAGChecker metrics from claim labels', () => {
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
