import type { RunRecord } from '@gamut/core';
import { type GamutStore, type RunBundle, readRunBundle, type StoredCall } from './bundle.js';

export interface CopiedRun {
  run_id: string;
  /** `copied`: new in the target; `updated`: the same run was there and was topped up. */
  outcome: 'copied' | 'updated';
  answers: number;
  verdicts: number;
  failures: number;
  annotators: number;
  queues: number;
  events: number;
}

export interface CopySummary {
  runs: CopiedRun[];
  /** Recorded model calls read from the source and how many of them the target did not have. */
  calls: { read: number; added: number };
  /** Human labels (kept store-wide) the target did not have. */
  labels: { added: number };
}

export interface CopyProgress {
  /** The verdicts about to be read and written, before anything is. */
  total(verdicts: number): void;
  /** A run starts being read (`reading`) or written (`writing`). */
  phase(runId: string, phase: 'reading' | 'writing'): void;
  /** Verdicts read or rows written since the last call. */
  advance(n: number): void;
}

/** The errors a copy refuses with, before it writes anything: the caller words them. */
export interface CopyRefusals {
  /** Runs asked for that the source does not have (`have`: the runs it has). */
  unknownRuns(missing: readonly string[], have: readonly RunRecord[]): Error;
  /** The target holds another run under this run's name: not the same config, or restarted since. */
  otherRun(run: RunRecord, there: RunRecord): Error;
}

export interface CopyRunsOptions {
  /** The runs to copy (default: all of them). */
  runs?: readonly string[];
  progress?: CopyProgress;
  refuse: CopyRefusals;
}

const CALL_CHUNK = 500;

/**
 * Copies runs (all, or those named) from one store to another with everything under them, then the
 * call cache and labels. A run already in the target is the same run when its config hash and
 * start time match: it is topped up (upserts, review rows by id), so a second copy duplicates
 * nothing. Any other run of the same name refuses the whole copy before anything is written.
 */
export async function copyRuns(from: GamutStore, to: GamutStore, o: CopyRunsOptions): Promise<CopySummary> {
  const runs = await pickRuns(from, o.refuse, o.runs);
  const existing = new Set<string>();
  for (const run of runs) {
    const there = await to.getRun(run.runId);
    if (there === undefined) continue;
    if (!sameRun(there, run)) throw o.refuse.otherRun(run, there);
    existing.add(run.runId);
  }
  let verdicts = 0;
  for (const run of runs) verdicts += await from.countVerdicts(run.runId);
  o.progress?.total(verdicts * 2);

  const copied: CopiedRun[] = [];
  for (const run of runs) {
    o.progress?.phase(run.runId, 'reading');
    const bundle = await readRunBundle(from, run, () => o.progress?.advance(1));
    o.progress?.phase(run.runId, 'writing');
    await to.importRun(bundle, (rows) => o.progress?.advance(rows));
    copied.push(counts(bundle, existing.has(run.runId) ? 'updated' : 'copied'));
  }
  return { runs: copied, calls: await copyCalls(from, to), labels: { added: await copyLabels(from, to) } };
}

async function pickRuns(from: GamutStore, refuse: CopyRefusals, wanted?: readonly string[]): Promise<RunRecord[]> {
  const all = await from.listRuns();
  if (wanted === undefined || wanted.length === 0) return all;
  const byId = new Map(all.map((r) => [r.runId, r]));
  const missing = wanted.filter((id) => !byId.has(id));
  if (missing.length > 0) throw refuse.unknownRuns(missing, all);
  return [...new Set(wanted)].map((id) => byId.get(id) as RunRecord);
}

/** One run, not a restarted one under the same name: what a resume would also accept. */
function sameRun(a: RunRecord, b: RunRecord): boolean {
  return a.configHash === b.configHash && a.startedAt === b.startedAt;
}

function counts(b: RunBundle, outcome: CopiedRun['outcome']): CopiedRun {
  return {
    run_id: b.run.runId,
    outcome,
    answers: b.answers.length,
    verdicts: b.verdicts.length,
    failures: b.failures.length,
    annotators: b.annotators.length,
    queues: b.queues.length,
    events: b.events.length,
  };
}

// The call cache is keyed by request, not by run, so it is copied whole: runs share their calls.
async function copyCalls(from: GamutStore, to: GamutStore): Promise<CopySummary['calls']> {
  let read = 0;
  let added = 0;
  let chunk: StoredCall[] = [];
  for await (const c of from.calls()) {
    chunk.push(c);
    read++;
    if (chunk.length === CALL_CHUNK) {
      added += await to.importCalls(chunk);
      chunk = [];
    }
  }
  if (chunk.length > 0) added += await to.importCalls(chunk);
  return { read, added };
}

// Labels have no id: one is the same as another when every field is.
async function copyLabels(from: GamutStore, to: GamutStore): Promise<number> {
  const key = (l: object) => JSON.stringify(Object.entries(l).sort(([a], [b]) => (a < b ? -1 : 1)));
  const have = new Set((await to.getLabels()).map(key));
  const missing = (await from.getLabels()).filter((l) => !have.has(key(l)));
  await Promise.all(missing.map((l) => to.appendLabel(l)));
  return missing.length;
}
