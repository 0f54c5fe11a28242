import { expect } from 'vitest';
import { Check } from '../../schema/compiled-rubric.js';
import { judgeOffline } from './judge-offline.js';

/** A plain check of the given kind whose content is `content`. */
export const plainCheck = (kind: string, content: string): Check =>
  Check.parse({
    id: 'I1.x',
    tier: 'answer_critical',
    text: content,
    item: 'I1',
    secondary: false,
    snippets: [],
    kind,
    content,
  });

export type VerdictRow = readonly [kind: string, content: string, answer: string, expected: string];

/** Table test: each row's check judged on its answer gives the expected verdict (the rationale says why not). */
export function expectVerdicts(rows: readonly VerdictRow[], question?: string, subject?: string): void {
  for (const [kind, content, answer, expected] of rows) {
    const r = judgeOffline({ answer, check: plainCheck(kind, content), question, subject });
    expect(r.verdict, `${kind} "${content}" against "${answer}": ${r.rationale}`).toBe(expected);
  }
}

/** Each [check, answer] pair of one kind is judged anything but `contradicts` (which verdict else is not the point). */
export function expectNoContradiction(
  kind: string,
  pairs: ReadonlyArray<readonly [string, string]>,
  question?: string,
): void {
  for (const [content, answer] of pairs) {
    const r = judgeOffline({ answer, check: plainCheck(kind, content), question });
    expect(r.verdict, `${kind} "${content}" against "${answer}": ${r.rationale}`).not.toBe('contradicts');
  }
}

/** One fact check against several answers, as table rows: [answer, expected verdict]. */
export const factRows = (check: string, answers: ReadonlyArray<readonly [string, string]>): VerdictRow[] =>
  answers.map(([answer, verdict]) => ['fact', check, answer, verdict] as const);
