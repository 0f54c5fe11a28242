import { z } from 'zod';

/**
 * One recorded reply of the scripted model (`mock:<replies.jsonl>`): the reply to the build step
 * with this task key (the `Task:` line of its prompt) at this attempt (a repair is attempt 2, …).
 */
export const ReplayLine = z
  .object({
    key: z.string().min(1),
    attempt: z.number().int().min(1).default(1),
    reply: z.union([z.string(), z.record(z.string(), z.unknown())]).describe('The reply text, or the JSON it is'),
  })
  .strict();
export type ReplayLine = z.infer<typeof ReplayLine>;
