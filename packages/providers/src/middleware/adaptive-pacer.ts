import type { RateLimitHeaders } from './rate-limit-headers.js';

/** One attempt's slot: when it was let go and whether the provider turned it away. */
export interface PaceTicket {
  at: number;
  rejected: boolean;
}

export type PaceReason = 'replies' | 'headers';

export interface PaceState {
  /** Requests a second the pacer spaces attempts to; null while no limit has been seen. */
  ratePerSecond: number | null;
  reason: PaceReason | null;
}

/** Window over which the accepted request rate is measured. */
const WINDOW_MS = 1000;
/** Shortest window a rate is measured over at the start of a run, so a first burst does not read as a huge rate. */
const MIN_WINDOW_MS = 100;
/** Each paced success raises the rate by this many requests a second: about +10 % a second while pacing binds. */
const GROWTH_PER_SUCCESS = 0.1;
/**
 * After the first cut, until the next 429, each paced success raises the rate by this share (about +30 % a
 * second at 26 a second): the first cut is measured over the run's first moments, when our own start-up
 * (and a loaded machine) sent less than the provider would take, so the limit above it is still unknown.
 */
const SLOW_START_PER_SUCCESS = 0.01;
/** Below the pace that drew the last 429, each paced success closes this share of the gap: a cut too deep is regained in about a second. */
const RECOVERY_PER_SUCCESS = 0.05;
/** The pace regained quickly after a cut: just under the one that drew the 429, and never above twice what was accepted. */
const RECOVERY_TARGET = 0.95;
/** Remaining budget below this share of the limit starts pacing to the limit's own rate. */
const LOW_BUDGET = 0.1;

/**
 * Learns how fast a provider lets us call it and spaces attempts to that
 * rate, so a run under a real limit goes at the limit's pace instead of
 * collecting 429s. Without a limit in sight it costs nothing: attempts go
 * at once. On a 429 (once per round of attempts sent after the last cut)
 * the rate drops to what the provider accepted over the last second; while
 * pacing binds, each success raises it: by 1 % until a 429 is met while
 * rising (slow start: the first cut reads the run's first second, which our
 * own start-up may have left half used), then quickly back to just under the
 * pace that met it (a deeper cut is likely noise, e.g. a loaded machine
 * sending late) and by a little beyond, probing for more. The
 * `x-ratelimit-*` / `anthropic-ratelimit-*` budgets, when sent, cap it
 * before any 429: a budget running low paces to its per-minute limit, one
 * used up holds every attempt until it resets. Pure: the caller passes the
 * time and does the sleeping.
 */
export class AdaptivePacer {
  private rate: number | null = null;
  private reason: PaceReason | null = null;
  private nextAt = 0;
  private heldUntil = 0;
  private lastCutAt = Number.NEGATIVE_INFINITY;
  /** Where quick regrowth after a cut stops; undefined until a 429 is met while probing upwards (slow start). */
  private ceiling: number | undefined;
  /** Whether the pace rose since the last cut: only a 429 met by rising says where the limit is. */
  private rose = false;
  private firstAt: number | undefined;
  private binding = false;
  /** Tickets of the last WINDOW_MS, oldest first. */
  private recent: PaceTicket[] = [];
  private head = 0;
  /** Tokens per call, averaged, for turning a token budget into a request rate. */
  private tokensPerCall: number | undefined;

  state(): PaceState {
    return { ratePerSecond: this.rate, reason: this.reason };
  }

  /** Reserves the next slot: the ticket, and how long to wait before sending. */
  reserve(now: number): { ticket: PaceTicket; waitMs: number } {
    this.firstAt ??= now;
    let at = now;
    if (this.heldUntil > at) at = this.heldUntil;
    if (this.rate !== null) {
      if (this.nextAt > at) at = this.nextAt;
      this.nextAt = at + 1000 / this.rate;
    }
    this.binding = at > now;
    const ticket: PaceTicket = { at, rejected: false };
    this.remember(ticket, now);
    return { ticket, waitMs: at - now };
  }

