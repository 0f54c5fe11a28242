import type { ReportInput, RunStore } from '@gamut/core';
import { createMemoryStore } from '@gamut/core/test';
import { describe, expect, it } from 'vitest';
import { reviewOnRequest } from './review-on-request.js';
import type { ReviewBackend } from './review-routes.js';

/** A store whose close is counted: the viewer closes what it opened, once. */
function countedStore(): { store: RunStore; closes: () => number } {
  const store = createMemoryStore();
  let n = 0;
  const close = store.close.bind(store);
  store.close = async () => {
    n++;
    await close();
  };
  return { store, closes: () => n };
}

describe('reviewOnRequest', () => {
  it('asks again while there is no store, keeps the first it gets, and shares one attempt between concurrent calls', async () => {
    const { store, closes } = countedStore();
    const backend: ReviewBackend = { ownerId: 'demo', run: {} as ReportInput, store, runDir: 'd' };
    let exists = false;
    let opens = 0;
    const review = reviewOnRequest(async () => {
      opens++;
      return exists ? backend : null;
    });
    expect(await review()).toBeNull();
    expect(await review.labels()).toBeNull();
    expect(opens).toBe(2);
    exists = true;
    const [a, b] = await Promise.all([review(), review()]);
    expect([a, b]).toEqual([backend, backend]);
    expect(opens).toBe(3);
    exists = false;
    expect(await review()).toBe(backend);
    expect(opens).toBe(3);
    await review.close();
    expect(closes()).toBe(1);
  });

  it('closes nothing when no store was ever opened', async () => {
    const review = reviewOnRequest(async () => null);
    await expect(review.close()).resolves.toBeUndefined();
  });
});
