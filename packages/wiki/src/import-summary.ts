import type { WikiSnapshot } from './snapshot.js';

/** What `gamut rag import` reports of the snapshot it wrote. */
export interface ImportSummary {
  snapshot_id: string;
  format: string;
  out: string;
  pages: number;
  versions: number;
  by_status: { current: number; historical: number; archived: number };
  skipped: Record<string, number>;
  warnings: readonly string[];
}

export function importSummary(
  result: { format: string; snapshot: WikiSnapshot; skipped: Record<string, number>; warnings: readonly string[] },
  out: string,
): ImportSummary {
  const { snapshot } = result;
  const counts = { current: 0, historical: 0, archived: 0 };
  for (const p of snapshot.pages) counts[p.status]++;
  return {
    snapshot_id: snapshot.id,
    format: result.format,
    out,
    pages: new Set(snapshot.pages.map((p) => p.page_id)).size,
    versions: snapshot.pages.length,
    by_status: counts,
    skipped: result.skipped,
    warnings: result.warnings,
  };
}

/** The summary as lines: formats, counts by status, what was skipped, the snapshot id and file. */
export function importSummaryText(s: ImportSummary): string {
  const skipped = Object.entries(s.skipped).map(([why, n]) => `${n} ${why}`);
  const c = s.by_status;
  return [
    `imported ${s.format}: ${s.pages} page${s.pages === 1 ? '' : 's'}, ${s.versions} version${s.versions === 1 ? '' : 's'} (${c.current} current, ${c.historical} historical, ${c.archived} archived)`,
    ...(skipped.length ? [`skipped: ${skipped.join(', ')}`] : []),
    `snapshot ${s.snapshot_id}`,
    `wrote ${s.out}`,
    '',
  ].join('\n');
}
