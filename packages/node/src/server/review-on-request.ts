import type { ReportCalibrationInput } from '@gamut/core';
import type { ReviewBackend } from './review-routes.js';
import { storedLabels } from './stored-labels.js';

/** The viewer's review store, opened when it first exists. */
export interface ReviewOnRequest {
  /** The backend, opened by this call when it was not yet and now can be; null while there is no store. */
  (): Promise<ReviewBackend | null>;
  /** The run's final labels in the store as they stand now (`storedLabels`); null without a store or labels. */
  labels(): Promise<ReportCalibrationInput | null>;
  /** Closes the store when one was opened. */
  close(): Promise<void>;
}

/**
 * The review backend as `open` finds it, asked again on every call until it gives one: a viewer
 * started before any store exists (`gamut judge` or `gamut review queue` make it later, in another
 * process) sees it on the next request, without a restart. Once open it is kept; concurrent calls
 * share one attempt, so the store is opened once.
 */
export function reviewOnRequest(open: () => Promise<ReviewBackend | null>): ReviewOnRequest {
  let opened: ReviewBackend | null = null;
  let trying: Promise<ReviewBackend | null> | null = null;
  const get = async (): Promise<ReviewBackend | null> => {
    if (opened !== null) return opened;
    trying ??= open().finally(() => {
      trying = null;
    });
    opened = await trying;
    return opened;
  };
  const labels = async () => {
    const b = await get();
    return b === null ? null : storedLabels(b.store, b.ownerId);
  };
  return Object.assign(get, { labels, close: async () => opened?.store.close() });
}
