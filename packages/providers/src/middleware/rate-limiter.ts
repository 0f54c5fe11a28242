import type { MiddlewareClock } from './clock.js';

const WINDOW_MS = 60_000;

export interface RateTicket {
  at: number;
  tokens: number;
  /** Still inside the window (counted in the running token sum). */
  live: boolean;
}

/**
 * Requests- and tokens-per-minute over a sliding one-minute window. A call
 * reserves its estimated tokens before it is sent and the estimate is
 * corrected with the provider's usage afterwards. Waiters are served in
 * arrival order, so a large request is not starved by small ones.
 */
export class RateLimiter {
  private readonly entries: RateTicket[] = [];
  private tokensInWindow = 0;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: { rpm?: number; tpm?: number; clock: MiddlewareClock }) {}

  acquire(tokens: number, signal?: AbortSignal): Promise<RateTicket> {
    const turn = this.queue.then(() => this.waitTurn(tokens, signal));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /** Replace the estimate with what the call really used. */
  settle(ticket: RateTicket, actualTokens: number): void {
    if (ticket.live) this.tokensInWindow += actualTokens - ticket.tokens;
    ticket.tokens = actualTokens;
  }

  private async waitTurn(tokens: number, signal?: AbortSignal): Promise<RateTicket> {
    const { rpm, tpm, clock } = this.options;
    for (;;) {
      const now = clock.now();
      this.prune(now);
      let until = now;
      if (rpm !== undefined && this.entries.length >= rpm) {
        until = Math.max(until, (this.entries[this.entries.length - rpm] as RateTicket).at + WINDOW_MS);
      }
      if (tpm !== undefined && this.tokensInWindow + tokens > tpm && this.entries.length > 0) {
        // The earliest moment enough old reservations have left the window; a request
        // larger than the whole budget waits for an empty window rather than forever.
        let freed = this.tokensInWindow;
        for (const e of this.entries) {
          freed -= e.tokens;
          if (freed + tokens <= tpm || freed <= 0) {
            until = Math.max(until, e.at + WINDOW_MS);
            break;
          }
        }
      }
      if (until <= now) {
        const ticket = { at: now, tokens, live: true };
        this.entries.push(ticket);
        this.tokensInWindow += tokens;
        return ticket;
      }
      await clock.sleep(until - now, signal);
    }
  }

  private prune(now: number): void {
    let drop = 0;
    while (drop < this.entries.length && (this.entries[drop] as RateTicket).at + WINDOW_MS <= now) {
      const e = this.entries[drop] as RateTicket;
      this.tokensInWindow -= e.tokens;
      e.live = false;
      drop++;
    }
    if (drop > 0) this.entries.splice(0, drop);
  }
}
