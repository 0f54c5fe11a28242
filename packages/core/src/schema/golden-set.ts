import { z } from 'zod';
import { FactId, PageId, QuestionId } from './ids.js';

export const QuestionType = z
  .enum(['single_page', 'multi_page', 'version_conflict', 'unanswerable'])
  .describe('single_page, multi_page, version_conflict (older versions say otherwise) or unanswerable');
export type QuestionType = z.infer<typeof QuestionType>;

export const RequiredFact = z
  .object({
    id: FactId.describe('Fact id, unique within the question (F1, F2, …)'),
    fact: z.string().min(1).describe('The fact a correct answer states'),
    /** Every current page that proves the fact; any one of them is enough. */
    page_ids: z
      .array(PageId)
      .default([])
      .describe('Every current page that proves the fact; retrieving any one of them counts'),
    /** Exact values (times, dates, amounts, versions) that code checks in the answer. */
    values: z
      .array(z.string().min(1))
      .default([])
      .describe('Exact values (times, dates, amounts, versions) the answer must state; a different value contradicts'),
  })
  .describe('A fact a correct answer must state');
export type RequiredFact = z.infer<typeof RequiredFact>;

export const GoldenQuestion = z
  .object({
    question_id: QuestionId.describe('Question id, unique within the golden set'),
    question: z.string().min(1).describe('The question as the agent is asked it'),
    answerable: z
      .boolean()
      .describe('Whether the wiki answers it; an unanswerable question passes when the agent declines'),
    type: QuestionType,
    origin: z.enum(['synthetic', 'real']).describe('synthetic (written for the test) or real (asked by a user)'),
    required_facts: z.array(RequiredFact).default([]).describe('The facts a correct answer states'),
    gold_answer: z.string().default('').describe('A reference answer, for people and judges'),
    /** Type as given by an imported benchmark (e.g. EnterpriseRAG-Bench), kept beside ours. */
    source_type: z.string().optional().describe('The type an imported benchmark gave, kept beside ours'),
  })
  .describe('One golden-set question');
export type GoldenQuestion = z.infer<typeof GoldenQuestion>;

export const GoldenSet = z
  .object({
    name: z.string().min(1).describe('Name of the golden set'),
    version: z.string().min(1).describe('Its version; a changed set is released under a new one'),
    wiki_snapshot: z.string().min(1).describe('Id (SHA-256) of the wiki snapshot it was written against'),
    /** Key claims must carry a valid citation to pass; a golden set may switch this off. */
    require_citations: z.boolean().default(true).describe('Whether a key claim needs a valid citation to pass'),
    /** SHA-256 recorded by `gamut rag freeze`. */
    frozen_hash: z.string().optional().describe('SHA-256 recorded by `gamut rag freeze`; reports carry it'),
    questions: z.array(GoldenQuestion).min(1).describe('The questions'),
  })
  .describe('A frozen set of wiki QA questions with their required facts');
export type GoldenSet = z.infer<typeof GoldenSet>;