  /** The attempt was answered (whatever the answer): pacing that held may loosen. */
  succeeded(ticket: PaceTicket, usedTokens: number | undefined): void {
    if (usedTokens !== undefined && usedTokens > 0) {
      this.tokensPerCall = this.tokensPerCall === undefined ? usedTokens : 0.9 * this.tokensPerCall + 0.1 * usedTokens;
    }
    if (this.rate === null || !this.binding || ticket.at <= this.lastCutAt) return;
    this.rose = true;
    if (this.ceiling === undefined) this.rate *= 1 + SLOW_START_PER_SUCCESS;
    else if (this.rate < this.ceiling) {
      this.rate += Math.max(GROWTH_PER_SUCCESS, (this.ceiling - this.rate) * RECOVERY_PER_SUCCESS);
    } else this.rate += GROWTH_PER_SUCCESS;
  }

  /**
   * A 429. Returns true when it changed the pace (the first 429 of attempts
   * sent since the last change); later ones of the same round are old news.
   */
  rejected(ticket: PaceTicket, now: number, hintMs: number | undefined): boolean {
    ticket.rejected = true;
    if (ticket.at <= this.lastCutAt) return false;
    const accepted = this.acceptedRate(now);
    const floor = 1000 / Math.max(hintMs ?? 1000, 1000);
    const measured = Math.max(accepted, floor);
    // A 429 met while the pace rose marks the limit: a cut below that pace may be noise (a stall on our
    // side read as the provider's limit), so nearly that pace is regained quickly. A 429 right after a cut
    // (the provider still working through what came before it) says only that the cut was not deep
    // enough: where the limit is stays as it was, at first unknown (slow start).
    if (this.rate !== null && this.rose) this.ceiling = Math.min(this.rate * RECOVERY_TARGET, 2 * measured);
    this.rose = false;
    this.rate = this.rate === null ? measured : Math.min(this.rate, measured);
    this.reason = 'replies';
    this.lastCutAt = now;
    // The provider's own wait, for everyone, but never longer than one slot at the new pace:
    // the call that got the 429 waits out the rest itself.
    const slot = 1000 / this.rate;
    this.nextAt = Math.max(this.nextAt, now + Math.min(hintMs ?? slot, slot));
    return true;
  }

  /** Budgets the provider reported. Returns true when they changed the pace. */
  observe(headers: RateLimitHeaders, now: number): boolean {
    let changed = false;
    const req = headers.requests;
    if (req?.remaining !== undefined)
      changed = this.fromBudget(req.remaining, req.limit, req.resetMs, 1, now) || changed;
    const tok = headers.tokens;
    if (tok?.remaining !== undefined && this.tokensPerCall !== undefined) {
      changed = this.fromBudget(tok.remaining, tok.limit, tok.resetMs, this.tokensPerCall, now) || changed;
    }
    return changed;
  }

  private fromBudget(
    remaining: number,
    limit: number | undefined,
    resetMs: number | undefined,
    perCall: number,
    now: number,
  ): boolean {
    if (remaining < perCall && resetMs !== undefined && resetMs > 0) {
      const until = now + resetMs;
      if (until <= this.heldUntil) return false;
      this.heldUntil = until;
      this.reason ??= 'headers';
      return true;
    }
    if (limit === undefined || remaining > limit * LOW_BUDGET) return false;
    const sustained = limit / 60 / perCall;
    if (this.rate !== null && this.rate <= sustained) return false;
    this.rate = sustained;
    // A budget states the limit: probe above it slowly, never by slow start.
    this.ceiling = sustained;
    this.reason = 'headers';
    return true;
  }

  /** Requests a second the provider did not turn away, over the last second (or since the first). */
  private acceptedRate(now: number): number {
    const span = Math.min(WINDOW_MS, Math.max(MIN_WINDOW_MS, now - (this.firstAt ?? now)));
    let accepted = 0;
    for (let i = this.recent.length - 1; i >= this.head; i--) {
      const t = this.recent[i] as PaceTicket;
      if (t.at < now - span) break;
      if (!t.rejected && t.at <= now) accepted++;
    }
    return (accepted * 1000) / span;
  }

  private remember(ticket: PaceTicket, now: number): void {
    this.recent.push(ticket);
    while (this.head < this.recent.length && (this.recent[this.head] as PaceTicket).at < now - WINDOW_MS) this.head++;
    if (this.head > 1024 && this.head * 2 > this.recent.length) {
      this.recent = this.recent.slice(this.head);
      this.head = 0;
    }
  }
}
