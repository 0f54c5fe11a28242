import type { BatchLimits } from './batch-wire.js';

/**
 * Splits items, in order, into the fewest consecutive batches that each stay
 * within `limits` (count, and the sum of `size`). An item larger than the byte
 * limit goes alone, for the provider to turn away with its own reason.
 */
export function splitBatches<T>(items: readonly T[], limits: BatchLimits, size: (item: T) => number): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const n = size(item);
    if (current.length > 0 && (current.length >= limits.requests || bytes + n > limits.bytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += n;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
