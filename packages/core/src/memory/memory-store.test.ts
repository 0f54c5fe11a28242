import { describe, it } from 'vitest';
import { storeConformanceCases } from '../test/store-conformance.js';
import { createMemoryStore, createMemoryStoreData } from './memory-store.js';

describe('memory store conformance', () => {
  const cases = storeConformanceCases({
    async fresh() {
      const data = createMemoryStoreData();
      return { open: async () => createMemoryStore({ data, clock: () => new Date('2026-01-01T00:00:00Z') }) };
    },
  });
  for (const c of cases) it(c.name, c.run);
});
