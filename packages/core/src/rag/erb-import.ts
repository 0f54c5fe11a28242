import { z } from 'zod';
import { InputError } from '../issues/errors.js';
import type { Issue } from '../issues/issue.js';
import { fromZodError } from '../issues/zod-issues.js';
import { GoldenSet, type QuestionType } from '../schema/golden-set.js';

/** One line of EnterpriseRAG-Bench `questions.jsonl`. */
export const ErbQuestion = z.object({
  question_id: z.string().min(1),
  question_type: z.string().min(1),
  question: z.string().min(1),
  expected_doc_ids: z.array(z.string().min(1)).default([]),
  gold_answer: z.string().default(''),
  answer_facts: z.array(z.string().min(1)).default([]),
  source_types: z.array(z.string()).optional(),
});
export type ErbQuestion = z.infer<typeof ErbQuestion>;

/** A record to import, with where it came from so that errors can name the line. */
export interface ErbRecord {
  readonly value: unknown;
  readonly file?: string;
  readonly line?: number;
}

/**
 * Map an ERB question type to ours. `info_not_found` is unanswerable;
 * `conflicting_info` pits documents against each other like our version
 * conflicts; otherwise the number of gold documents decides.
 */
export function mapErbType(q: Pick<ErbQuestion, 'question_type' | 'expected_doc_ids'>): QuestionType {
  if (q.question_type === 'info_not_found') return 'unanswerable';
  if (q.question_type === 'conflicting_info') return 'version_conflict';
  if (q.question_type === 'high_level') return 'multi_page';
  return new Set(q.expected_doc_ids).size > 1 ? 'multi_page' : 'single_page';
}

/**
 * EnterpriseRAG-Bench questions → a golden set. ERB does not say which gold
 * document proves which fact, so every fact lists all the question's gold
 * documents (any one proves it); `high_level` and `info_not_found` have none,
 * so their Recall@k is null. The original type is kept in `source_type`.
 * `info_not_found` becomes unanswerable: its single answer fact (the
 * instruction to abstain) stays in `gold_answer`, not in the required facts.
 */
export function importEnterpriseRagBench(
  records: readonly (ErbRecord | unknown)[],
  opts: { name?: string; version?: string; wikiSnapshot?: string } = {},
): GoldenSet {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  const questions = [];
  for (const [i, rec] of records.entries()) {
    const wrapped = isRecord(rec) ? rec : { value: rec, line: i + 1 };
    const parsed = ErbQuestion.safeParse(wrapped.value);
    const where = {
      ...(wrapped.file !== undefined && { file: wrapped.file }),
      ...(wrapped.line !== undefined && { line: wrapped.line }),
    };
    if (!parsed.success) {
      issues.push(...fromZodError(parsed.error, wrapped.value, where));
      continue;
    }
    const q = parsed.data;
    if (seen.has(q.question_id)) {
      issues.push({ rule: 'duplicate-id', message: 'question id appears twice', question: q.question_id, ...where });
      continue;
    }
    seen.add(q.question_id);
    const answerable = q.question_type !== 'info_not_found';
    const pageIds = [...new Set(q.expected_doc_ids)];
    questions.push({
      question_id: q.question_id,
      question: q.question,
      answerable,
      type: mapErbType(q),
      origin: 'synthetic' as const,
      // An info_not_found question's one "fact" is the abstention instruction, already its gold answer;
      // an unanswerable question has no required facts.
      required_facts: answerable
        ? q.answer_facts.map((fact, n) => ({ id: `F${n + 1}`, fact, page_ids: pageIds, values: [] }))
        : [],
      gold_answer: q.gold_answer,
      source_type: q.question_type,
    });
  }
  if (issues.length) throw new InputError(issues);
  const out = GoldenSet.safeParse({
    name: opts.name ?? 'EnterpriseRAG-Bench',
    version: opts.version ?? '1',
    wiki_snapshot: opts.wikiSnapshot ?? 'enterprise-rag-bench',
    // ERB scores answers with citations stripped; it has no citation requirement.
    require_citations: false,
    questions,
  });
  if (!out.success) throw new InputError(fromZodError(out.error, questions));
  return out.data;
}

function isRecord(x: unknown): x is ErbRecord {
  return typeof x === 'object' && x !== null && 'value' in x && !('question_id' in x);
}

/** What a golden set holds, as `gamut rag import-erb` sums it up. */
export interface GoldenSetCounts {
  questions: number;
  facts: number;
  unanswerable: number;
  by_type: Record<string, number>;
}

export function goldenSetCounts(golden: GoldenSet): GoldenSetCounts {
  const byType: Record<string, number> = {};
  for (const q of golden.questions) byType[q.type] = (byType[q.type] ?? 0) + 1;
  return {
    questions: golden.questions.length,
    facts: golden.questions.reduce((n, q) => n + q.required_facts.length, 0),
    unanswerable: golden.questions.filter((q) => !q.answerable).length,
    by_type: byType,
  };
}

/** "wrote out: 3 questions (single_page 2, unanswerable 1), 4 required facts, 1 unanswerable". */
export function goldenSetCountsText(c: GoldenSetCounts, out: string): string {
  const types = Object.entries(c.by_type)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ');
  return `wrote ${out}: ${c.questions} questions (${types}), ${c.facts} required facts, ${c.unanswerable} unanswerable\n`;
}
