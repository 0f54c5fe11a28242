import { z } from 'zod';
import { Verdict } from '../schema/ids.js';

/** One graded check as the judge replies it. `quote` is null when the answer has nothing to quote. */
export const JudgeReply = z.object({
  verdict: Verdict,
  rationale: z.string(),
  quote: z.string().nullable(),
});
export type JudgeReply = z.infer<typeof JudgeReply>;

export const BatchedJudgeReply = z.object({
  verdicts: z.array(JudgeReply.extend({ check_id: z.string() })),
});
export type BatchedJudgeReply = z.infer<typeof BatchedJudgeReply>;

const verdictProperties = {
  rationale: { type: 'string', description: 'One or two sentences on why the verdict applies.' },
  quote: {
    type: ['string', 'null'],
    description: 'The shortest span of the answer, copied exactly, that the verdict rests on; null if none.',
  },
  verdict: { type: 'string', enum: [...Verdict.options] },
} as const;

/**
 * Built once: providers receive the same object on every call, so nothing
 * is compiled per call. Written by hand (not z.toJSONSchema) because strict
 * structured-output modes want every property required and no extras.
 */
export const JUDGE_REPLY_JSON_SCHEMA: Record<string, unknown> = Object.freeze({
  type: 'object',
  properties: verdictProperties,
  required: ['rationale', 'quote', 'verdict'],
  additionalProperties: false,
});

/** The batched reply's schema names the answer's check ids, so it is built per answer. */
export function batchedReplyJsonSchema(checkIds: readonly string[]): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      verdicts: {
        type: 'array',
        items: {
          type: 'object',
          properties: { check_id: { type: 'string', enum: [...checkIds] }, ...verdictProperties },
          required: ['check_id', 'rationale', 'quote', 'verdict'],
          additionalProperties: false,
        },
      },
    },
    required: ['verdicts'],
    additionalProperties: false,
  };
}
