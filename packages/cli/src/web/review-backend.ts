import { existsSync } from 'node:fs';
import type { ReportInput } from '@gamut/core';
import type { ReviewBackend } from '@gamut/node';
import { isPostgresUrl } from '@gamut/store/url';
import { openProjectStore, storeFile } from '../store/open-store.js';

/**
 * The store the review lives in, as `gamut review` finds it (`--store`, else `.gamut` in the
 * working directory), opened for the viewer's lifetime. Without `--store` and with no store
 * there, the viewer has no review (it does not create a store just by being opened).
 */
export async function openReviewBackend(
  input: ReportInput,
  runDir: string,
  o: { cwd: string; store?: string },
): Promise<ReviewBackend | null> {
  const ownerId = input.manifest?.run_id;
  if (ownerId === undefined) return null;
  const named = o.store !== undefined;
  if (!named && !existsSync(storeFile(o.cwd))) return null;
  if (named && !isPostgresUrl(o.store as string) && !existsSync(storeFile(o.cwd, o.store))) return null;
  const store = await openProjectStore(o.cwd, o.store);
  return { ownerId, run: input, store, runDir };
}
