import type { AdaptivePacer, PaceTicket } from './adaptive-pacer.js';
import type { MiddlewareClock } from './clock.js';

/**
 * Attempts take their pacing slots one after another, each once the one
 * before it has gone: a slot is handed out only when it is next, so a change
 * of pace (a cut, or regrowth) applies to the very next attempt, not after
 * every slot already handed to the calls waiting (concurrency ÷ rate seconds
 * of them: 2.5 s at 64 calls and 26 a second). The schedule stays the
 * pacer's: a turn that wakes a little late leaves the next one on time.
 * Costs nothing while no limit is seen: with nobody ahead and no wait, an
 * attempt takes its slot at once.
 */
export class PaceQueue {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  constructor(
    private readonly pacer: AdaptivePacer,
    private readonly clock: MiddlewareClock,
  ) {}

  /** The attempt's slot, once its turn has come; `onWait` is told when it has to wait for it. */
  take(signal: AbortSignal | undefined, onWait: () => void): Promise<PaceTicket> {
    if (this.waiting === 0) {
      const { ticket, waitMs } = this.pacer.reserve(this.clock.now());
      if (waitMs === 0) return Promise.resolve(ticket);
      onWait();
      return this.hold(this.clock.sleep(waitMs, signal).then(() => ticket));
    }
    onWait();
    return this.hold(
      this.tail.then(async () => {
        signal?.throwIfAborted();
        const { ticket, waitMs } = this.pacer.reserve(this.clock.now());
        if (waitMs > 0) await this.clock.sleep(waitMs, signal);
        return ticket;
      }),
    );
  }

  /** Puts `turn` at the end of the line: the next attempt's turn comes once it has gone or was aborted. */
  private async hold(turn: Promise<PaceTicket>): Promise<PaceTicket> {
    this.waiting++;
    this.tail = turn.then(
      () => {},
      () => {},
    );
    try {
      return await turn;
    } finally {
      this.waiting--;
    }
  }
}
