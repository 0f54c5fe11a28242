import { failureLine, type ReportInput, type Setting, VerdictLine, verdictLine } from '@gamut/core';
import { openProjectStore } from '../store/open-store.js';

/**
 * With `--store`, a run directory is shown with the verdicts and judge failures its run has in
 * that store (by the manifest's run id), so a run still being judged, or judged elsewhere and
 * copied in, is shown as it stands. A store without the run leaves the directory's own.
 */
export async function withStoredVerdicts(input: ReportInput, cwd: string, store?: string): Promise<ReportInput> {
  const runId = input.manifest?.run_id;
  if (store === undefined || runId === undefined) return input;
  const s = await openProjectStore(cwd, store);
  try {
    if ((await s.getRun(runId)) === undefined) return input;
    // Stored lines always carry their setting.
    const verdicts: Array<VerdictLine & { setting: Setting }> = [];
    const add = (line: Record<string, unknown>, setting: Setting) =>
      verdicts.push({ ...VerdictLine.parse(line), setting });
    for await (const v of s.verdicts(runId)) add(verdictLine(v), v.setting);
    for (const f of await s.getJudgeFailures(runId)) add(failureLine(f), f.setting);
    return { ...input, verdicts };
  } finally {
    await s.close();
  }
}
