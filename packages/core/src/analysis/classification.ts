import type { Rating } from './kappa.js';

export interface ConfusionMatrix {
  /** Row and column labels, in this order. */
  labels: string[];
  /** counts[i][j]: reference label i, predicted label j. */
  counts: number[][];
}

export interface ClassMetrics {
  label: string;
  /** Reference items with this label. */
  support: number;
  /** Items predicted as this label. */
  predicted: number;
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

/**
 * Confusion matrix of predictions against a reference. `labels` fixes the
 * order (e.g. the four verdicts); labels seen but not listed are appended.
 * Pairs with a missing side are skipped.
 */
export function confusionMatrix(
  reference: readonly Rating[],
  predicted: readonly Rating[],
  labels: readonly string[] = [],
): ConfusionMatrix {
  if (reference.length !== predicted.length) throw new RangeError('reference and predictions differ in length');
  const order = [...labels];
  const index = new Map(order.map((l, i) => [l, i]));
  const slot = (l: string): number => {
    let i = index.get(l);
    if (i === undefined) {
      i = order.length;
      order.push(l);
      index.set(l, i);
    }
    return i;
  };
  const cells: Array<[number, number]> = [];
  for (let k = 0; k < reference.length; k++) {
    const r = reference[k];
    const p = predicted[k];
    if (r == null || p == null) continue;
    cells.push([slot(r), slot(p)]);
  }
  const counts = order.map(() => order.map(() => 0));
  for (const [i, j] of cells) (counts[i] as number[])[j] = ((counts[i] as number[])[j] as number) + 1;
  return { labels: order, counts };
}

/** Precision, recall and F1 per label; a ratio with a zero denominator is null. */
export function classMetrics(matrix: ConfusionMatrix): ClassMetrics[] {
  const { labels, counts } = matrix;
  return labels.map((label, i) => {
    const row = counts[i] as number[];
    const tp = row[i] as number;
    const support = row.reduce((a, b) => a + b, 0);
    let predicted = 0;
    for (const r of counts) predicted += r[i] as number;
    const fp = predicted - tp;
    const fn = support - tp;
    return {
      label,
      support,
      predicted,
      precision: predicted === 0 ? null : tp / predicted,
      recall: support === 0 ? null : tp / support,
      f1: tp + fp + fn === 0 ? null : (2 * tp) / (2 * tp + fp + fn),
    };
  });
}

/** Unweighted mean F1 over the labels that occur in the reference or the predictions. */
export function macroF1(metrics: readonly ClassMetrics[]): number | null {
  const f1s = metrics.map((m) => m.f1).filter((f): f is number => f !== null);
  return f1s.length === 0 ? null : f1s.reduce((a, b) => a + b, 0) / f1s.length;
}
