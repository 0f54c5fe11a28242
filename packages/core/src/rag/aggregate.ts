import { FAILURE_STAGES, type RagGroupSummary, type RagQuestionResult } from './report-schema.js';

function meanOf(rows: readonly RagQuestionResult[], pick: (r: RagQuestionResult) => number | null): number | null {
  let sum = 0;
  let n = 0;
  for (const r of rows) {
    const v = pick(r);
    if (v === null) continue;
    sum += v;
    n++;
  }
  return n === 0 ? null : sum / n;
}

function rate(rows: readonly RagQuestionResult[], test: (r: RagQuestionResult) => boolean): number | null {
  return rows.length === 0 ? null : rows.filter(test).length / rows.length;
}

/**
 * Means over the questions where each metric is defined (SPEC §7): Recall@k,
 * coverage and the composite over answerable questions (their per-question
 * values are null elsewhere), faithfulness over questions with a claim,
 * citation precision over questions with a cited claim, pass rate over all.
 */
export function summarize(rows: readonly RagQuestionResult[]): RagGroupSummary {
  const answerable = rows.filter((r) => r.answerable);
  const unanswerable = rows.filter((r) => !r.answerable);
  return {
    n: rows.length,
    pass_rate: rate(rows, (r) => r.pass),
    recall_at_k: meanOf(answerable, (r) => r.recall_at_k),
    fact_coverage: meanOf(answerable, (r) => r.fact_coverage),
    faithfulness: meanOf(rows, (r) => r.faithfulness),
    citation_precision: meanOf(rows, (r) => r.citation_precision),
    correct_abstention_rate: rate(unanswerable, (r) => r.abstained),
    false_abstention_rate: rate(answerable, (r) => r.abstained),
    erb_composite: meanOf(answerable, (r) => r.erb_composite),
  };
}

export function groupSummaries(
  rows: readonly RagQuestionResult[],
  key: (r: RagQuestionResult) => string,
): Record<string, RagGroupSummary> {
  const groups = new Map<string, RagQuestionResult[]>();
  for (const r of rows) {
    const k = key(r);
    const list = groups.get(k);
    if (list) list.push(r);
    else groups.set(k, [r]);
  }
  const out: Record<string, RagGroupSummary> = {};
  for (const k of [...groups.keys()].sort()) out[k] = summarize(groups.get(k) ?? []);
  return out;
}

/** Failed questions per failure stage; every stage is listed, with 0 where none failed there. */
export function countStages(rows: readonly RagQuestionResult[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of FAILURE_STAGES) out[s] = 0;
  for (const r of rows) if (r.failure_stage) out[r.failure_stage] = (out[r.failure_stage] ?? 0) + 1;
  return out;
}
