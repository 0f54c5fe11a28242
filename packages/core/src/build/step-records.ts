import { z } from 'zod';

/** One reply of a model to a build step, and what was wrong with it (empty when it was used). */
export const StepAttempt = z.object({
  reply: z.string(),
  problems: z.array(z.string()).describe('Rule breaks sent back to the model with the next attempt'),
  input_tokens: z.number().int().nullable(),
  output_tokens: z.number().int().nullable(),
  cost_usd: z.number().nullable(),
  cached: z.boolean().describe('Whether the call cache answered it'),
});
export type StepAttempt = z.infer<typeof StepAttempt>;

export const StepName = z.enum(['candidates', 'filter', 'rubric', 'refine']);
export type StepName = z.infer<typeof StepName>;

/**
 * An LLM step as recorded in the build (steps.jsonl, appended): the prompt template, the model,
 * every reply and what the last valid one produced, or the recorded failure. A rerun skips a
 * step whose key is recorded.
 */
export const StepRecord = z
  .object({
    key: z.string().min(1).describe('candidates/<image>/r<round>, filter/<image>/r<round>, rubric/<question>, …'),
    step: StepName,
    subject: z.string().min(1).describe('The image or question the step is about'),
    template: z.string().describe('<template name>@<sha256>'),
    model: z.string(),
    status: z.enum(['ok', 'failed']),
    attempts: z.array(StepAttempt).min(1),
    produced: z.unknown().describe('What the step produced (its shape depends on step); null when it failed'),
    failure: z.string().optional().describe('Why the step failed: the problems of the last reply'),
    at: z.string().describe('ISO 8601 time it was recorded'),
  })
  .strict();
export type StepRecord = z.infer<typeof StepRecord>;

/** The totals of a set of step records, for progress lines and status. */
export function stepCosts(records: readonly StepRecord[]): {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** Calls whose model has no price: their cost is unknown, not zero. */
  unpricedCalls: number;
} {
  let calls = 0;
  let unpricedCalls = 0;
  let inputTokens = 0;
  let outputTokens = 0;
  let costUsd = 0;
  for (const r of records) {
    for (const a of r.attempts) {
      if (a.cached) continue;
      calls++;
      inputTokens += a.input_tokens ?? 0;
      outputTokens += a.output_tokens ?? 0;
      costUsd += a.cost_usd ?? 0;
      if (a.cost_usd === null) unpricedCalls++;
    }
  }
  return { calls, inputTokens, outputTokens, costUsd, unpricedCalls };
}
