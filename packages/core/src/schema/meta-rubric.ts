import { z } from 'zod';
import { ItemId, Language, QuestionId, SnippetId, Tier } from './ids.js';

export const Snippet = z.object({
  id: SnippetId,
  url: z.string().optional(),
  title: z.string().optional(),
  text: z.string(),
});
export type Snippet = z.infer<typeof Snippet>;

const snippetRefs = z.array(SnippetId).optional();

/** A synthesis across the members of a list or process; its tier defaults to the parent's. */
export const Insight = z.object({
  text: z.string().min(1),
  tier: Tier.optional(),
  snippets: snippetRefs,
});
export type Insight = z.infer<typeof Insight>;

export const Member = z.object({ text: z.string().min(1), snippets: snippetRefs });
export type Member = z.infer<typeof Member>;

export const Step = z.object({
  text: z.string().min(1),
  required: z.boolean().default(true),
  snippets: snippetRefs,
});
export type Step = z.infer<typeof Step>;

export const Aspect = z.object({ text: z.string().min(1), snippets: snippetRefs });
export type Aspect = z.infer<typeof Aspect>;

const itemBase = {
  id: ItemId,
  tier: Tier,
  text: z.string().min(1),
  snippets: snippetRefs,
};

export const FactItem = z.object({ ...itemBase, type: z.literal('fact') });
export const StrictListItem = z.object({
  ...itemBase,
  type: z.literal('strict_list'),
  members: z.array(Member),
  insights: z.array(Insight).optional(),
});
export const FlexibleListItem = z.object({
  ...itemBase,
  type: z.literal('flexible_list'),
  members: z.array(Member),
  baseline: z.array(z.number().int()),
  coverage: z.array(z.number().int()).optional(),
  insights: z.array(Insight).optional(),
});
export const ProcessItem = z.object({
  ...itemBase,
  type: z.literal('process'),
  steps: z.array(Step),
  insights: z.array(Insight).optional(),
});
export const RelationshipItem = z.object({
  ...itemBase,
  type: z.literal('relationship'),
  entity: z.string().min(1),
  aspects: z.array(Aspect),
});
export const MetaInsightItem = z.object({ ...itemBase, type: z.literal('meta_insight') });

export const MetaItem = z.discriminatedUnion('type', [
  FactItem,
  StrictListItem,
  FlexibleListItem,
  ProcessItem,
  RelationshipItem,
  MetaInsightItem,
]);
export type MetaItem = z.infer<typeof MetaItem>;
export type FactItem = z.infer<typeof FactItem>;
export type StrictListItem = z.infer<typeof StrictListItem>;
export type FlexibleListItem = z.infer<typeof FlexibleListItem>;
export type ProcessItem = z.infer<typeof ProcessItem>;
export type RelationshipItem = z.infer<typeof RelationshipItem>;
export type MetaInsightItem = z.infer<typeof MetaInsightItem>;
export type ItemType = MetaItem['type'];

export const MetaRubric = z.object({
  question_id: QuestionId,
  question: z.string().min(1),
  language: Language.default('en'),
  image: z.string().optional(),
  text_only_question: z.string().optional(),
  entity: z.string().optional(),
  domain: z.string().optional(),
  popularity: z.string().optional(),
  snippets: z.array(Snippet).default([]),
  items: z.array(MetaItem).min(1),
});
export type MetaRubric = z.infer<typeof MetaRubric>;
/** The shape as written in a file, before defaults are applied. */
export type MetaRubricInput = z.input<typeof MetaRubric>;
