import { z } from 'zod';
import { ItemId, Language, QuestionId, SnippetId, Tier } from './ids.js';

export const Snippet = z
  .object({
    id: SnippetId.describe('Snippet id, unique within the question (S1, S2, …); items cite it'),
    url: z.string().optional().describe('Where the snippet was found'),
    title: z.string().optional().describe('Title of the source document'),
    text: z.string().describe('The exact text of the evidence'),
  })
  .describe('A piece of evidence that items cite');
export type Snippet = z.infer<typeof Snippet>;

const snippetRefs = z.array(SnippetId).optional().describe('Ids of the snippets that document this');

/** A synthesis across the members of a list or process; its tier defaults to the parent's. */
export const Insight = z
  .object({
    text: z.string().min(1).describe('The conclusion a complete answer draws'),
    tier: Tier.optional().describe("The insight's tier; default: its item's tier"),
    snippets: snippetRefs,
  })
  .describe('A synthesis across the members or steps of its item; compiled to one check');
export type Insight = z.infer<typeof Insight>;

export const Member = z
  .object({ text: z.string().min(1).describe('The member, as a short noun phrase'), snippets: snippetRefs })
  .describe('One member of a list');
export type Member = z.infer<typeof Member>;

export const Step = z
  .object({
    text: z.string().min(1).describe('The step'),
    required: z
      .boolean()
      .default(true)
      .describe('Whether a complete answer must give it; optional steps get demoted checks'),
    snippets: snippetRefs,
  })
  .describe('One step of a process, in order');
export type Step = z.infer<typeof Step>;

export const Aspect = z
  .object({ text: z.string().min(1).describe('How the two relate in this respect'), snippets: snippetRefs })
  .describe('One aspect of a relationship; compiled to one check');
export type Aspect = z.infer<typeof Aspect>;

const itemBase = {
  id: ItemId.describe('Item id, unique within the question (I1, I2, …); check ids start with it'),
  tier: Tier.describe('Importance: answer_critical (weight 0.6), valuable (0.3) or context (0.1)'),
  text: z
    .string()
    .min(1)
    .describe('What the item asks for: the fact itself, or the label of the list, process or relationship'),
  snippets: snippetRefs,
};

export const FactItem = z
  .object({ ...itemBase, type: z.literal('fact').describe('One statement; one check') })
  .describe('A fact the answer states');
export const StrictListItem = z
  .object({
    ...itemBase,
    type: z.literal('strict_list').describe('Every member is required; one check per member'),
    members: z.array(Member).describe('The members, all required'),
    insights: z.array(Insight).optional().describe('Conclusions across the members'),
  })
  .describe('A list whose every member a complete answer names');
export const FlexibleListItem = z
  .object({
    ...itemBase,
    type: z.literal('flexible_list').describe('Enough of the members will do'),
    members: z.array(Member).describe('The valid members; naming others neither helps nor hurts'),
    baseline: z
      .array(z.number().int())
      .describe('One or two numbers N: a check "mentions at least N of the members" each, in the item\'s tier'),
    coverage: z
      .array(z.number().int())
      .optional()
      .describe(
        'Higher thresholds checked (demoted) instead of one check per member, used only with more than 7 members or in the context tier; default ⌈n/2⌉ and ⌈3n/4⌉',
      ),
    insights: z.array(Insight).optional().describe('Conclusions across the members'),
  })
  .describe('A list of which a complete answer names enough members');
export const ProcessItem = z
  .object({
    ...itemBase,
    type: z.literal('process').describe('Steps in order: one check per step, plus order checks'),
    steps: z.array(Step).describe('The steps, in order'),
    insights: z.array(Insight).optional().describe('Conclusions across the steps'),
  })
  .describe('A sequence of steps');
export const RelationshipItem = z
  .object({
    ...itemBase,
    type: z.literal('relationship').describe('A related entity and how it relates'),
    entity: z.string().min(1).describe('The related entity the answer brings up'),
    aspects: z.array(Aspect).describe('How it relates, one check each'),
  })
  .describe('A related entity and the aspects of the relation');
export const MetaInsightItem = z
  .object({ ...itemBase, type: z.literal('meta_insight').describe('A conclusion across the answer; one check') })
  .describe('A conclusion drawn across the facts');

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

export const MetaRubric = z
  .object({
    question_id: QuestionId.describe('Unique across the dataset; answers and verdicts refer to it'),
    question: z.string().min(1).describe('The question as the model under test is asked it'),
    language: Language.default('en').describe(
      'BCP 47 tag of the language the checks are written in; templates for en, ko, ja, zh, es, fr, de, others use English',
    ),
    image: z
      .string()
      .optional()
      .describe(
        'Path (relative to the file), URL or data URL of the image; without one the question is graded in the text setting',
      ),
    text_only_question: z
      .string()
      .optional()
      .describe("The question with the image's subject named in words: adds the text_only setting"),
    entity: z.string().optional().describe('What the question is about; checks name it as their subject'),
    domain: z.string().optional().describe('Free label; scores are broken down by it'),
    popularity: z.string().optional().describe('Free label (e.g. head, torso, tail); scores are broken down by it'),
    snippets: z.array(Snippet).default([]).describe('The evidence items cite'),
    items: z.array(MetaItem).min(1).describe('What a complete answer contains'),
  })
  .describe('Per question, what a complete answer contains and the evidence for it; compiled into checks');
export type MetaRubric = z.infer<typeof MetaRubric>;
/** The shape as written in a file, before defaults are applied. */
export type MetaRubricInput = z.input<typeof MetaRubric>;
