import type { JudgeFailureKind, Setting } from '../schema/ids.js';
import type { Manifest } from '../schema/manifest.js';
import type { Annotator, ReviewEvent, ReviewQueue } from '../schema/review.js';
import type { BatchLedger } from './batches.js';
import type { CallCache } from './call-cache.js';

/**
 * Where a run keeps what it has finished: answers of the models under test,
 * verdicts, judge failures, model calls (through the `CallCache` half) and
 * human labels, provider batches (through `BatchLedger`). Everything is written as it finishes so a run resumes where it
 * stopped; implementations: memory (`createMemoryStore`), SQLite and PostgreSQL (`@gamut/store`).
 */
export interface RunStore extends CallCache, BatchLedger {
  /** Inserts the run, or replaces its manifest and status when it exists. */
  putRun(run: RunRecord): Promise<void>;
  getRun(runId: string): Promise<RunRecord | undefined>;
  listRuns(): Promise<RunRecord[]>;
  setRunStatus(runId: string, status: RunStatus, endedAt: string | null): Promise<void>;
  /**
   * Moves a run and everything stored under it (answers, verdicts, judge failures; its manifest's
   * `run_id`) to a new id, so a run can start over while the old one is kept. Fails when `from`
   * does not exist or `to` does.
   */
  renameRun(from: string, to: string): Promise<void>;

  /** Upsert by (run, question, model, setting). */
  putAnswer(answer: StoredAnswer): Promise<void>;
  getAnswers(runId: string): Promise<StoredAnswer[]>;

  /** Upsert by `verdictKey`; clears a judge failure recorded for the same key. */
  putVerdict(verdict: StoredVerdict): Promise<void>;
  /** Streams a run's verdicts in a stable order (question, model, setting, check, judge, sample). */
  verdicts(runId: string): AsyncIterable<StoredVerdict>;
  /**
   * The same verdicts in the same order, a page (up to about a thousand) at a time: for readers of
   * a whole run (exports), which then pay one async step per page rather than one per verdict.
   */
  verdictPages(runId: string): AsyncIterable<readonly StoredVerdict[]>;
  /** How many finished verdicts the run has. */
  countVerdicts(runId: string): Promise<number>;
  /**
   * Check ids of one answer that already have a verdict from `judge` (and `sample`):
   * what a resumed run skips. Asked one answer at a time, so memory does not grow with the run.
   */
  finishedChecks(answer: FinishedChecksKey): Promise<Set<string>>;

  /** Upsert by `verdictKey`; the latest failure of a check replaces the earlier one. */
  putJudgeFailure(failure: StoredJudgeFailure): Promise<void>;
  getJudgeFailures(runId: string): Promise<StoredJudgeFailure[]>;

  /** Labels are appended, never overwritten: a relabel is a new row with its own author, time and reason. */
  appendLabel(label: HumanLabel): Promise<void>;
  getLabels(filter?: { questionId?: string; checkId?: string }): Promise<HumanLabel[]>;

  /**
   * The review workspace, keyed by an owner id (a run's or a build's); nothing is updated or
   * deleted. An annotator's name and a queue's id are unique per owner, an event's id too:
   * appending one that exists fails and stores nothing. `appendReviewEvents` stores all of its
   * events or none. Lists come back in the order appended.
   */
  appendAnnotator(annotator: Annotator): Promise<void>;
  listAnnotators(ownerId: string): Promise<Annotator[]>;
  appendReviewQueue(queue: ReviewQueue): Promise<void>;
  listReviewQueues(ownerId: string): Promise<ReviewQueue[]>;
  appendReviewEvents(events: readonly ReviewEvent[]): Promise<void>;
  listReviewEvents(ownerId: string, filter?: { queueId?: string }): Promise<ReviewEvent[]>;

  /** Totals over recorded model calls, optionally since a time (ISO 8601). */
  callTotals(filter?: { since?: string }): Promise<CallTotals>;

