/**
 * A provider batch (`--batch`): the provider's id for it, where it was sent,
 * and the custom ids of its requests still waiting for their results.
 */
export interface StoredBatch {
  /** Provider family: `openai`, `anthropic` or `google`. */
  provider: string;
  /** The provider's id: `batch_…`, `msgbatch_…`, `batches/…`. */
  batchId: string;
  /** The synchronous endpoint the requests were written for; the batch API's URLs follow from it. */
  endpoint: string;
  /** ISO 8601. */
  submittedAt: string;
  customIds: readonly string[];
  /**
   * Recorded just before the batch is sent, so a process killed between the provider accepting it
   * and its id being stored does not pay for it twice: `batchId` is then the submission key sent
   * with it (derived from its custom ids), which the next run looks the provider's batch up by.
   */
  submitting?: true;
}

/** The batch one request is waiting in. */
export type BatchOfRequest = Omit<StoredBatch, 'customIds'>;

/**
 * Which batch holds each request, so a rerun polls the batches it already
 * paid for instead of submitting their requests again. A request is known by
 * its custom id (a hash of the call), and forgotten once its result was handed
 * over or it failed: a later run then asks again.
 */
export interface BatchLedger {
  /** Records a submitted batch; a custom id already held by an earlier batch moves to this one. */
  putBatch(batch: StoredBatch): Promise<void>;
  /** The batch holding each of these custom ids; ids held by none are absent. */
  findBatches(customIds: readonly string[]): Promise<Map<string, BatchOfRequest>>;
  /** Forgets these requests (their batches stay on record). */
  dropBatchItems(customIds: readonly string[]): Promise<void>;
}
