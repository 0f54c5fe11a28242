import type { RagJudgment } from '../schema/index.js';
import type { LabelRecord } from './agreement.js';

/** What a RAG judgment label is about; each has its own label set, so each is calibrated on its own. */
export type RagAspect = 'fact' | 'claim' | 'citation' | 'abstained' | 'correct';
export const RAG_ASPECTS: readonly RagAspect[] = ['fact', 'claim', 'citation', 'abstained', 'correct'];

export interface RagLabelRecord extends LabelRecord {
  aspect: RagAspect;
}

/**
 * Flattens one RAG judgment into labelled items: a fact's verdict, a claim's
 * support (claims are matched across raters by their text), a citation's
 * support (claim text + page), abstention and correctness. `rater` defaults
 * to the judgment's own `judge`.
 */
export function ragLabelRecords(
  judgment: RagJudgment,
  rater = judgment.judge ?? 'judge',
  line?: number,
): RagLabelRecord[] {
  const q = judgment.question_id;
  const at = line === undefined ? {} : { line };
  const out: RagLabelRecord[] = [];
  for (const [fact, verdict] of Object.entries(judgment.facts)) {
    out.push({ aspect: 'fact', item: `${q}#fact:${fact}`, rater, label: verdict, ...at });
  }
  for (const claim of judgment.claims) {
    const key = `${q}#claim:${claim.text}`;
    out.push({ aspect: 'claim', item: key, rater, label: claim.supported ? 'supported' : 'unsupported', ...at });
    for (const c of claim.citations) {
      out.push({
        aspect: 'citation',
        item: `${key}#cite:${c.page_id}`,
        rater,
        label: c.supports ? 'supports' : 'does_not_support',
        ...at,
      });
    }
  }
  out.push({
    aspect: 'abstained',
    item: `${q}#abstained`,
    rater,
    label: judgment.abstained ? 'abstained' : 'answered',
    ...at,
  });
  out.push({
    aspect: 'correct',
    item: `${q}#correct`,
    rater,
    label: judgment.correct ? 'correct' : 'incorrect',
    ...at,
  });
  return out;
}

/** The positive label of each aspect, for the "X vs not" kappa. */
export const RAG_POSITIVE: Readonly<Record<RagAspect, string>> = {
  fact: 'meets',
  claim: 'supported',
  citation: 'supports',
  abstained: 'abstained',
  correct: 'correct',
};
