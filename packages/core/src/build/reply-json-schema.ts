import { z } from 'zod';

/** The JSON Schema a reply must follow, from its zod schema (the one source of truth), for structured output. */
export function replyJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
}
