import type { StoredBatch } from '../ports/batches.js';
import type { RunStore } from '../ports/store.js';
import type { ConformanceCase, StoreLocation } from './store-conformance.js';
import { assert, assertEqual } from './store-fixtures.js';

type WithStore = (fn: (s: RunStore, loc: StoreLocation) => Promise<void>) => () => Promise<void>;

const batch = (over: Partial<StoredBatch> = {}): StoredBatch => ({
  provider: 'openai',
  batchId: 'batch_1',
  endpoint: 'https://api.openai.com/v1/responses',
  submittedAt: '2026-01-01T00:00:00.000Z',
  customIds: ['g-a', 'g-b'],
  ...over,
});

const { customIds: _ids, ...first } = batch();

/** The provider batches a store keeps for `--batch` runs (see `BatchLedger`). */
export function batchConformanceCases(withStore: WithStore): ConformanceCase[] {
  return [
    {
      name: 'batches: each waiting request is found in its batch, after a reopen too; unknown ids are absent',
      run: withStore(async (s, loc) => {
        await s.putBatch(batch());
        await s.putBatch(batch({ provider: 'anthropic', batchId: 'msgbatch_2', customIds: ['g-c'] }));
        const found = await s.findBatches(['g-a', 'g-c', 'g-unknown']);
        assertEqual([...found.keys()].sort(), ['g-a', 'g-c'], 'ids found');
        assertEqual(found.get('g-a'), first, 'batch of g-a');
        assertEqual(found.get('g-c')?.batchId, 'msgbatch_2', 'batch of g-c');
        const other = await loc.open();
        try {
          assertEqual((await other.findBatches(['g-b'])).get('g-b'), first, 'batch of g-b from another connection');
        } finally {
          await other.close();
        }
      }),
    },
    {
      name: 'batches: dropped requests are forgotten, the rest kept; a request submitted again moves to its new batch',
      run: withStore(async (s) => {
        await s.putBatch(batch());
        await s.dropBatchItems(['g-a', 'g-never']);
        assertEqual([...(await s.findBatches(['g-a', 'g-b'])).keys()], ['g-b'], 'after the drop');
        await s.putBatch(batch({ batchId: 'batch_2', customIds: ['g-a', 'g-b'] }));
        const found = await s.findBatches(['g-a', 'g-b']);
        assertEqual(found.get('g-a')?.batchId, 'batch_2', 'g-a resubmitted');
        assertEqual(found.get('g-b')?.batchId, 'batch_2', 'g-b moved');
        await s.dropBatchItems([]);
        assertEqual((await s.findBatches([])).size, 0, 'nothing asked, nothing found');
      }),
    },
    {
      name: 'batches: a submission recorded before it is sent is told from a batch; the batch it became replaces it',
      run: withStore(async (s) => {
        const intent = batch({ batchId: 'gamut-2-abc', submitting: true });
        await s.putBatch(intent);
        const { customIds: _i, ...pending } = intent;
        assertEqual((await s.findBatches(['g-a'])).get('g-a'), pending, 'the submission');
        await s.putBatch(batch({ batchId: 'batch_9' }));
        const found = await s.findBatches(['g-a', 'g-b']);
        assertEqual(found.get('g-a'), { ...first, batchId: 'batch_9' }, 'g-a in the batch it became');
        assertEqual(found.get('g-b')?.submitting, undefined, 'g-b no longer submitting');
      }),
    },
    {
      name: 'batches: a batch of 50,000 requests is stored and looked up whole',
      run: withStore(async (s) => {
        const customIds = Array.from({ length: 50_000 }, (_, i) => `g-${i}`);
        await s.putBatch(batch({ customIds }));
        const found = await s.findBatches([...customIds, 'g-none']);
        assertEqual(found.size, 50_000, 'requests found');
        assert(found.get('g-49999')?.batchId === 'batch_1', 'the last request is in its batch');
        await s.dropBatchItems(customIds.slice(0, 30_000));
        assertEqual((await s.findBatches(customIds)).size, 20_000, 'after dropping 30,000');
      }),
    },
  ];
}
