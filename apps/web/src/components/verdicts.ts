import { VERDICT_DEFINITIONS } from '@gamut/core';

export type VerdictName = 'meets' | 'partially_meets' | 'missing' | 'contradicts';

/** The four verdicts in score order, with the code their colours are named by. */
export const VERDICTS: ReadonlyArray<{ verdict: VerdictName; code: 'M' | 'P' | 'S' | 'C'; label: string }> = [
  { verdict: 'meets', code: 'M', label: 'meets' },
  { verdict: 'partially_meets', code: 'P', label: 'partially meets' },
  { verdict: 'missing', code: 'S', label: 'missing' },
  { verdict: 'contradicts', code: 'C', label: 'contradicts' },
];

/** Each verdict's definition in the words the judge prompt uses (one source: core's VERDICT_DEFINITIONS). */
export const VERDICT_DEFINITION: Readonly<Record<VerdictName, string>> = Object.fromEntries(
  VERDICT_DEFINITIONS.split('\n').flatMap((line) => {
    const m = /^- `(\w+)`: (.*)$/.exec(line);
    return m ? [[m[1], m[2]]] : [];
  }),
) as Record<VerdictName, string>;
