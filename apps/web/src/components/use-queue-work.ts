import { useCallback, useEffect, useState } from 'react';
import type { PostedEvent, ReviewApi, ReviewQueuePage } from '../client/review-api.js';
import { type Route, replaceQuery, setQuery } from '../router.js';

/** One queue's page as a person works it: the item shown, moving, and posting decisions. */
export interface QueueWork {
  page: ReviewQueuePage | null;
  error: string | null;
  setError: (e: string | null) => void;
  busy: boolean;
  /** Bumped after every decision: what shows the queue's progress reloads on it. */
  tick: number;
  move: (step: number) => void;
  /** Posts an event; `advance` moves on to the next item open to the person. */
  send: (event: PostedEvent, advance: boolean) => Promise<void>;
}

/**
 * The item is in the URL, and without one the server picks the next open to the person, so a
 * reload keeps their place; `onLoad` runs on every page loaded (to clear a note, say).
 */
export function useQueueWork(api: ReviewApi, queueId: string, route: Route, onLoad: () => void): QueueWork {
  const itemParam = route.query.get('item');
  const [page, setPage] = useState<ReviewQueuePage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tick, setTick] = useState(0);
  // `tick` reloads the page after a decision; `route` and `onLoad` are read, not watched.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    let live = true;
    api.page(queueId, itemParam).then(
      (p) => {
        if (!live) return;
        setPage(p);
        setError(null);
        onLoad();
        // The item shown goes into the URL: a reload or a shared link shows the same one.
        if (!itemParam && p.item) replaceQuery(route, { item: p.item.item_id });
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [api, queueId, itemParam, tick]);
  // Without an item the server shows the next one open to the person (or none is left).
  const goTo = useCallback((id: string | null) => setQuery(route, { item: id }), [route]);
  const move = (step: number) => {
    const item = page?.item;
    if (!page || !item) return;
    const to = page.item_ids[page.item_ids.indexOf(item.item_id) + step];
    if (to) goTo(to);
  };
  const send = async (event: PostedEvent, advance: boolean) => {
    if (busy || !page) return;
    setBusy(true);
    try {
      const { event: stored } = await api.post(queueId, event);
      if (event.kind === 'undo') goTo(stored.item_id);
      else if (advance) goTo(page.next_item_id);
      setTick((t) => t + 1);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return { page, error, setError, busy, tick, move, send };
}
