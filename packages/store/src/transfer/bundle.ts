import type {
  Annotator,
  ReviewEvent,
  ReviewQueue,
  RunRecord,
  RunStore,
  StoredAnswer,
  StoredJudgeFailure,
  StoredVerdict,
} from '@gamut/core';

/** A run with everything stored under it: what `gamut store copy` reads from one store and writes to another. */
export interface RunBundle {
  run: RunRecord;
  answers: StoredAnswer[];
  verdicts: StoredVerdict[];
  failures: StoredJudgeFailure[];
  /** The run's review workspace (kept under the run id as its owner id). */
  annotators: Annotator[];
  queues: ReviewQueue[];
  events: ReviewEvent[];
}

/** One recorded model call as the store keeps it: the cache's value and what `callTotals` sums. */
export interface StoredCall {
  key: string;
  provider: string;
  model_id: string;
  text: string;
  finish_reason: string | null;
  response_id: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  cached_input_tokens: number | null;
  latency_ms: number;
  cost_usd: number | null;
  created_at: string;
  valid: boolean;
}

/** What both stores offer beyond the port so a run can move between them whole. */
export interface RunTransfer {
  /** Every recorded call, in key order, read a page at a time. */
  calls(): AsyncIterable<StoredCall>;
  /**
   * Writes the run and everything under it in one transaction: all of it lands or none does.
   * Rows already there are updated (run, answers, verdicts, failures; a failure whose check now
   * has a verdict is dropped, as `putVerdict` does); review rows already there (same id) are kept.
   * `onRows` hears how many rows each written chunk held.
   */
  importRun(bundle: RunBundle, onRows?: (rows: number) => void): Promise<void>;
  /** Adds the calls not there yet (a key names its request, so one already there is kept); returns how many were added. */
  importCalls(calls: readonly StoredCall[]): Promise<number>;
}

/** A store `gamut` opens: the port, and moving runs in and out. */
export type GamutStore = RunStore & RunTransfer;

/** Reads a run and everything under it through the port; `onVerdict` is called as verdicts stream in. */
export async function readRunBundle(store: RunStore, run: RunRecord, onVerdict?: () => void): Promise<RunBundle> {
  const verdicts: StoredVerdict[] = [];
  for await (const v of store.verdicts(run.runId)) {
    verdicts.push(v);
    onVerdict?.();
  }
  const [answers, failures, annotators, queues, events] = await Promise.all([
    store.getAnswers(run.runId),
    store.getJudgeFailures(run.runId),
    store.listAnnotators(run.runId),
    store.listReviewQueues(run.runId),
    store.listReviewEvents(run.runId),
  ]);
  return { run, answers, verdicts, failures, annotators, queues, events };
}

/** Rows a bundle writes: what a progress bar counts. */
export function bundleRows(b: RunBundle): number {
  return (
    1 +
    b.answers.length +
    b.verdicts.length +
    b.failures.length +
    b.annotators.length +
    b.queues.length +
    b.events.length
  );
}
