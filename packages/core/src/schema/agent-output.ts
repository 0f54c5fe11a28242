import { z } from 'zod';
import { PageId, QuestionId } from './ids.js';

export const RetrievedChunk = z.object({
  page_id: PageId,
  version: z.number().int().positive().optional(),
  chunk_id: z.string().optional(),
  rank: z.number().int().positive(),
  score: z.number().optional(),
  text: z.string().optional(),
});
export type RetrievedChunk = z.infer<typeof RetrievedChunk>;

export const Citation = z.object({ claim: z.string().min(1), page_ids: z.array(PageId).min(1) });
export type Citation = z.infer<typeof Citation>;

export const AgentOutput = z.object({
  question_id: QuestionId,
  agent: z.string().min(1),
  retrieved: z.array(RetrievedChunk).default([]),
  answer: z.string(),
  citations: z.array(Citation).optional(),
});
export type AgentOutput = z.infer<typeof AgentOutput>;
