import { z } from 'zod';
import { PageId } from './ids.js';

export const PageStatus = z
  .enum(['current', 'historical', 'archived'])
  .describe(
    'current: the live version (at most one per page); historical: an older version of a live page; archived: a retired page',
  );
export type PageStatus = z.infer<typeof PageStatus>;

/** One page version of a wiki snapshot (one JSONL line). */
export const WikiPage = z
  .object({
    page_id: PageId.describe('The page id (Confluence page id or your own); the same for every version of a page'),
    title: z.string().describe('The page title'),
    status: PageStatus,
    version: z.number().int().positive().describe('The version number of this page version (1, 2, …)'),
    space: z.string().optional().describe('The space (or folder) the page belongs to'),
    updated_at: z.string().optional().describe('When this version was written (ISO 8601)'),
    body: z.string().describe('The page content, in `format`'),
    format: z
      .enum(['text', 'markdown', 'storage'])
      .default('text')
      .describe('text, markdown, or storage (Confluence storage-format XHTML)'),
  })
  .describe('One page version of a wiki snapshot (one JSONL line)');
export type WikiPage = z.infer<typeof WikiPage>;
