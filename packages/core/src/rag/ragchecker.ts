import { z } from 'zod';
import type { Issue } from '../issues/issue.js';
import type { EntailmentLabel, TwoWayClaimLabels } from '../schema/rag-judgment.js';

const M = z.number().min(0).max(1).nullable();
/** RAGChecker's eleven per-query metrics (Ru et al. 2024), as fractions; null where undefined. */
export const RagCheckerMetrics = z.object({
  precision: M,
  recall: M,
  f1: M,
  claim_recall: M,
  context_precision: M,
  context_utilization: M,
  noise_sensitivity_in_relevant: M,
  noise_sensitivity_in_irrelevant: M,
  hallucination: M,
  self_knowledge: M,
  faithfulness: M,
});
export type RagCheckerMetrics = z.infer<typeof RagCheckerMetrics>;
export const RAGCHECKER_METRICS = Object.keys(RagCheckerMetrics.shape) as (keyof RagCheckerMetrics)[];

const yes = (l: EntailmentLabel) => l === 'Entailment';
const mean = (xs: readonly boolean[]): number | null => {
  if (xs.length === 0) return null;
  let n = 0;
  for (const x of xs) if (x) n++;
  return n / xs.length;
};

/**
 * RAGChecker's metrics from claim labels. Definitions follow its
 * `computation.py`, except that where it returns 0 for an empty input (no
 * answer claims, no chunks) we return null: an undefined metric is not a score.
 */
export function ragCheckerMetrics(labels: TwoWayClaimLabels): RagCheckerMetrics {
  const correct = labels.answer2response.map(yes);
  const covered = labels.response2answer.map(yes);
  const respByChunk = labels.retrieved2response.map((row) => row.map(yes));
  const goldByChunk = labels.retrieved2answer.map((row) => row.map(yes));
  const nChunks = Math.max(0, ...respByChunk.map((r) => r.length), ...goldByChunk.map((r) => r.length));

  const precision = mean(correct);
  const recall = mean(covered);
  const f1 =
    precision === null || recall === null
      ? null
      : precision > 0 && recall > 0
        ? (2 * precision * recall) / (precision + recall)
        : 0;

  const claimRecalled = goldByChunk.map((row) => row.some(Boolean));
  const chunkRelevant = Array.from({ length: nChunks }, (_, j) => goldByChunk.some((row) => row[j] === true));
  const recalledCount = claimRecalled.filter(Boolean).length;
  const usedCount = claimRecalled.filter((r, i) => r && covered[i] === true).length;

  const faithful = respByChunk.map((row) => row.some(Boolean));
  const relevantFaithful = respByChunk.map((row) => row.some((e, j) => e && chunkRelevant[j] === true));
  const irrelevantFaithful = respByChunk.map(
    (row, i) => row.some((e, j) => e && chunkRelevant[j] !== true) && !relevantFaithful[i],
  );
  const incorrect = correct.map((c) => !c);

  return {
    precision,
    recall,
    f1,
    claim_recall: mean(claimRecalled),
    context_precision: nChunks === 0 || goldByChunk.length === 0 ? null : mean(chunkRelevant),
    context_utilization: recalledCount === 0 ? null : usedCount / recalledCount,
    noise_sensitivity_in_relevant: mean(relevantFaithful.map((f, i) => f && incorrect[i] === true)),
    noise_sensitivity_in_irrelevant: mean(irrelevantFaithful.map((f, i) => f && incorrect[i] === true)),
    hallucination: mean(faithful.map((f, i) => !f && incorrect[i] === true)),
    self_knowledge: mean(faithful.map((f, i) => !f && correct[i] === true)),
    faithfulness: mean(faithful),
  };
}

/** Mean of each metric over the queries where it is defined (RAGChecker averages per query too). */
export function aggregateRagChecker(perQuery: readonly RagCheckerMetrics[]): RagCheckerMetrics {
  const out = {} as Record<keyof RagCheckerMetrics, number | null>;
  for (const key of RAGCHECKER_METRICS) {
    const xs = perQuery.map((m) => m[key]).filter((x): x is number => x !== null);
    out[key] = xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length;
  }
  return out;
}

/** Shape checks the schema cannot express: one label per claim, one per chunk. */
export function checkTwoWayShape(labels: TwoWayClaimLabels, nChunks: number | undefined, question: string): Issue[] {
  const issues: Issue[] = [];
  const bad = (path: string, message: string) =>
    issues.push({ rule: 'ragchecker-shape', message, path: `ragchecker.${path}`, question });
  if (labels.retrieved2response.length !== labels.answer2response.length)
    bad(
      'retrieved2response',
      `has ${labels.retrieved2response.length} rows for ${labels.answer2response.length} answer claims`,
    );
  if (labels.retrieved2answer.length !== labels.response2answer.length)
    bad(
      'retrieved2answer',
      `has ${labels.retrieved2answer.length} rows for ${labels.response2answer.length} gold claims`,
    );
  const widths = new Set([...labels.retrieved2response, ...labels.retrieved2answer].map((r) => r.length));
  if (widths.size > 1) bad('retrieved2response', 'rows have different numbers of chunks');
  if (nChunks !== undefined && widths.size === 1 && !widths.has(nChunks))
    bad('retrieved2response', `rows have ${[...widths][0]} chunks but the agent retrieved ${nChunks}`);
  return issues;
}
