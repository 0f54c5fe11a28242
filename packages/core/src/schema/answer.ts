import { z } from 'zod';
import { CheckId, JudgeFailureKind, ModelName, QuestionId, Setting, Verdict } from './ids.js';

/**
 * An answer line as a file holds it. Without `setting` it belongs to its
 * question's only setting (`text` for a question without an image); for a
 * question asked both with and without its image it must be named.
 */
export const AnswerLine = z
  .object({
    question_id: QuestionId.describe('The question answered'),
    model: ModelName.describe('Name of the model that answered (never shown to the judge)'),
    setting: Setting.optional().describe(
      'multimodal, text_only or text; may be left out when the question has one setting (text for a question without an image)',
    ),
    response: z.string().describe('The answer text'),
  })
  .describe('One answer to grade (one JSONL line or CSV row)');
export type AnswerLine = z.infer<typeof AnswerLine>;
/** An answer line whose setting is known. */
export type SettledAnswer = AnswerLine & { setting: Setting };

/**
 * What identifies one line of a verdicts file, verdict or judge failure alike.
 * Without `setting` a line belongs to its question's only setting, or
 * `multimodal` for a question asked both ways.
 */
const lineKey = {
  question_id: QuestionId.describe('The question'),
  model: ModelName.describe('The model whose answer was judged'),
  setting: Setting.optional().describe(
    'multimodal, text_only or text; may be left out when the question has one setting',
  ),
  check_id: CheckId.describe('The check judged'),
  judge: z.string().min(1).describe('The judge (its spec, or a person) that gave the verdict'),
  /** Repeat index when the same check is judged several times (repeatability). */
  sample: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe('Repeat index when the same check is judged several times'),
};

/** Why the judge gave no verdict: `kind` for counting, `reason` for a person. */
export const JudgeFailure = z
  .object({
    kind: JudgeFailureKind.describe('refusal, invalid_reply, cut_off, provider_error or timeout'),
    reason: z.string().describe('What happened, for a person'),
  })
  .describe('Why the judge gave no verdict');
export type JudgeFailure = z.infer<typeof JudgeFailure>;

/** A check the judge graded. */
export const GivenVerdictLine = z.object({
  ...lineKey,
  verdict: Verdict.describe('meets, partially_meets, missing or contradicts'),
  rationale: z.string().default('').describe("The judge's reason"),
  quote: z.string().optional().describe('The part of the answer the verdict rests on'),
  failure: z
    .undefined({ error: 'a line with a verdict has no "failure" (a judge failure is written with "verdict": null)' })
    .optional()
    .describe('Absent on a line with a verdict'),
});
export type GivenVerdictLine = z.infer<typeof GivenVerdictLine>;

/** A check the judge could not grade (SPEC §6): recorded so the file is the whole record, never scored. */
export const JudgeFailureLine = z.object({
  ...lineKey,
  verdict: z.null().describe('null: the judge could not give a verdict'),
  failure: z
    .object(JudgeFailure.shape, {
      error: (issue) =>
        issue.input === undefined
          ? 'a line with "verdict": null needs "failure": { "kind", "reason" } (why the judge gave no verdict)'
          : undefined,
    })
    .describe('Why the judge gave no verdict'),
});
export type JudgeFailureLine = z.infer<typeof JudgeFailureLine>;

/** One line of a verdicts file: a verdict, or `"verdict": null` with the judge failure. */
export const VerdictLine = z
  .discriminatedUnion('verdict', [GivenVerdictLine, JudgeFailureLine], {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? 'verdict must be one of meets, partially_meets, missing, contradicts, or null with a "failure"'
        : undefined,
  })
  .describe('One line of a verdicts file: a verdict, or "verdict": null with the judge failure');
export type VerdictLine = GivenVerdictLine | JudgeFailureLine;

export function isJudgeFailureLine(line: VerdictLine): line is JudgeFailureLine {
  return line.verdict === null;
}
/** A verdict line whose setting is known. */
export type SettledVerdict = VerdictLine & { setting: Setting };
