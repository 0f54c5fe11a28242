import { existsSync } from 'node:fs';
import type { ReportCalibrationInput } from '@gamut/core';
import { storedLabels } from '@gamut/node';
import { isPostgresUrl } from '@gamut/store/url';
import { openProjectStore, storeFile } from '../store/open-store.js';

/** `storedLabels` for a run id, opening the store only where one exists (a report never creates a store). */
export async function storedLabelsAt(
  ownerId: string,
  o: { cwd: string; store?: string },
): Promise<ReportCalibrationInput | null> {
  const named = o.store !== undefined;
  if (!(named && isPostgresUrl(o.store as string)) && !existsSync(storeFile(o.cwd, o.store))) return null;
  const store = await openProjectStore(o.cwd, o.store);
  try {
    return await storedLabels(store, ownerId);
  } finally {
    await store.close();
  }
}
