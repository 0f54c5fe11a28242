import { VERDICTS, type Verdict } from '../schema/index.js';

/** One labelled check: its kind, what the judge said and what people said (adjudicated). */
export interface LabelPair {
  kind: string;
  judge: Verdict;
  human: Verdict;
}

/**
 * The verdicts a cell row is indexed by: `VERDICTS` order, which is also the
 * order of the scorer's verdict codes 1–4 (`verdict-record.ts`).
 */
export const VERDICT_COUNT = 4;

/**
 * Pairs coded for resampling: `cell[i]` = kind index × 4 + judge verdict,
 * `human[i]` the human verdict, both as indexes into `VERDICTS`.
 */
export interface CodedPairs {
  readonly kinds: readonly string[];
  readonly cell: Int32Array;
  readonly human: Int32Array;
}

export function codePairs(pairs: readonly LabelPair[], kinds: readonly string[]): CodedPairs {
  const kindIndex = new Map(kinds.map((k, i) => [k, i]));
  const cell = new Int32Array(pairs.length);
  const human = new Int32Array(pairs.length);
  pairs.forEach((p, i) => {
    cell[i] = (kindIndex.get(p.kind) as number) * VERDICT_COUNT + VERDICTS.indexOf(p.judge);
    human[i] = VERDICTS.indexOf(p.human);
  });
  return { kinds, cell, human };
}

/**
 * Human-verdict counts of each (kind, judge verdict) cell over the pairs at
 * `indexes` (all pairs when absent; a bootstrap resample otherwise, with
 * repeats): `out[cell × 4 + human]`.
 */
export function cellCounts(coded: CodedPairs, indexes?: ArrayLike<number>, out?: Float64Array): Float64Array {
  const size = coded.kinds.length * VERDICT_COUNT * VERDICT_COUNT;
  const counts = out ?? new Float64Array(size);
  counts.fill(0);
  const n = indexes ? indexes.length : coded.cell.length;
  for (let i = 0; i < n; i++) {
    const at = indexes ? (indexes[i] as number) : i;
    counts[(coded.cell[at] as number) * VERDICT_COUNT + (coded.human[at] as number)]! += 1;
  }
  return counts;
}

/**
 * Turns counts into distributions in place with add-one smoothing: each
 * human verdict of a cell gets (count + 1) / (cell total + 4). A cell nobody
 * labelled becomes uniform, a quarter each: the labels say nothing about it.
 */
export function smooth(counts: Float64Array): Float64Array {
  for (let row = 0; row < counts.length; row += VERDICT_COUNT) {
    let total = 0;
    for (let h = 0; h < VERDICT_COUNT; h++) total += counts[row + h] as number;
    for (let h = 0; h < VERDICT_COUNT; h++)
      counts[row + h] = ((counts[row + h] as number) + 1) / (total + VERDICT_COUNT);
  }
  return counts;
}

/** One (check kind, judge verdict) cell of the map, as reports show it. */
export interface CalibrationCellView {
  kind: string;
  judge: Verdict;
  /** Labelled checks in the cell. */
  n: number;
  /** Checks of the scored run that the cell re-weighs. */
  used: number;
  /** What people said, counted. */
  counts: Record<Verdict, number>;
  /** The smoothed distribution that replaces the judge's verdict. */
  human: Record<Verdict, number>;
}

/** The cells worth showing: those with labels or with checks to re-weigh, by kind then judge verdict. */
export function cellViews(coded: CodedPairs, used: Float64Array): CalibrationCellView[] {
  const counts = cellCounts(coded);
  const dist = smooth(Float64Array.from(counts));
  const out: CalibrationCellView[] = [];
  coded.kinds.forEach((kind, k) => {
    VERDICTS.forEach((judge, j) => {
      const cell = k * VERDICT_COUNT + j;
      const row = cell * VERDICT_COUNT;
      const record = (from: Float64Array) =>
        Object.fromEntries(VERDICTS.map((h, i) => [h, from[row + i] as number])) as Record<Verdict, number>;
      const c = record(counts);
      const n = VERDICTS.reduce((s, h) => s + c[h], 0);
      const u = used[cell] as number;
      if (n > 0 || u > 0) out.push({ kind, judge, n, used: u, counts: c, human: record(dist) });
    });
  });
  return out;
}
