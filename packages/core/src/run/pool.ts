/**
 * Runs `worker` over `items` with at most `concurrency` at once, pulling items
 * lazily so a plan of 100,000 checks never exists as 100,000 promises. Stops
 * taking new items once `signal` aborts; the first error (of a worker or of
 * the items) is rethrown after in-flight work settles.
 */
export async function runPool<T>(options: {
  items: Iterable<T> | AsyncIterable<T>;
  concurrency: number;
  worker: (item: T) => Promise<void>;
  signal?: AbortSignal;
}): Promise<void> {
  const items = options.items;
  const it: Iterator<T> | AsyncIterator<T> =
    Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]();
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    for (;;) {
      if (failure || options.signal?.aborted) return;
      try {
        const next = await it.next();
        if (next.done) return;
        await options.worker(next.value);
      } catch (e) {
        failure ??= { error: e };
        return;
      }
    }
  };
  const n = Math.max(1, Math.floor(options.concurrency));
  await Promise.all(Array.from({ length: n }, lane));
  if (failure) throw failure.error;
}
