import { z } from 'zod';
import { CheckId, ModelName, QuestionId, Setting, Verdict } from './ids.js';

export const AnswerLine = z.object({
  question_id: QuestionId,
  model: ModelName,
  setting: Setting.default('multimodal'),
  response: z.string(),
});
export type AnswerLine = z.infer<typeof AnswerLine>;

export const VerdictLine = z.object({
  question_id: QuestionId,
  model: ModelName,
  setting: Setting.default('multimodal'),
  check_id: CheckId,
  verdict: Verdict,
  rationale: z.string().default(''),
  quote: z.string().optional(),
  judge: z.string().min(1),
  /** Repeat index when the same check is judged several times (repeatability). */
  sample: z.number().int().nonnegative().optional(),
});
export type VerdictLine = z.infer<typeof VerdictLine>;
