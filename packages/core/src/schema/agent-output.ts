import { z } from 'zod';
import { PageId, QuestionId } from './ids.js';

export const RetrievedChunk = z
  .object({
    page_id: PageId.describe('The page the chunk came from'),
    version: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('The page version the chunk came from; without it the current version is assumed'),
    chunk_id: z.string().optional().describe("The agent's own chunk id; several chunks of one page count as one page"),
    rank: z.number().int().positive().describe('Retrieval rank, 1 = first'),
    score: z.number().optional().describe("The retriever's score, for display only"),
    text: z.string().optional().describe('The chunk text, for display only'),
  })
  .describe('One retrieved chunk');
export type RetrievedChunk = z.infer<typeof RetrievedChunk>;

export const Citation = z
  .object({
    claim: z.string().min(1).describe('The claim of the answer that is cited'),
    page_ids: z.array(PageId).min(1).describe('The pages cited for it'),
  })
  .describe('A claim of the answer and the pages it cites');
export type Citation = z.infer<typeof Citation>;

export const AgentOutput = z
  .object({
    question_id: QuestionId.describe('The golden-set question answered'),
    agent: z.string().min(1).describe('Name of the agent (or agent version) that answered'),
    retrieved: z.array(RetrievedChunk).default([]).describe('What the agent retrieved, in rank order'),
    answer: z
      .string()
      .describe('The answer text; inline markers such as [POL-101] cite pages when `citations` is absent'),
    citations: z
      .array(Citation)
      .optional()
      .describe(
        'Claims and the pages each cites; without it, inline [PAGE-ID] markers attach to the sentence they end',
      ),
  })
  .describe('One wiki QA agent answer (one JSONL line per question)');
export type AgentOutput = z.infer<typeof AgentOutput>;
