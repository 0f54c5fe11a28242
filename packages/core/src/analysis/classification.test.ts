import { describe, expect, it } from 'vitest';
import { VERDICTS } from '../schema/index.js';
import { classMetrics, confusionMatrix, macroF1 } from './classification.js';

describe('confusion matrix, per-class metrics and macro-F1', () => {
  it('matches a hand-computed case over the four verdicts', () => {
    const ref = ['meets', 'meets', 'partially_meets', 'missing', 'contradicts'];
    const pred = ['meets', 'partially_meets', 'partially_meets', 'missing', 'meets'];
    const m = confusionMatrix(ref, pred, VERDICTS);
    expect(m.labels).toEqual([...VERDICTS]);
    expect(m.counts).toEqual([
      [1, 1, 0, 0],
      [0, 1, 0, 0],
      [0, 0, 1, 0],
      [1, 0, 0, 0],
    ]);
    const per = classMetrics(m);
    expect(per.map((c) => [c.precision, c.recall])).toEqual([
      [0.5, 0.5],
      [0.5, 1],
      [1, 1],
      [null, 0],
    ]);
    expect(per.map((c) => c.f1)).toEqual([0.5, 2 / 3, 1, 0]);
    expect(macroF1(per)).toBeCloseTo((0.5 + 2 / 3 + 1 + 0) / 4, 12);
  });

  it('appends unlisted labels and skips pairs with a missing side', () => {
    const m = confusionMatrix(['x', null, 'y'], ['x', 'x', 'z'], ['x']);
    expect(m.labels).toEqual(['x', 'y', 'z']);
    expect(m.counts).toEqual([
      [1, 0, 0],
      [0, 0, 1],
      [0, 0, 0],
    ]);
    expect(macroF1([])).toBeNull();
  });
});
