import type { Tier } from '../schema/index.js';

/** One tier lower; context is the floor, so it stays context. */
export function demote(tier: Tier): Tier {
  return tier === 'answer_critical' ? 'valuable' : 'context';
}
