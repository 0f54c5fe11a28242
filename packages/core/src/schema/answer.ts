import { z } from 'zod';
import { CheckId, ModelName, QuestionId, Setting, Verdict } from './ids.js';

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
 * A verdict line as a file holds it. Without `setting` it belongs to its
 * question's only setting, or `multimodal` for a question asked both ways.
 */
export const VerdictLine = z.object({
  question_id: QuestionId,
  model: ModelName,
  setting: Setting.optional(),
  check_id: CheckId,
  verdict: Verdict,
  rationale: z.string().default(''),
  quote: z.string().optional(),
  judge: z.string().min(1),
  /** Repeat index when the same check is judged several times (repeatability). */
  sample: z.number().int().nonnegative().optional(),
});
export type VerdictLine = z.infer<typeof VerdictLine>;
/** A verdict line whose setting is known. */
export type SettledVerdict = VerdictLine & { setting: Setting };
