import type { CachedCall, CallCache, CallMeta } from '@gamut/core';

/** The CallCache port over a Map, with the metadata each put carried. */
export class MemoryCallCache implements CallCache {
  readonly entries = new Map<string, { value: CachedCall; meta: CallMeta }>();
  async get(key: string): Promise<CachedCall | undefined> {
    return this.entries.get(key)?.value;
  }
  async put(key: string, value: CachedCall, meta: CallMeta): Promise<void> {
    this.entries.set(key, { value, meta });
  }
}
