/**
 * Stops a run's calls: the caller's signal, an early stop or a judge that
 * throws aborts every call in flight. Each call has a signal of its own:
 * hundreds of calls listening on one would look like a leak.
 */
export class CallStop {
  /** The first error a call threw (a bad key, an unknown model, a spent quota): it stops the run at once. */
  fatal: { error: unknown } | undefined;
  private readonly stop = new AbortController();
  private readonly inFlight = new Set<AbortController>();
  private readonly onOuterAbort = () => this.halt(this.outer?.reason);

  constructor(private readonly outer?: AbortSignal) {
    if (outer?.aborted) this.halt(outer.reason);
    else outer?.addEventListener('abort', this.onOuterAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.stop.signal;
  }

  /** Whether the caller's own signal stopped the run (not an early stop or a failure). */
  get abortedByCaller(): boolean {
    return this.outer?.aborted === true;
  }

  halt(reason: unknown): void {
    if (this.stop.signal.aborted) return;
    this.stop.abort(reason);
    for (const c of this.inFlight) c.abort(reason);
  }

  /** Sends one call with its own signal; a call that throws before any stop halts the run. */
  async call<T>(send: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const own = new AbortController();
    if (this.signal.aborted) own.abort(this.signal.reason);
    this.inFlight.add(own);
    try {
      return await send(own.signal);
    } catch (error) {
      if (!this.signal.aborted) {
        this.fatal = { error };
        this.halt(error);
      }
      throw error;
    } finally {
      this.inFlight.delete(own);
    }
  }

  /** Stops listening to the caller's signal. */
  release(): void {
    this.outer?.removeEventListener('abort', this.onOuterAbort);
  }
}
