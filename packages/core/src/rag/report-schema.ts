import { z } from 'zod';
import { GoldenChange } from '../schema/golden-release.js';
import { QuestionType } from '../schema/golden-set.js';
import { Verdict } from '../schema/ids.js';
import { RagCheckerMetrics } from './ragchecker.js';

/** Undefined metrics are `null`, never 0 (ARCHITECTURE: "Undefined is null"). */
const Metric = z.number().min(-1).max(1).nullable();

export const FailureStage = z.enum(['abstention', 'retrieval', 'generation', 'grounding', 'citation']);
export type FailureStage = z.infer<typeof FailureStage>;
export const FAILURE_STAGES: readonly FailureStage[] = FailureStage.options;

export const RagFlagKind = z.enum([
  /** An exact value check overrode the judge's fact verdict. */
  'value_override',
  /** A citation names a page id that is not in the snapshot. */
  'citation_missing_page',
  /** A citation names an archived page or an old version; invalid whatever the judge said. */
  'citation_not_current',
  /** A citation or a retrieved chunk names a version of a page that the snapshot does not have; invalid. */
  'invalid_version',
  /** A retrieved chunk names a page id that is not in the snapshot. */
  'retrieved_missing_page',
  /** The judge says the agent did not abstain on an unanswerable question but made no claim, or the reverse. */
  'abstention_disagreement',
  /** A current page outside a fact's `page_ids` states every value of the fact: the golden set may be missing it. */
  'other_page_supports',
  /** An unanswerable question whose words a current page nearly all holds: the wiki may answer it now. */
  'looks_answerable',
]);
export type RagFlagKind = z.infer<typeof RagFlagKind>;

export const RagFlag = z.object({
  question_id: z.string(),
  kind: RagFlagKind,
  detail: z.string(),
  /** The golden-set change a reviewer confirms when the flag is right (absent when none follows from it). */
  change: GoldenChange.optional(),
});
export type RagFlag = z.infer<typeof RagFlag>;

export const GradedCitation = z.object({
  page_id: z.string(),
  status: z.enum(['current', 'old_version', 'historical', 'archived', 'missing', 'missing_version']),
  /** What the judge said; code may still invalidate it. */
  judge_supports: z.boolean(),
  valid: z.boolean(),
  location: z.string().nullable(),
  reason: z.string(),
});

export const GradedClaim = z.object({
  text: z.string(),
  key: z.boolean(),
  supported: z.boolean(),
  contradicted: z.boolean(),
  citations: z.array(GradedCitation),
  /** At least one citation is to a current page that supports the claim. */
  validly_cited: z.boolean(),
});
export type GradedClaim = z.infer<typeof GradedClaim>;

export const GradedFact = z.object({
  id: z.string(),
  verdict: Verdict,
  judge_verdict: Verdict,
  values_stated: z.array(z.string()),
  values_missing: z.array(z.string()),
  value_conflicts: z.array(z.object({ value: z.string(), found: z.string() })),
});

export const RagQuestionResult = z.object({
  question_id: z.string(),
  type: QuestionType,
  origin: z.enum(['synthetic', 'real']),
  answerable: z.boolean(),
  recall_at_k: Metric,
  fact_coverage: Metric,
  faithfulness: Metric,
  citation_precision: Metric,
  abstained: z.boolean(),
  pass: z.boolean(),
  failure_stage: FailureStage.nullable(),
  // Beyond SPEC §10's shape: what the report's drill-down shows.
  source_type: z.string().optional(),
  correct: z.boolean(),
  erb_composite: Metric,
  retrieved_pages: z.array(
    z.object({
      page_id: z.string(),
      version: z.number().nullable(),
      rank: z.number(),
      chunks: z.number(),
      status: z.string(),
    }),
  ),
  facts: z.array(GradedFact),
  claims: z.array(GradedClaim),
  ragchecker: RagCheckerMetrics.nullable(),
});
export type RagQuestionResult = z.infer<typeof RagQuestionResult>;

export const RagGroupSummary = z.object({
  n: z.number().int(),
  pass_rate: Metric,
  recall_at_k: Metric,
  fact_coverage: Metric,
  faithfulness: Metric,
  citation_precision: Metric,
  correct_abstention_rate: Metric,
  false_abstention_rate: Metric,
  erb_composite: Metric,
});
export type RagGroupSummary = z.infer<typeof RagGroupSummary>;

export const RagSummary = RagGroupSummary.extend({
  k: z.number().int().positive(),
  n_answerable: z.number().int(),
  n_unanswerable: z.number().int(),
});
export type RagSummary = z.infer<typeof RagSummary>;

/** `gamut rag score --json` (SPEC §10), plus hashes and drill-down fields. */
export const RagReport = z.object({
  questions: z.array(RagQuestionResult),
  summary: RagSummary,
  by_type: z.record(z.string(), RagGroupSummary),
  by_stage: z.record(z.string(), z.number().int()),
  by_origin: z.record(z.string(), RagGroupSummary),
  flags: z.array(RagFlag),
  golden: z.object({ name: z.string(), version: z.string(), hash: z.string() }),
  snapshot: z.object({ id: z.string(), pages: z.number().int(), declared: z.string() }),
  agent: z.string().nullable(),
  judge: z.string().nullable(),
  /** RAGChecker's diagnostics, over questions whose judgment has two-direction labels; null when none has. */
  ragchecker: z.object({ n: z.number().int(), metrics: RagCheckerMetrics }).nullable(),
});
export type RagReport = z.infer<typeof RagReport>;
