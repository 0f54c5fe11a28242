import { hashCanonical, JudgeFailureKind, Setting, Verdict } from '@gamut/core';
import { z } from 'zod';

/** One check to judge, by ids only: the worker reads the question, check and answer itself. */
export const CheckJob = z
  .object({
    runId: z.string().min(1),
    questionId: z.string().min(1),
    model: z.string().min(1),
    setting: Setting,
    checkId: z.string().min(1),
    judge: z.string().min(1).describe('The judge id the verdict is stored under'),
    sample: z.number().int().nonnegative(),
  })
  .describe('A check to judge, as queued');
export type CheckJob = z.infer<typeof CheckJob>;

/** The job id is the verdict's key: the same check queued twice is one job. */
export function checkJobId(job: CheckJob): string {
  return hashCanonical(job);
}

/**
 * What a worker reports: the check's outcome as the store has it, or an
 * error that stops the run (a bad key, an unknown model, a spent quota).
 */
export const CheckJobResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok'), verdict: Verdict, rationale: z.string(), quote: z.string().nullable() }),
  z.object({
    status: z.literal('failed'),
    kind: JudgeFailureKind.optional(),
    error: z.string(),
    raw: z.string().nullable(),
  }),
  z.object({
    status: z.literal('fatal'),
    error: z.string(),
    provider: z.string().optional(),
    reason: z.enum(['auth', 'unknown_model', 'quota', 'billing']).optional(),
  }),
]);
export type CheckJobResult = z.infer<typeof CheckJobResult>;
