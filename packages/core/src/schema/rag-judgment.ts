import { z } from 'zod';
import { PageId, QuestionId, Verdict } from './ids.js';

export const CitationJudgment = z.object({
  page_id: PageId,
  supports: z.boolean(),
  location: z.string().nullable().default(null),
  reason: z.string().default(''),
});
export type CitationJudgment = z.infer<typeof CitationJudgment>;

export const ClaimJudgment = z.object({
  text: z.string().min(1),
  key: z.boolean(),
  supported: z.boolean(),
  /** The claim states the opposite of what the retrieved pages say. */
  contradicted: z.boolean().optional(),
  citations: z.array(CitationJudgment).default([]),
});
export type ClaimJudgment = z.infer<typeof ClaimJudgment>;

export const RagJudgment = z.object({
  question_id: QuestionId,
  facts: z.record(z.string(), Verdict).default({}),
  claims: z.array(ClaimJudgment).default([]),
  abstained: z.boolean(),
  correct: z.boolean(),
  judge: z.string().optional(),
});
export type RagJudgment = z.infer<typeof RagJudgment>;
