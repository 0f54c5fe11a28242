/**
 * Chance-corrected agreement on nominal labels. Labels are strings; a missing
 * rating is `null` or `undefined`. Every function returns null (never NaN)
 * when the statistic is undefined, e.g. when all ratings use one label.
 */
export type Rating = string | null | undefined;

export interface PairAgreement {
  /** Items both raters labelled. */
  n: number;
  /** Share of those items with the same label. */
  agreement: number | null;
  /** Cohen's kappa: (p_o − p_e) / (1 − p_e) with p_e from each rater's own label shares. */
  kappa: number | null;
}

/** Percent agreement and Cohen's kappa of two raters over the items both labelled. */
export function cohenKappa(a: readonly Rating[], b: readonly Rating[]): PairAgreement {
  if (a.length !== b.length) throw new RangeError(`paired ratings differ in length: ${a.length} vs ${b.length}`);
  const countA = new Map<string, number>();
  const countB = new Map<string, number>();
  let n = 0;
  let same = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x == null || y == null) continue;
    n++;
    if (x === y) same++;
    countA.set(x, (countA.get(x) ?? 0) + 1);
    countB.set(y, (countB.get(y) ?? 0) + 1);
  }
  if (n === 0) return { n, agreement: null, kappa: null };
  let pe = 0;
  for (const [label, ca] of countA) pe += (ca / n) * ((countB.get(label) ?? 0) / n);
  const po = same / n;
  return { n, agreement: po, kappa: 1 - pe < 1e-12 ? null : (po - pe) / (1 - pe) };
}

/** Each item's ratings, one per rater (null where that rater did not label it). */
export type RatingTable = readonly (readonly Rating[])[];

function presentRatings(row: readonly Rating[]): string[] {
  return row.filter((r): r is string => r != null);
}

/**
 * Fleiss' kappa over items rated by several raters. Items with fewer than two
 * ratings are left out; with a varying number of ratings per item each item's
 * agreement uses its own count (which reduces to Fleiss when the count is fixed).
 */
export function fleissKappa(table: RatingTable): { items: number; kappa: number | null; observed: number | null } {
  let items = 0;
  let sumPi = 0;
  let total = 0;
  const counts = new Map<string, number>();
  for (const row of table) {
    const ratings = presentRatings(row);
    const m = ratings.length;
    if (m < 2) continue;
    items++;
    const local = new Map<string, number>();
    for (const r of ratings) local.set(r, (local.get(r) ?? 0) + 1);
    let agree = 0;
    for (const c of local.values()) agree += c * (c - 1);
    sumPi += agree / (m * (m - 1));
    for (const [r, c] of local) counts.set(r, (counts.get(r) ?? 0) + c);
    total += m;
  }
  if (items === 0) return { items, kappa: null, observed: null };
  const observed = sumPi / items;
  let pe = 0;
  for (const c of counts.values()) pe += (c / total) ** 2;
  return { items, observed, kappa: 1 - pe < 1e-12 ? null : (observed - pe) / (1 - pe) };
}

/**
 * Krippendorff's alpha for nominal data, from the coincidence matrix: items
 * (units) with fewer than two ratings carry no pairing information and are
 * dropped; any rater may be missing on any item.
 *   alpha = 1 − D_o / D_e = ((n−1)·Σ_c o_cc − Σ_c n_c(n_c−1)) / (n(n−1) − Σ_c n_c(n_c−1))
 */
export function krippendorffAlpha(table: RatingTable): { items: number; pairable: number; alpha: number | null } {
  let items = 0;
  let n = 0;
  let diagonal = 0;
  const marginals = new Map<string, number>();
  for (const row of table) {
    const ratings = presentRatings(row);
    const m = ratings.length;
    if (m < 2) continue;
    items++;
    n += m;
    const local = new Map<string, number>();
    for (const r of ratings) local.set(r, (local.get(r) ?? 0) + 1);
    for (const [r, c] of local) {
      // o_cc gains c(c−1)/(m−1): ordered pairs of equal values within the unit.
      diagonal += (c * (c - 1)) / (m - 1);
      marginals.set(r, (marginals.get(r) ?? 0) + c);
    }
  }
  if (n < 2) return { items, pairable: n, alpha: null };
  let expected = 0;
  for (const c of marginals.values()) expected += c * (c - 1);
  const denom = n * (n - 1) - expected;
  if (denom === 0) return { items, pairable: n, alpha: null };
  return { items, pairable: n, alpha: ((n - 1) * diagonal - expected) / denom };
}

/** Share of items (with two or more ratings) on which every rater gave the same label. */
export function unanimousAgreement(table: RatingTable): number | null {
  let items = 0;
  let unanimous = 0;
  for (const row of table) {
    const ratings = presentRatings(row);
    if (ratings.length < 2) continue;
    items++;
    if (ratings.every((r) => r === ratings[0])) unanimous++;
  }
  return items === 0 ? null : unanimous / items;
}

/**
 * The most frequent label of an item; null for no ratings or a tie between
 * the most frequent labels (a majority that does not exist is not invented).
 */
export function majorityLabel(row: readonly Rating[]): string | null {
  const local = new Map<string, number>();
  for (const r of presentRatings(row)) local.set(r, (local.get(r) ?? 0) + 1);
  let best: string | null = null;
  let bestCount = 0;
  let tied = false;
  for (const [r, c] of local) {
    if (c > bestCount) {
      best = r;
      bestCount = c;
      tied = false;
    } else if (c === bestCount) tied = true;
  }
  return tied ? null : best;
}
