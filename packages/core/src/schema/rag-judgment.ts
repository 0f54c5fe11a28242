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

/** RAGChecker's three-way entailment label. */
export const EntailmentLabel = z.enum(['Entailment', 'Neutral', 'Contradiction']);
export type EntailmentLabel = z.infer<typeof EntailmentLabel>;

/**
 * Claim checks in both directions, as RAGChecker makes them: the answer's
 * claims against the gold answer and against each retrieved chunk, and the
 * gold answer's claims against the answer and against each chunk. Chunks are
 * in retrieval order. Optional: our own metrics do not need it.
 */
/** A claim as text, or as RAGChecker's (subject, relation, object) triple. */
const ClaimText = z.union([z.string(), z.array(z.string())]);

export const TwoWayClaimLabels = z.object({
  response_claims: z.array(ClaimText).optional(),
  gold_claims: z.array(ClaimText).optional(),
  /** One label per answer claim: is it entailed by the gold answer? */
  answer2response: z.array(EntailmentLabel),
  /** One label per gold claim: is it entailed by the answer? */
  response2answer: z.array(EntailmentLabel),
  /** [answer claim][chunk]: is the answer claim entailed by the chunk? */
  retrieved2response: z.array(z.array(EntailmentLabel)),
  /** [gold claim][chunk]: is the gold claim entailed by the chunk? */
  retrieved2answer: z.array(z.array(EntailmentLabel)),
});
export type TwoWayClaimLabels = z.infer<typeof TwoWayClaimLabels>;

export const RagJudgment = z.object({
  question_id: QuestionId,
  facts: z.record(z.string(), Verdict).default({}),
  claims: z.array(ClaimJudgment).default([]),
  abstained: z.boolean(),
  correct: z.boolean(),
  judge: z.string().optional(),
  ragchecker: TwoWayClaimLabels.optional(),
});
export type RagJudgment = z.infer<typeof RagJudgment>;
