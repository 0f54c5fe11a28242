import { z } from 'zod';
import { FlagRef, GoldenBase, GoldenChange } from './golden-release.js';
import { CheckId, ModelName, QuestionId, Setting, Sha256Hex } from './ids.js';

/**
 * The review workspace's records: people (annotators), the queues they work and
 * the events they append. Nothing here is ever updated: state is derived from
 * the events (`@gamut/core` review functions). Everything hangs off an owner id:
 * the run (or build) the review belongs to.
 */

const OwnerId = z.string().min(1).describe('The run (or build) the review belongs to');
const When = z.iso.datetime({ offset: true }).describe('ISO 8601 time');

/** annotator: labels items; adjudicator: resolves items annotators disagree on; reviewer: confirms, rejects, accepts or revises. */
export const ReviewRole = z.enum(['annotator', 'adjudicator', 'reviewer']);
export type ReviewRole = z.infer<typeof ReviewRole>;
export const REVIEW_ROLES: readonly ReviewRole[] = ReviewRole.options;

/** One person with a personal token; only the token's hash is ever stored. */
export const Annotator = z
  .object({
    owner_id: OwnerId,
    name: z.string().min(1).max(100).describe('The person, as events name them (unique per owner)'),
    role: ReviewRole.describe('annotator, adjudicator or reviewer'),
    token_hash: Sha256Hex.describe('SHA-256 (hex) of the personal token; the token itself is never stored'),
    created_at: When,
  })
  .describe('A person who reviews, with a role and the hash of a personal token');
export type Annotator = z.infer<typeof Annotator>;

/**
 * What a queue holds: `verdict_label` (people give verdicts to (answer, check) pairs, to check a
 * judge), `wiki_flag` (a reviewer confirms or rejects a flag of the wiki-QA grading),
 * `question_review` and `rubric_revision` (the build pipeline's human steps).
 */
export const ReviewQueueKind = z.enum(['verdict_label', 'wiki_flag', 'question_review', 'rubric_revision']);
export type ReviewQueueKind = z.infer<typeof ReviewQueueKind>;

const Json: z.ZodType<unknown> = z.json();

/** One item of a queue: an opaque id (never derived from the model's name), its payload and its stratum. */
export const ReviewItem = z
  .object({
    id: z.string().min(1).describe('Item id, unique in its queue; opaque, so it reveals nothing'),
    payload: z
      .record(z.string(), Json)
      .describe('What is reviewed; its shape depends on the queue kind (VerdictLabelPayload for verdict_label)'),
    stratum: z
      .string()
      .nullable()
      .default(null)
      .describe('The sampling stratum the item came from (never shown to annotators)'),
  })
  .describe('One item of a review queue');
export type ReviewItem = z.infer<typeof ReviewItem>;

/** The payload of a `verdict_label` item: one (answer, check) pair of the run. */
export const VerdictLabelPayload = z
  .object({
    question_id: QuestionId.describe('The question'),
    model: ModelName.describe('The model whose answer is labelled (hidden from annotators)'),
    setting: Setting.describe('multimodal, text_only or text'),
    check_id: CheckId.describe('The check labelled'),
  })
  .describe('An (answer, check) pair to give a verdict');
export type VerdictLabelPayload = z.infer<typeof VerdictLabelPayload>;

/** The payload of a `wiki_flag` item: one flag of `gamut rag score`, the change confirming it makes, and the set it is on. */
export const WikiFlagPayload = z
  .object({
    flag: FlagRef.describe('The flag: question, kind, detail'),
    change: GoldenChange.optional().describe('The golden-set change that confirming the flag proposes'),
    golden: GoldenBase.describe('The golden set (name, version, hash) the flag was raised on'),
  })
  .describe('A wiki-QA flag to confirm or reject');
export type WikiFlagPayload = z.infer<typeof WikiFlagPayload>;

/** One stratum of a sampled queue: how many items it had and how many were drawn. */
export const ReviewStratum = z
  .object({
    key: z.string().describe('The stratum, e.g. "fact|meets"'),
    population: z.number().int().nonnegative().describe('Candidates in the stratum'),
    sampled: z.number().int().nonnegative().describe('Items drawn from it'),
  })
  .describe('A sampling stratum');
export type ReviewStratum = z.infer<typeof ReviewStratum>;

