import { appendEventRecords, counted } from '@gamut/core';
import { readRecords } from '@gamut/node';
import { withReviewRun } from './review-run.js';

/**
 * Appends the events of a file after checking every line against the store and the lines
 * before it: one bad line and nothing is stored. Events already stored as they are are skipped,
 * so importing an export again changes nothing.
 */
export async function importEvents(dir: string, file: string, o: { store?: string }): Promise<void> {
  const records = await readRecords(file);
  await withReviewRun(dir, o.store, async (r) => {
    const { imported, skipped } = await appendEventRecords(r, records, file);
    process.stdout.write(
      `Imported ${counted(imported, 'review event')} from ${file}${skipped ? ` (${skipped} already stored)` : ''}\n`,
    );
  });
}
