import type { MetaRubric } from '../schema/meta-rubric.js';

/**
 * What the audit found for one snippet, by snippet id: the search port's `SnippetAudit` (the search
 * package re-fetches the source and compares): still at its offsets, moved, or vanished with why.
 */
export type SnippetFinding = { snippet: string } & (
  | { status: 'intact'; same_document: boolean }
  | { status: 'moved'; start: number; end: number; text: string; exact: boolean; content_hash: string }
  | { status: 'vanished'; reason: string }
);

/** A list or process that looks partially covered, for the refinement to complete. */
export interface CoverageFlag {
  item: string;
  reason: string;
}

/**
 * Lists and processes that look partially covered: a flexible list with barely more members
 * than its baseline asks for, a strict list of one member, a process of fewer than three steps.
 */
export function coverageFlags(meta: MetaRubric): CoverageFlag[] {
  const flags: CoverageFlag[] = [];
  for (const item of meta.items) {
    if (item.type === 'flexible_list') {
      const need = Math.max(...item.baseline);
      if (item.members.length <= need + 1) {
        flags.push({
          item: item.id,
          reason: `${item.members.length} members for a baseline of ${need}: the list looks partially covered`,
        });
      }
    } else if (item.type === 'strict_list' && item.members.length < 2) {
      flags.push({ item: item.id, reason: 'a strict list of one member: more members may be missing' });
    } else if (item.type === 'process' && item.steps.length < 3) {
      flags.push({ item: item.id, reason: `a process of ${item.steps.length} steps: steps may be missing` });
    }
  }
  return flags;
}