export const ReviewQueue = z
  .object({
    owner_id: OwnerId,
    id: z.string().min(1).describe('Queue id, unique per owner'),
    kind: ReviewQueueKind.describe('verdict_label, wiki_flag, question_review or rubric_revision'),
    title: z.string().default('').describe('What the queue is for, for people'),
    per_item: z
      .number()
      .int()
      .positive()
      .default(2)
      .describe('How many people decide each item before it is done or goes to adjudication'),
    labels: z
      .array(z.string().min(1))
      .min(1)
      .describe('The values a decision may take (the four verdicts for verdict_label)'),
    sampling: z
      .record(z.string(), Json)
      .default({})
      .describe('How the items were chosen (sample size, seed, strategy, judge), for the record'),
    strata: z.array(ReviewStratum).default([]).describe('The sampling strata, with population and sample sizes'),
    items: z.array(ReviewItem).describe('The items, in the order people work them'),
    created_by: z.string().nullable().default(null).describe('Who created the queue'),
    created_at: When,
  })
  .describe('A review queue: items people decide, with how they were chosen');
export type ReviewQueue = z.infer<typeof ReviewQueue>;
export type ReviewQueueInput = z.input<typeof ReviewQueue>;

/**
 * label: an annotator's verdict (`value`); adjudicate: the adjudicator's final value; accept /
 * revise / discard (build steps) and confirm / reject (wiki flags): a reviewer's decision; edit:
 * a proposed change (`change`); comment: a note only; undo: reverses an earlier event (`undoes`).
 */
export const ReviewEventKind = z.enum([
  'label',
  'accept',
  'revise',
  'discard',
  'adjudicate',
  'edit',
  'comment',
  'confirm',
  'reject',
  'undo',
]);
export type ReviewEventKind = z.infer<typeof ReviewEventKind>;

const eventBase = {
  id: z.string().min(1).describe('Event id, unique per owner'),
  owner_id: OwnerId,
  queue_id: z.string().min(1).describe('The queue'),
  item_id: z.string().min(1).describe('The item of the queue'),
  who: z.string().min(1).describe('The person (an annotator name)'),
  role: ReviewRole.describe('The role they acted in'),
  round: z
    .number()
    .int()
    .positive()
    .default(1)
    .describe('The review round: 1 for first decisions, 2 for adjudication, higher for later passes'),
  at: When,
  reason: z.string().default('').describe('Why, or a note (optional except for comments)'),
};

const withValue = <K extends 'label' | 'adjudicate'>(kind: K, what: string) =>
  z.object({
    ...eventBase,
    kind: z.literal(kind).describe(what),
    value: z
      .string({ error: `a ${kind} needs its "value": one of the queue’s labels, e.g. meets` })
      .min(1)
      .describe('The label given (one of the queue’s labels)'),
  });
const decision = <K extends 'accept' | 'discard' | 'confirm' | 'reject'>(kind: K) =>
  z.object({ ...eventBase, kind: z.literal(kind).describe(`A reviewer's decision: ${kind}`) });
const COMMENT_TEXT = 'a comment needs its text in "reason"';
const Change = z.record(z.string(), Json).describe('What the event changes: field → new value');

/** One line of an events file: a person's action on one item of one queue. */
export const ReviewEvent = z
  .discriminatedUnion(
    'kind',
    [
      withValue('label', "An annotator's label"),
      withValue('adjudicate', "The adjudicator's final label").extend({
        change: Change.optional().describe(
          'What an adjudicated revision changes (a question review: its new text; a wiki flag: the edited golden-set change)',
        ),
      }),
      decision('accept'),
      z.object({ ...eventBase, kind: z.literal('revise').describe('Accepted with changes'), change: Change }),
      decision('discard'),
      decision('confirm').extend({
        change: Change.optional().describe(
          "A wiki flag's proposed golden-set change as the reviewer edited it (the proposed one without)",
        ),
      }),
      decision('reject'),
      z.object({ ...eventBase, kind: z.literal('edit').describe('A proposed change'), change: Change }),
      z.object({
        ...eventBase,
        kind: z.literal('comment').describe('A note on the item'),
        reason: z.string({ error: COMMENT_TEXT }).min(1, COMMENT_TEXT).describe('The comment'),
      }),
      z.object({
        ...eventBase,
        kind: z.literal('undo').describe('Reverses an earlier event of the same person'),
        undoes: z.string().min(1).describe('The id of the event reversed'),
      }),
    ],
    {
      error: (issue) =>
        issue.code === 'invalid_union' ? `kind must be one of ${ReviewEventKind.options.join(', ')}` : undefined,
    },
  )
  .describe('One review event: who did what to which item of which queue, when and why');
export type ReviewEvent = z.infer<typeof ReviewEvent>;
export type ReviewEventInput = z.input<typeof ReviewEvent>;
