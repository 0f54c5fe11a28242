import { cohenKappa } from './kappa.js';

/**
 * One pairwise-preference judgment, judged in both orders, LLMBar-style:
 * `label` names the better output (1 or 2); the winners are reported in the
 * original numbering ("1" | "2"), null when the judge's reply named neither.
 */
export interface PairJudgment {
  item: string;
  judge: string;
  label: string;
  winner_swap_false: string | null;
  winner_swap_true: string | null;
  group?: string | null;
}

export interface Count {
  count: number;
  rate: number | null;
}

export interface PairsStats {
  judge: string;
  group: string | null;
  n: number;
  correct_swap_false: Count;
  correct_swap_true: Count;
  /** Mean accuracy of the two orders. */
  accuracy: number | null;
  correct_both: Count;
  /** Same winner in both orders: position-swap consistency. */
  consistent: Count;
  /** Share of all judgments won by the output shown first (0.5 = no position bias). */
  first_position_rate: number | null;
  /** Cohen's kappa of the winner against the label, per order (a missing winner is its own category). */
  kappa_swap_false: number | null;
  kappa_swap_true: number | null;
  kappa_average: number | null;
  /** Cohen's kappa between the two orders' winners. */
  kappa_between_orders: number | null;
}

const NONE = 'none';
const norm = (w: string | null): string => (w === null ? NONE : w);

function count(k: number, n: number): Count {
  return { count: k, rate: n === 0 ? null : k / n };
}

/** Accuracy per order, swap consistency and (correct) Cohen's kappa, per judge and, when asked, per group. */
export function analyzePairs(records: readonly PairJudgment[], options: { byGroup?: boolean } = {}): PairsStats[] {
  const groups = new Map<string, PairJudgment[]>();
  for (const r of records) {
    const g = options.byGroup ? (r.group ?? null) : null;
    const key = JSON.stringify([r.judge, g]);
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, list]) => {
      const [judge, group] = JSON.parse(key) as [string, string | null];
      return pairsStats(judge, group, list);
    });
}

function pairsStats(judge: string, group: string | null, list: readonly PairJudgment[]): PairsStats {
  const n = list.length;
  const labels = list.map((r) => r.label);
  const wf = list.map((r) => norm(r.winner_swap_false));
  const wt = list.map((r) => norm(r.winner_swap_true));
  let cf = 0;
  let ct = 0;
  let both = 0;
  let same = 0;
  let first = 0;
  list.forEach((r, i) => {
    const f = wf[i] === r.label;
    const t = wt[i] === r.label;
    if (f) cf++;
    if (t) ct++;
    if (f && t) both++;
    if (wf[i] === wt[i]) same++;
    // In the swapped run output 2 was shown first; winners are in the original numbering.
    if (wf[i] === '1') first++;
    if (wt[i] === '2') first++;
  });
  const kf = cohenKappa(wf, labels).kappa;
  const kt = cohenKappa(wt, labels).kappa;
  return {
    judge,
    group,
    n,
    correct_swap_false: count(cf, n),
    correct_swap_true: count(ct, n),
    accuracy: n === 0 ? null : (cf + ct) / (2 * n),
    correct_both: count(both, n),
    consistent: count(same, n),
    first_position_rate: n === 0 ? null : first / (2 * n),
    kappa_swap_false: kf,
    kappa_swap_true: kt,
    kappa_average: kf !== null && kt !== null ? (kf + kt) / 2 : null,
    kappa_between_orders: cohenKappa(wf, wt).kappa,
  };
}
