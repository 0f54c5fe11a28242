import type { CachedCall, CallCache, CallMeta } from '@gamut/core';

/** The CallCache port over a Map, with the metadata each put carried; invalid replies are kept, never served. */
export class MemoryCallCache implements CallCache {
  readonly entries = new Map<string, { value: CachedCall; meta: CallMeta }>();
  async get(key: string): Promise<CachedCall | undefined> {
    const entry = this.entries.get(key);
    return entry?.meta.valid === false ? undefined : entry?.value;
  }
  async put(key: string, value: CachedCall, meta: CallMeta): Promise<void> {
    this.entries.set(key, { value, meta });
  }
}
