import type { ReleaseSummary } from './release-plan.js';

/** What a batch of steps reports: the `--json` form, and the line for the log. */
export interface StepReport {
  json: { steps: number; failed: Array<{ key: string; failure: string | undefined }> };
  text: string;
}

export function stepReport(
  records: ReadonlyArray<{ key: string; status: string; failure?: string }>,
  what: string,
): StepReport {
  const failed = records.filter((r) => r.status === 'failed');
  return {
    json: { steps: records.length, failed: failed.map((r) => ({ key: r.key, failure: r.failure })) },
    text: `${records.length} ${what} step(s), ${failed.length} failed\n`,
  };
}

/** The release's counts, where it went, then its changelog indented a line each. */
export function releaseSummaryText(summary: ReleaseSummary): string {
  const counts = `${summary.questions} question(s), ${summary.checks} checks, ${summary.dropped.length} dropped, ${summary.stale_edits} stale edit(s)`;
  return `release v${summary.version}: ${counts} → ${summary.output}\n${summary.changelog.map((l) => `  ${l}\n`).join('')}`;
}

export function reviewImportText(counts: { decisions: number; edits: number }): string {
  return `imported ${counts.decisions} decision(s) and ${counts.edits} rubric edit(s)\n`;
}
