import type { FlexibleListItem } from '../schema/index.js';

/** The paper's cut-off: up to this many options, each gets its own secondary check. */
export const SHORT_LIST_MAX = 7;

/**
 * A short list credits each option one tier lower. A context list has no tier
 * below it, so it is treated like a long one and credits coverage instead.
 */
export function isShortList(item: Pick<FlexibleListItem, 'members' | 'tier'>): boolean {
  return item.members.length <= SHORT_LIST_MAX && item.tier !== 'context';
}

/**
 * Coverage thresholds of a long (or context-tier) flexible list: the explicit
 * `coverage`, or ⌈n/2⌉ and ⌈3n/4⌉ kept only when above the largest baseline
 * (a threshold at or below it would re-ask the baseline), without duplicates.
 */
export function coverageThresholds(item: Pick<FlexibleListItem, 'members' | 'baseline' | 'coverage'>): number[] {
  if (item.coverage !== undefined) return [...item.coverage];
  const n = item.members.length;
  const top = Math.max(0, ...item.baseline);
  const out: number[] = [];
  for (const t of [Math.ceil(n / 2), Math.ceil((3 * n) / 4)]) {
    if (t > top && t <= n && !out.includes(t)) out.push(t);
  }
  return out;
}
