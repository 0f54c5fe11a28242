import { InputError } from '@gamut/core';
import { createMemoryStore } from '@gamut/core/test';
import { describe, expect, it } from 'vitest';
import { checkDemoStore } from './build-demo-dir.js';

const person = (owner: string) => ({
  owner_id: owner,
  name: 'ann-a',
  role: 'annotator' as const,
  token_hash: 'a'.repeat(64),
  created_at: '2026-12-02T00:00:00.000Z',
});

describe('checkDemoStore', () => {
  it('accepts a store that holds nothing of a build named build, even with other owners in it', async () => {
    const store = createMemoryStore();
    await expect(checkDemoStore(store, '/x/out', 'st/gamut.db')).resolves.toBeUndefined();
    await store.appendAnnotator(person('my-build'));
    await expect(checkDemoStore(store, '/x/out', 'st/gamut.db')).resolves.toBeUndefined();
  });

  it('refuses a store with people of the demo build (an earlier demo), naming the store, the rule and the way out', async () => {
    const store = createMemoryStore();
    await store.appendAnnotator(person('build'));
    const e = await checkDemoStore(store, '/x/out', 'st/gamut.db').catch((err: unknown) => err);
    expect(InputError.isInstance(e)).toBe(true);
    expect((e as InputError).issues).toEqual([
      {
        rule: 'store-in-use',
        file: 'st/gamut.db',
        message:
          "already holds people, queues or events of build build (an earlier demo's, or a build of that name); " +
          'the demo starts from nothing: pass --store a new folder or database, or leave --store out to keep it in /x/out/build',
      },
    ]);
  });
});