  /**
   * Claims the right to judge a run, so two processes on one store never pay
   * for the same checks. Taken when the run has no lease, when its lease is
   * `owner`'s own, when its heartbeat is older than `staleBefore`, or when it
   * belongs to `replacing` (a holder the caller found dead). Otherwise the
   * current holder is returned. Atomic across connections. Times are ISO 8601.
   */
  acquireRunLease(request: RunLeaseRequest): Promise<{ acquired: true } | { acquired: false; holder: RunLease }>;
  /** Moves the heartbeat on; false when the lease is no longer `ownerId`'s (it was taken over). */
  renewRunLease(runId: string, ownerId: string, now: string): Promise<boolean>;
  /** Gives the lease up if `ownerId` holds it. */
  releaseRunLease(runId: string, ownerId: string): Promise<void>;

  /** Makes everything written so far durable; `close` implies it. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Who is judging a run: a process (by a random owner id, its pid and host) and its last sign of life. */
export interface RunLease {
  runId: string;
  ownerId: string;
  pid: number;
  host: string;
  /** ISO 8601. */
  startedAt: string;
  /** ISO 8601; renewed while the process works. */
  heartbeatAt: string;
}

export interface RunLeaseRequest {
  runId: string;
  ownerId: string;
  pid: number;
  host: string;
  now: string;
  /** A lease whose heartbeat is older than this is taken over. */
  staleBefore: string;
  /** Owner id of a holder known to be gone (its pid has exited on this host). */
  replacing?: string;
}

export type RunStatus = 'running' | 'finished' | 'interrupted' | 'failed';

export interface RunRecord {
  runId: string;
  /** Hash of what decides the run's results (dataset, rubrics, models, judges, templates, parameters). */
  configHash: string;
  /** The parts of `configHash`, so a refused resume can say which changed. */
  configParts: Record<string, string>;
  manifest: Manifest;
  status: RunStatus;
  startedAt: string;
  endedAt: string | null;
}

export interface AnswerKey {
  runId: string;
  questionId: string;
  model: string;
  setting: Setting;
}

export interface FinishedChecksKey extends AnswerKey {
  judge: string;
  sample: number;
}

export interface StoredAnswer extends AnswerKey {
  response: string;
  /** The provider response id of the call that produced it, when a model under test answered in this run. */
  callKey: string | null;
}

export interface VerdictKeyParts extends AnswerKey {
  checkId: string;
  judge: string;
  sample: number;
}

export interface StoredVerdict extends VerdictKeyParts {
  verdict: 'meets' | 'partially_meets' | 'missing' | 'contradicts';
  rationale: string;
  quote: string | null;
}

export interface StoredJudgeFailure extends VerdictKeyParts {
  error: string;
  raw: string | null;
  /** Absent in failures recorded before kinds were (read them with `failureKindOf(error)`). */
  kind?: JudgeFailureKind;
}

export interface HumanLabel {
  questionId: string;
  model: string;
  setting: Setting;
  checkId: string;
  verdict: 'meets' | 'partially_meets' | 'missing' | 'contradicts';
  author: string;
  reason: string;
  /** ISO 8601, given by the caller (core reads no clock). */
  createdAt: string;
}

export interface CallTotals {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  costUsd: number;
}

/** Whether `request` may take a run's lease from its holder: none, its own, stale, or the one it replaces. */
export function leaseIsFree(held: RunLease | undefined, request: RunLeaseRequest): boolean {
  return (
    held === undefined ||
    held.ownerId === request.ownerId ||
    held.ownerId === request.replacing ||
    held.heartbeatAt < request.staleBefore
  );
}

/** The identity of one verdict within a run (run id excluded): what resume compares. */
export function verdictKey(k: Omit<VerdictKeyParts, 'runId'>): string {
  return `${k.questionId}\u0000${k.model}\u0000${k.setting}\u0000${k.checkId}\u0000${k.judge}\u0000${k.sample}`;
}
