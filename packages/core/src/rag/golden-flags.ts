import type { GoldenQuestion, GoldenSet, RequiredFact } from '../schema/golden-set.js';
import type { PageId } from '../schema/ids.js';
import type { WikiPage } from '../schema/wiki.js';
import { lexicalTokens, tokenRecall } from './lexical.js';
import type { RagFlag } from './report-schema.js';
import { containsValue, normalizeValueText } from './value-check.js';

/**
 * Share of an unanswerable question's distinct words that one current page must hold for the
 * question to look answerable there. High on purpose: a flag costs a reviewer's time, and a page
 * that merely shares the topic should not raise one.
 */
export const LOOKS_ANSWERABLE_RECALL = 0.8;

/**
 * Share of a fact's distinct words a page stating its values must also hold: a bare "5" or
 * "2일" is on many pages, and only a page that says the same thing proves the fact.
 */
export const OTHER_PAGE_FACT_RECALL = 0.5;

/** The flags on the golden set rather than on an answer: every run graded on the set raises them. */
export const GOLDEN_SET_FLAG_KINDS: readonly RagFlag['kind'][] = ['other_page_supports', 'looks_answerable'];

/** Fewer distinct words than this and a question matches pages by accident: no flag. */
const MIN_QUESTION_TERMS = 3;

interface CurrentPage {
  readonly pageId: PageId;
  readonly norm: string;
  readonly terms: ReadonlySet<string>;
}

/**
 * Flags on the golden set itself, whatever the agent answered: a current page that states every
 * value of a fact and half its words or more, but is not among the fact's pages (`other_page_supports`, proposing to add it),
 * and an unanswerable question whose words nearly all sit on one current page (`looks_answerable`,
 * proposing to make it answerable from that page, with the question's words as a placeholder fact
 * a reviewer must rewrite). Pure; pages in the order given.
 */
export function goldenSetFlags(golden: GoldenSet, pages: readonly WikiPage[]): RagFlag[] {
  const current: CurrentPage[] = pages
    .filter((p) => p.status === 'current')
    .map((p) => ({ pageId: p.page_id, norm: normalizeValueText(p.body), terms: new Set(lexicalTokens(p.body)) }));
  return golden.questions.flatMap((q) => (q.answerable ? otherPages(q, current) : looksAnswerable(q, current)));
}

function otherPages(q: GoldenQuestion, pages: readonly CurrentPage[]): RagFlag[] {
  return q.required_facts.flatMap((f) => {
    if (f.values.length === 0) return [];
    const wanted = f.values.map(normalizeValueText);
    const words = lexicalTokens(f.fact);
    return pages
      .filter(
        (p) =>
          !f.page_ids.includes(p.pageId) &&
          wanted.every((v) => containsValue(p.norm, v)) &&
          tokenRecall(words, p.terms) >= OTHER_PAGE_FACT_RECALL,
      )
      .map(
        (p): RagFlag => ({
          question_id: q.question_id,
          kind: 'other_page_supports',
          detail: `fact ${f.id}: ${p.pageId} also states ${f.values.map((v) => `"${v}"`).join(', ')} but is not among its pages (${f.page_ids.join(', ') || 'none'})`,
          change: { op: 'add_fact_page', question_id: q.question_id, fact_id: f.id, page_id: p.pageId },
        }),
      );
  });
}

function looksAnswerable(q: GoldenQuestion, pages: readonly CurrentPage[]): RagFlag[] {
  const terms = [...new Set(lexicalTokens(q.question))];
  if (terms.length < MIN_QUESTION_TERMS) return [];
  let best: { page: CurrentPage; recall: number } | null = null;
  for (const page of pages) {
    const recall = tokenRecall(terms, page.terms);
    if (recall >= LOOKS_ANSWERABLE_RECALL && (best === null || recall > best.recall)) best = { page, recall };
  }
  if (best === null) return [];
  const held = Math.round(best.recall * terms.length);
  return [
    {
      question_id: q.question_id,
      kind: 'looks_answerable',
      detail: `marked unanswerable, but ${best.page.pageId} holds ${held} of the question's ${terms.length} words`,
      change: {
        op: 'make_answerable',
        question_id: q.question_id,
        type: 'single_page',
        required_facts: [
          { id: 'F1' as RequiredFact['id'], fact: q.question, page_ids: [best.page.pageId], values: [] },
        ],
        gold_answer: '',
        placeholder: true,
      },
    },
  ];
}
