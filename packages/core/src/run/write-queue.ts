/**
 * Writes that lanes queue and do not wait for: a lane sends its next call as
 * soon as its verdict is queued. The store commits the queue within the same
 * event-loop turn, so a crash still loses only what was in flight, and no
 * lane waits out a commit. A failed write stops the run: the next `add`
 * throws it.
 */
export class WriteQueue {
  private readonly writes = new Set<Promise<void>>();
  private failure: { error: unknown } | undefined;

  add(write: () => Promise<void>): void {
    this.throwIfFailed();
    const w = write().then(
      () => {
        this.writes.delete(w);
      },
      (error: unknown) => {
        this.writes.delete(w);
        this.failure ??= { error };
      },
    );
    this.writes.add(w);
  }

  /** Waits for every queued write, including ones queued while waiting. */
  async drain(): Promise<void> {
    while (this.writes.size > 0) await Promise.all(this.writes);
  }

  throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}
