import { failureLine, type ReportInput, type RunStore, type Setting, VerdictLine, verdictLine } from '@gamut/core';
import { openProjectStore } from '../store/open-store.js';

type StoredLine = VerdictLine & { setting: Setting };

/**
 * A run's verdicts, then its judge failures, as verdict lines (each with its setting), read from
 * the store `--store` names; undefined when that store does not hold the run.
 */
export async function storedVerdictLines(cwd: string, store: string, runId: string): Promise<StoredLine[] | undefined> {
  const s = await openProjectStore(cwd, store);
  try {
    return (await s.getRun(runId)) === undefined ? undefined : await linesOf(s, runId);
  } finally {
    await s.close();
  }
}

async function linesOf(s: RunStore, runId: string): Promise<StoredLine[]> {
  const lines: StoredLine[] = [];
  const add = (line: Record<string, unknown>, setting: Setting) => lines.push({ ...VerdictLine.parse(line), setting });
  for await (const v of s.verdicts(runId)) add(verdictLine(v), v.setting);
  for (const f of await s.getJudgeFailures(runId)) add(failureLine(f), f.setting);
  return lines;
}

/**
 * With `--store`, a run directory is shown with the verdicts and judge failures its run has in
 * that store (by the manifest's run id), so a run still being judged, or judged elsewhere and
 * copied in, is shown as it stands. A store without the run leaves the directory's own.
 */
export async function withStoredVerdicts(input: ReportInput, cwd: string, store?: string): Promise<ReportInput> {
  const runId = input.manifest?.run_id;
  if (store === undefined || runId === undefined) return input;
  const verdicts = await storedVerdictLines(cwd, store, runId);
  return verdicts === undefined ? input : { ...input, verdicts };
}
