import { z } from 'zod';
import { FactId, PageId, QuestionId } from './ids.js';

export const QuestionType = z.enum(['single_page', 'multi_page', 'version_conflict', 'unanswerable']);
export type QuestionType = z.infer<typeof QuestionType>;

export const RequiredFact = z.object({
  id: FactId,
  fact: z.string().min(1),
  /** Every current page that proves the fact; any one of them is enough. */
  page_ids: z.array(PageId).default([]),
  /** Exact values (times, dates, amounts, versions) that code checks in the answer. */
  values: z.array(z.string().min(1)).default([]),
});
export type RequiredFact = z.infer<typeof RequiredFact>;

export const GoldenQuestion = z.object({
  question_id: QuestionId,
  question: z.string().min(1),
  answerable: z.boolean(),
  type: QuestionType,
  origin: z.enum(['synthetic', 'real']),
  required_facts: z.array(RequiredFact).default([]),
  gold_answer: z.string().default(''),
  /** Type as given by an imported benchmark (e.g. EnterpriseRAG-Bench), kept beside ours. */
  source_type: z.string().optional(),
});
export type GoldenQuestion = z.infer<typeof GoldenQuestion>;

export const GoldenSet = z.object({
  name: z.string().min(1),
  version: z.string().min(1),
  wiki_snapshot: z.string().min(1),
  /** Key claims must carry a valid citation to pass; a golden set may switch this off. */
  require_citations: z.boolean().default(true),
  /** SHA-256 recorded by `gamut rag freeze`. */
  frozen_hash: z.string().optional(),
  questions: z.array(GoldenQuestion).min(1),
});
export type GoldenSet = z.infer<typeof GoldenSet>;
