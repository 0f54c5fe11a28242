import { countMatrix, encodePair, kappaOfMatrix } from './coded.js';
import { cohenKappa, type Rating } from './kappa.js';
import { bootstrapCi, type Ci95, type ResampleOptions } from './resample.js';

export interface PairStats {
  n: number;
  agreement: number | null;
  kappa: number | null;
  /** Percentile bootstrap over the items both sides labelled. */
  kappa_ci95: Ci95 | null;
}

/** Agreement and Cohen's kappa of two label series with a bootstrap CI of kappa over items. */
export function pairStats(a: readonly Rating[], b: readonly Rating[], resample: ResampleOptions): PairStats {
  const xs: string[] = [];
  const ys: string[] = [];
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x != null && y != null) {
      xs.push(x);
      ys.push(y);
    }
  }
  const { n, agreement, kappa } = cohenKappa(xs, ys);
  let kappa_ci95: Ci95 | null = null;
  if (kappa !== null) {
    const coded = encodePair(xs, ys);
    const k = coded.labels.length;
    kappa_ci95 = bootstrapCi(n, (idx) => kappaOfMatrix(countMatrix(coded, idx), k), resample);
  }
  return { n, agreement, kappa, kappa_ci95 };
}
