import { z } from 'zod';
import { GoldenSet, QuestionType, RequiredFact } from './golden-set.js';
import { FactId, PageId, QuestionId } from './ids.js';

/*
 * A golden set changes only through people: a flag of `gamut rag score` is
 * confirmed or rejected (a review decision), the confirmed changes make a
 * proposed next version with a changelog, and only an explicit release
 * freezes it under a new version and hash. The formats of those steps.
 */

const When = z.iso.datetime({ offset: true }).describe('ISO 8601 time');

/** The flag a decision is about, as `gamut rag score` reports it. */
export const FlagRef = z
  .object({
    question_id: z.string().min(1).describe('The golden-set question the flag is on'),
    kind: z.string().min(1).describe('The flag kind (value_override, citation_not_current, …)'),
    detail: z.string().default('').describe('What the grading found'),
  })
  .describe('A flag of the wiki-QA grading');
export type FlagRef = z.infer<typeof FlagRef>;

const onFact = {
  question_id: QuestionId.describe('The question'),
  fact_id: FactId.describe('The required fact'),
};

/** One change to a golden set, on one question. */
export const GoldenChange = z
  .discriminatedUnion('op', [
    z.object({
      op: z.literal('set_fact_values').describe("Replace a fact's exact values (the wiki states another value)"),
      ...onFact,
      values: z.array(z.string().min(1)).describe('The new values'),
    }),
    z.object({
      op: z.literal('add_fact_page').describe('Another current page proves the fact'),
      ...onFact,
      page_id: PageId.describe('The page to add'),
    }),
    z.object({
      op: z.literal('remove_fact_page').describe('A page no longer proves the fact (archived, removed, changed)'),
      ...onFact,
      page_id: PageId.describe('The page to remove'),
    }),
    z.object({
      op: z.literal('make_answerable').describe('An unanswerable question the wiki now answers'),
      question_id: QuestionId.describe('The question'),
      type: QuestionType.exclude(['unanswerable']).describe('single_page, multi_page or version_conflict'),
      required_facts: z.array(RequiredFact).min(1).describe('The facts a correct answer states'),
      gold_answer: z.string().default('').describe('The reference answer'),
      placeholder: z
        .literal(true)
        .optional()
        .describe(
          "The facts are a draft in the question's own words (a flag proposes it): a person writes them before it is confirmed",
        ),
    }),
    z.object({
      op: z.literal('set_gold_answer').describe('Replace the reference answer'),
      question_id: QuestionId.describe('The question'),
      gold_answer: z.string().describe('The new reference answer'),
    }),
    z.object({
      op: z.literal('remove_question').describe('Drop a question the wiki can no longer settle'),
      question_id: QuestionId.describe('The question'),
    }),
  ])
  .describe('A change to one question of a golden set');
export type GoldenChange = z.infer<typeof GoldenChange>;

/**
 * A reviewer's decision on one flag: confirm (the flag is right; with a
 * `change`, the golden set should change so) or reject. Several decisions on
 * one flag are all kept; the latest by time counts.
 */
export const FlagDecision = z
  .object({
    flag: FlagRef,
    decision: z.enum(['confirm', 'reject']).describe('confirm or reject'),
    who: z.string().min(1).describe('The reviewer'),
    at: When,
    reason: z.string().default('').describe('Why'),
    change: GoldenChange.optional().describe('With confirm: the golden-set change the flag calls for'),
  })
  .describe("A reviewer's decision on a flag of the wiki-QA grading");
export type FlagDecision = z.infer<typeof FlagDecision>;

/** One line of a changelog: what changed, why, and who confirmed it. */
export const ChangelogEntry = z
  .object({
    change: GoldenChange,
    /** What changed, for people: "q-7 F1 values 15분 → 10분". */
    summary: z.string(),
    flag: FlagRef,
    confirmed_by: z.string(),
    at: When,
    reason: z.string(),
  })
  .describe('One change of a golden-set version');
export type ChangelogEntry = z.infer<typeof ChangelogEntry>;

const VersionRef = z.object({
  version: z.string().min(1),
  hash: z.string().describe('The golden-set hash (`frozen_hash`)'),
});

/** Which golden set a proposal or release follows. */
export const GoldenBase = VersionRef.extend({ name: z.string().min(1) });

/** `gamut rag golden propose`: the next version, not yet frozen, and what makes it. */
export const GoldenProposal = z
  .object({
    format: z.literal('gamut-golden-proposal'),
    base: GoldenBase.describe('The golden set it changes'),
    version: z.string().min(1).describe('The version it will be released as'),
    changelog: z.array(ChangelogEntry).describe('The confirmed changes, in decision order'),
    /** Confirmed flags that change nothing in the set (the grading was right, the set too). */
    confirmed_without_change: z.array(FlagDecision),
    rejected: z.array(FlagDecision),
    /** The proposed set: `version` set, `frozen_hash` absent (a release records it). */
    golden: GoldenSet,
  })
  .describe('A proposed next version of a golden set');
export type GoldenProposal = z.infer<typeof GoldenProposal>;

/** What `gamut rag golden release` writes beside the frozen set. */
export const GoldenRelease = z
  .object({
    format: z.literal('gamut-golden-release'),
    name: z.string().min(1),
    version: z.string().min(1),
    hash: z.string().describe('`frozen_hash` of the released set'),
    previous: GoldenBase.describe('The version it replaces (runs graded on it keep naming it)'),
    released_by: z.string().min(1),
    released_at: When,
    changelog: z.array(ChangelogEntry),
  })
  .describe('A released golden-set version and its changelog');
export type GoldenRelease = z.infer<typeof GoldenRelease>;
