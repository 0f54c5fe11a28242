import { VERDICT_GUIDE } from '@gamut/core';

export type VerdictName = 'meets' | 'partially_meets' | 'missing' | 'contradicts';

/** The four verdicts in score order, with the code their colours are named by. */
export const VERDICTS: ReadonlyArray<{ verdict: VerdictName; code: 'M' | 'P' | 'S' | 'C'; label: string }> = [
  { verdict: 'meets', code: 'M', label: 'meets' },
  { verdict: 'partially_meets', code: 'P', label: 'partially meets' },
  { verdict: 'missing', code: 'S', label: 'missing' },
  { verdict: 'contradicts', code: 'C', label: 'contradicts' },
];

/** Each verdict's definition in the words the judge prompt uses (core's VERDICT_GUIDE, as the review pages show it). */
export const VERDICT_DEFINITION: Readonly<Record<VerdictName, string>> = Object.fromEntries(
  VERDICT_GUIDE.map((g) => [g.verdict, g.definition]),
) as Record<VerdictName, string>;
