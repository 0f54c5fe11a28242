import { z } from 'zod';
import { CheckId, ItemId, Language, QuestionId, RubricHash, SnippetId, Tier } from './ids.js';

export const CheckKind = z.enum([
  'fact',
  'member',
  'threshold',
  'option',
  'coverage',
  'step',
  'sequence',
  'full_sequence',
  'related_entity',
  'aspect',
  'insight',
]);
export type CheckKind = z.infer<typeof CheckKind>;

const checkBase = {
  id: CheckId,
  tier: Tier,
  text: z.string().min(1),
  item: ItemId,
  secondary: z.boolean(),
  snippets: z.array(SnippetId),
  /**
   * The meta-rubric text the check is about (the fact, member, step, aspect,
   * entity or insight), without template wording: for lexical matching and display.
   */
  content: z.string().optional(),
};

const plainKinds = ['fact', 'member', 'option', 'step', 'related_entity', 'aspect', 'insight'] as const;

export const PlainCheck = z.object({ ...checkBase, kind: z.enum(plainKinds) });
/** "Mentions at least `min` of `options`": baseline thresholds and higher coverage thresholds. */
export const ThresholdCheck = z.object({
  ...checkBase,
  kind: z.enum(['threshold', 'coverage']),
  min: z.number().int().positive(),
  options: z.array(z.string().min(1)).min(1),
});
/** The listed steps must appear in this order. */
export const SequenceCheck = z.object({
  ...checkBase,
  kind: z.enum(['sequence', 'full_sequence']),
  order: z.array(z.string().min(1)).min(2),
});

export const Check = z.union([PlainCheck, ThresholdCheck, SequenceCheck]);
export type Check = z.infer<typeof Check>;
export type PlainCheck = z.infer<typeof PlainCheck>;
export type ThresholdCheck = z.infer<typeof ThresholdCheck>;
export type SequenceCheck = z.infer<typeof SequenceCheck>;

export const CompiledRubric = z.object({
  question_id: QuestionId,
  rubric_hash: RubricHash,
  language: Language.optional(),
  domain: z.string().optional(),
  popularity: z.string().optional(),
  /** Copied from the meta-rubric so a compiled rubric alone is enough to judge: judges see the question. */
  question: z.string().optional(),
  text_only_question: z.string().optional(),
  image: z.string().optional(),
  entity: z.string().optional(),
  checks: z.array(Check).min(1),
});
export type CompiledRubric = z.infer<typeof CompiledRubric>;
