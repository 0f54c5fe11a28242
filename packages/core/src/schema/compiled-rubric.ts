import { z } from 'zod';
import { CheckId, ItemId, Language, QuestionId, RubricHash, SnippetId, Tier } from './ids.js';

export const CheckKind = z
  .enum([
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
  ])
  .describe('Which compile rule made the check (fact, member, threshold, option, coverage, step, …)');
export type CheckKind = z.infer<typeof CheckKind>;

const checkBase = {
  id: CheckId.describe('<item id>.<suffix>: the same meta-rubric always compiles to the same ids'),
  tier: Tier.describe('answer_critical, valuable or context'),
  text: z.string().min(1).describe('The self-contained criterion the judge grades'),
  item: ItemId.describe('The meta-rubric item it comes from'),
  secondary: z.boolean().describe('Whether it only adds detail to its item (an option, an optional step): demoted'),
  snippets: z.array(SnippetId).describe('The snippets that document it'),
  /**
   * The meta-rubric text the check is about (the fact, member, step, aspect,
   * entity or insight), without template wording: for lexical matching and display.
   */
  content: z.string().optional().describe('The meta-rubric text the check is about, without template wording'),
};

const plainKinds = ['fact', 'member', 'option', 'step', 'related_entity', 'aspect', 'insight'] as const;

export const PlainCheck = z
  .object({ ...checkBase, kind: z.enum(plainKinds).describe('The compile rule') })
  .describe('A check');
/** "Mentions at least `min` of `options`": baseline thresholds and higher coverage thresholds. */
export const ThresholdCheck = z
  .object({
    ...checkBase,
    kind: z.enum(['threshold', 'coverage']).describe('threshold (a baseline) or coverage'),
    min: z.number().int().positive().describe('How many of the options the answer names at least'),
    options: z.array(z.string().min(1)).min(1).describe('All options of the list'),
  })
  .describe('"Mentions at least min of options"');
/** The listed steps must appear in this order. */
export const SequenceCheck = z
  .object({
    ...checkBase,
    kind: z.enum(['sequence', 'full_sequence']).describe('sequence (required steps) or full_sequence (all steps)'),
    order: z.array(z.string().min(1)).min(2).describe('The steps, in the order the answer must give them'),
  })
  .describe('The listed steps must appear in this order');

export const Check = z.union([PlainCheck, ThresholdCheck, SequenceCheck]);
export type Check = z.infer<typeof Check>;
export type PlainCheck = z.infer<typeof PlainCheck>;
export type ThresholdCheck = z.infer<typeof ThresholdCheck>;
export type SequenceCheck = z.infer<typeof SequenceCheck>;

export const CompiledRubric = z
  .object({
    question_id: QuestionId.describe('The question the checks belong to'),
    rubric_hash: RubricHash.describe('SHA-256 of the canonical JSON of the meta-rubric'),
    language: Language.optional().describe('Language the checks are written in'),
    domain: z.string().optional().describe('Copied from the meta-rubric'),
    popularity: z.string().optional().describe('Copied from the meta-rubric'),
    /** Copied from the meta-rubric so a compiled rubric alone is enough to judge: judges see the question. */
    question: z.string().optional().describe('The question, so a compiled rubric alone is enough to judge'),
    text_only_question: z.string().optional().describe('The text-only form of the question'),
    image: z.string().optional().describe("The question's image"),
    entity: z.string().optional().describe('What the question is about'),
    checks: z.array(Check).min(1).describe('The checks, in compile order'),
  })
  .describe('The checks compiled from one meta-rubric');
export type CompiledRubric = z.infer<typeof CompiledRubric>;
