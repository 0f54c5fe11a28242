import { z } from 'zod';
import { PageId, QuestionId, Verdict } from './ids.js';

export const CitationJudgment = z
  .object({
    page_id: PageId.describe('The cited page'),
    supports: z.boolean().describe('Whether the cited page supports the claim'),
    location: z.string().nullable().default(null).describe('Where in the page the support is (e.g. #block-3)'),
    reason: z.string().default('').describe('Why it does or does not support the claim'),
  })
  .describe('The judgment of one citation');
export type CitationJudgment = z.infer<typeof CitationJudgment>;

export const ClaimJudgment = z
  .object({
    text: z.string().min(1).describe('The claim, as the answer makes it'),
    key: z.boolean().describe('Whether the claim is key to answering the question'),
    supported: z.boolean().describe('Whether the retrieved pages support it'),
    /** The claim states the opposite of what the retrieved pages say. */
    contradicted: z.boolean().optional().describe('Whether it states the opposite of what the retrieved pages say'),
    citations: z.array(CitationJudgment).default([]).describe('Judgments of the pages it cites'),
  })
  .describe('The judgment of one factual claim of the answer');
export type ClaimJudgment = z.infer<typeof ClaimJudgment>;

/** RAGChecker's three-way entailment label. */
export const EntailmentLabel = z
  .enum(['Entailment', 'Neutral', 'Contradiction'])
  .describe("RAGChecker's three-way entailment label");
export type EntailmentLabel = z.infer<typeof EntailmentLabel>;

/**
 * Claim checks in both directions, as RAGChecker makes them: the answer's
 * claims against the gold answer and against each retrieved chunk, and the
 * gold answer's claims against the answer and against each chunk. Chunks are
 * in retrieval order. Optional: our own metrics do not need it.
 */
/** A claim as text, or as RAGChecker's (subject, relation, object) triple. */
const ClaimText = z
  .union([z.string(), z.array(z.string())])
  .describe('A claim as text, or as a (subject, relation, object) triple');

export const TwoWayClaimLabels = z
  .object({
    response_claims: z.array(ClaimText).optional().describe("The answer's claims"),
    gold_claims: z.array(ClaimText).optional().describe("The gold answer's claims"),
    answer2response: z
      .array(EntailmentLabel)
      .describe('One label per answer claim: is it entailed by the gold answer?'),
    response2answer: z.array(EntailmentLabel).describe('One label per gold claim: is it entailed by the answer?'),
    retrieved2response: z
      .array(z.array(EntailmentLabel))
      .describe('[answer claim][chunk]: is the answer claim entailed by the chunk?'),
    retrieved2answer: z
      .array(z.array(EntailmentLabel))
      .describe('[gold claim][chunk]: is the gold claim entailed by the chunk?'),
  })
  .describe('Claim checks in both directions, as RAGChecker makes them (optional)');
export type TwoWayClaimLabels = z.infer<typeof TwoWayClaimLabels>;

export const RagJudgment = z
  .object({
    question_id: QuestionId.describe('The golden-set question judged'),
    facts: z.record(z.string(), Verdict).default({}).describe('A verdict per required fact id'),
    claims: z.array(ClaimJudgment).default([]).describe("The answer's factual claims"),
    abstained: z.boolean().describe('Whether the agent declined to answer'),
    correct: z.boolean().describe('Whether the answer is correct as a whole'),
    judge: z.string().optional().describe('Who or what judged it (a judge spec, or a person)'),
    ragchecker: TwoWayClaimLabels.optional(),
  })
  .describe('The judgment of one wiki QA answer');
export type RagJudgment = z.infer<typeof RagJudgment>;
