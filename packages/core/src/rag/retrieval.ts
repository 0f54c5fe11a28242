import type { RetrievedChunk } from '../schema/agent-output.js';
import type { RequiredFact } from '../schema/golden-set.js';
import type { EvidenceStatus, PageIndex } from './page-index.js';

/** One retrieved page version, after its chunks were merged; `rank` is its best chunk's rank (1-based, in page order). */
export interface RetrievedPage {
  readonly page_id: string;
  readonly version: number | null;
  readonly rank: number;
  readonly chunks: number;
  readonly status: EvidenceStatus;
}

/**
 * Map chunks to their page and version and merge duplicates, keeping the order
 * of each page's best chunk. Three chunks of one page are one page; an old
 * version of a page is a different entry from its current one (it took a slot
 * in the agent's context) but is never valid evidence.
 */
export function dedupeRetrieved(retrieved: readonly RetrievedChunk[], index: PageIndex): RetrievedPage[] {
  const sorted = [...retrieved].sort((a, b) => a.rank - b.rank);
  const seen = new Map<string, { page_id: string; version: number | null; chunks: number; status: EvidenceStatus }>();
  for (const c of sorted) {
    const status = index.status(c.page_id, c.version);
    // A chunk without a version is taken to be of the version the snapshot holds as current.
    const version = c.version ?? index.get(c.page_id)?.current?.version ?? null;
    const key = `${c.page_id}\u0000${version ?? ''}`;
    const e = seen.get(key);
    if (e) e.chunks++;
    else seen.set(key, { page_id: c.page_id, version, chunks: 1, status });
  }
  return [...seen.values()].map((e, i) => ({ ...e, rank: i + 1 }));
}

/** The distinct evidence requirements of a question: each fact's `page_ids` list, duplicates and empty lists dropped. */
export function evidenceRequirements(facts: readonly RequiredFact[]): string[][] {
  const out = new Map<string, string[]>();
  for (const f of facts) {
    if (f.page_ids.length === 0) continue;
    const list = [...new Set<string>(f.page_ids)].sort();
    out.set(list.join('\u0000'), list);
  }
  return [...out.values()];
}

export interface RecallResult {
  readonly recall: number | null;
  readonly found: number;
  readonly required: number;
  /** Valid pages in the top k. */
  readonly topValid: string[];
}

/** Recall@k over distinct requirements; a requirement is found when any of its pages is current and in the top k pages. */
export function recallAtK(facts: readonly RequiredFact[], pages: readonly RetrievedPage[], k: number): RecallResult {
  const topValid = pages
    .slice(0, k)
    .filter((p) => p.status === 'current')
    .map((p) => p.page_id);
  const valid = new Set(topValid);
  const reqs = evidenceRequirements(facts);
  const found = reqs.filter((list) => list.some((id) => valid.has(id))).length;
  return { recall: reqs.length === 0 ? null : found / reqs.length, found, required: reqs.length, topValid };
}
