/**
 * Labels as small integers, so a bootstrap resample (thousands of them over
 * tens of thousands of items) counts into typed arrays instead of string maps.
 */
export interface CodedPair {
  a: Int32Array;
  b: Int32Array;
  /** Label of each code. */
  labels: string[];
}

/** Codes two aligned label series (no missing values) over one shared label list. */
export function encodePair(a: readonly string[], b: readonly string[], order: readonly string[] = []): CodedPair {
  const labels = [...order];
  const index = new Map(labels.map((l, i) => [l, i]));
  const code = (l: string): number => {
    let i = index.get(l);
    if (i === undefined) {
      i = labels.length;
      labels.push(l);
      index.set(l, i);
    }
    return i;
  };
  const ca = new Int32Array(a.length);
  const cb = new Int32Array(b.length);
  for (let i = 0; i < a.length; i++) {
    ca[i] = code(a[i] as string);
    cb[i] = code(b[i] as string);
  }
  return { a: ca, b: cb, labels };
}

/** k×k counts (row: a, column: b) over the drawn indices, or over all items when `idx` is omitted. */
export function countMatrix(p: CodedPair, idx?: ArrayLike<number>): Int32Array {
  const k = p.labels.length;
  const m = new Int32Array(k * k);
  const n = idx ? idx.length : p.a.length;
  for (let t = 0; t < n; t++) {
    const i = idx ? (idx[t] as number) : t;
    const cell = (p.a[i] as number) * k + (p.b[i] as number);
    m[cell] = (m[cell] as number) + 1;
  }
  return m;
}

/** Cohen's kappa from a k×k count matrix; null when undefined. */
export function kappaOfMatrix(m: Int32Array, k: number): number | null {
  let n = 0;
  let diag = 0;
  const rows = new Float64Array(k);
  const cols = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const c = m[i * k + j] as number;
      n += c;
      rows[i] = (rows[i] as number) + c;
      cols[j] = (cols[j] as number) + c;
      if (i === j) diag += c;
    }
  }
  if (n === 0) return null;
  let pe = 0;
  for (let i = 0; i < k; i++) pe += ((rows[i] as number) / n) * ((cols[i] as number) / n);
  return 1 - pe < 1e-12 ? null : (diag / n - pe) / (1 - pe);
}

/** Macro-F1 from a count matrix (rows: reference), over labels that occur on either side. */
export function macroF1OfMatrix(m: Int32Array, k: number): number | null {
  let sum = 0;
  let count = 0;
  for (let c = 0; c < k; c++) {
    let support = 0;
    let predicted = 0;
    for (let j = 0; j < k; j++) {
      support += m[c * k + j] as number;
      predicted += m[j * k + c] as number;
    }
    if (support + predicted === 0) continue;
    sum += (2 * (m[c * k + c] as number)) / (support + predicted);
    count++;
  }
  return count === 0 ? null : sum / count;
}
