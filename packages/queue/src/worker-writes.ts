import type { RunStore } from '@gamut/core';

/**
 * The coordinator's view of the store when workers judge: each worker has
 * already stored the verdict or judge failure (an upsert keyed by the check)
 * before it reports, so the engine's own write of the same row is left out.
 */
export function verdictsWrittenByWorkers(store: RunStore): RunStore {
  return new Proxy(store, {
    get(target, key) {
      if (key === 'putVerdict' || key === 'putJudgeFailure') return async () => {};
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
