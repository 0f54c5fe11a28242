import {
  finalLabelLines,
  type GivenVerdictLine,
  queueState,
  type ReportCalibrationInput,
  type ReviewEvent,
  type ReviewQueue,
  type RunStore,
} from '@gamut/core';

/** The final labels of a run's verdict-label queues, and how many items are still waiting or in disagreement. */
export function finalLabelsOf(
  queues: readonly ReviewQueue[],
  events: readonly ReviewEvent[],
): { lines: GivenVerdictLine[]; open: number } {
  const lines: GivenVerdictLine[] = [];
  let open = 0;
  for (const q of queues.filter((x) => x.kind === 'verdict_label')) {
    const state = queueState(q, events);
    lines.push(...finalLabelLines(q, state));
    open += state.counts.waiting + state.counts.disagreement;
  }
  return { lines, open };
}

/**
 * The run's own adjudicated (or agreed) labels from its review store, as the report's calibrated
 * column reads a labels file; null when the run has none. Named "review labels of <run>" where a
 * file would be named.
 */
export async function storedLabels(store: RunStore, ownerId: string): Promise<ReportCalibrationInput | null> {
  const [queues, events] = await Promise.all([store.listReviewQueues(ownerId), store.listReviewEvents(ownerId)]);
  const { lines } = finalLabelsOf(queues, events);
  if (lines.length === 0) return null;
  return { file: `review labels of ${ownerId}`, labels: lines.map((value) => ({ value })) };
}
