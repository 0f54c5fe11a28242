import { z } from 'zod';
import { PageId } from './ids.js';

export const PageStatus = z.enum(['current', 'historical', 'archived']);
export type PageStatus = z.infer<typeof PageStatus>;

/** One page version of a wiki snapshot (one JSONL line). */
export const WikiPage = z.object({
  page_id: PageId,
  title: z.string(),
  status: PageStatus,
  version: z.number().int().positive(),
  space: z.string().optional(),
  updated_at: z.string().optional(),
  body: z.string(),
  format: z.enum(['text', 'markdown', 'storage']).default('text'),
});
export type WikiPage = z.infer<typeof WikiPage>;
