import type { RagFlag, RagReport } from '../rag/report-schema.js';
import { type FlagDecision, GoldenChange } from '../schema/golden-release.js';
import { type ReviewEvent, type ReviewItem, type ReviewQueue, WikiFlagPayload } from '../schema/review.js';
import { queueState } from './item-state.js';

/** A wiki-flag queue's decisions: a reviewer confirms the flag (and the change it proposes) or rejects it. */
export const WIKI_FLAG_LABELS: readonly string[] = ['confirm', 'reject'];

const flagId = (f: Pick<RagFlag, 'question_id' | 'kind' | 'detail'>) =>
  `${f.question_id}\u0000${f.kind}\u0000${f.detail}`;

/**
 * One item per distinct flag of a `rag score` report (the same flag twice is one item), in the
 * report's order, with opaque ids f001, f002, …: what a reviewer confirms or rejects.
 */
export function wikiFlagItems(report: Pick<RagReport, 'flags' | 'golden'>): ReviewItem[] {
  const seen = new Set<string>();
  const items: ReviewItem[] = [];
  for (const f of report.flags) {
    const key = flagId(f);
    if (seen.has(key)) continue;
    seen.add(key);
    const payload: WikiFlagPayload = {
      flag: { question_id: f.question_id, kind: f.kind, detail: f.detail },
      ...(f.change && { change: f.change }),
      golden: report.golden,
    };
    items.push({ id: `f${String(items.length + 1).padStart(3, '0')}`, payload, stratum: f.kind });
  }
  return items;
}

/**
 * The standing decisions of a wiki-flag queue as flag decisions (what `gamut rag golden propose`
 * reads): each decided item's final value (an adjudication over the reviewers'), by whom and why,
 * and, when confirmed, the change its flag proposes or the one the decider edited it into. Undone
 * and undecided items are left out.
 */
export function wikiFlagDecisions(queue: ReviewQueue, events: readonly ReviewEvent[]): FlagDecision[] {
  if (queue.kind !== 'wiki_flag') return [];
  const state = queueState(queue, events);
  const out: FlagDecision[] = [];
  for (const item of queue.items) {
    const s = state.byId.get(item.id);
    if (!s || (s.final !== 'confirm' && s.final !== 'reject')) continue;
    const by = s.adjudication ?? s.decisions.find((d) => d.value === s.final);
    if (!by) continue;
    const p = WikiFlagPayload.parse(item.payload);
    // The reviewer's edit of the proposed change, when they made one (checked when it was stored).
    const edited = by.change === undefined ? p.change : GoldenChange.parse(by.change);
    out.push({
      flag: p.flag,
      decision: s.final,
      who: by.who,
      at: by.at,
      reason: by.reason,
      ...(s.final === 'confirm' && edited && { change: edited }),
    });
  }
  return out.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
