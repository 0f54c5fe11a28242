import type { LimitWait, ProgressSnapshot } from './progress-tally.js';

// Built on first use: constructing it loads ICU's number data, about 20 ms of CPU that every
// command importing this package would pay at start whether or not it prints a progress line.
let numbers: Intl.NumberFormat | undefined;
const int = {
  format(n: number): string {
    numbers ??= new Intl.NumberFormat('en-US');
    return numbers.format(n);
  },
};

/** `checks 1,200/2,400 (50.0%)  answers 3/3  120.5/s  ETA 10s  cache 0  tokens 1.2M→30.0k  $0.0123  failures 2`. */
export function formatProgressLine(s: ProgressSnapshot): string {
  const parts: string[] = [];
  if (s.answers.total > 0) {
    parts.push(
      `answers ${int.format(s.answers.done)}/${int.format(s.answers.total)}${s.answers.failed ? ` (${s.answers.failed} failed)` : ''}`,
    );
  }
  const finished = s.checks.done + s.checks.failed;
  const pct = s.checks.total ? ` (${((finished / s.checks.total) * 100).toFixed(1)}%)` : '';
  parts.push(`checks ${int.format(finished)}/${int.format(s.checks.total)}${pct}`);
  if (s.rate !== null) parts.push(`${s.rate.toFixed(1)}/s`);
  if (s.etaSeconds !== null) parts.push(`ETA ${formatDuration(s.etaSeconds)}`);
  parts.push(`cache ${int.format(s.cacheHits)}`);
  parts.push(`tokens ${compact(s.inputTokens)}→${compact(s.outputTokens)}`);
  parts.push(`$${s.costUsd.toFixed(4)}${s.costIncomplete ? '+' : ''}`);
  parts.push(`failures ${int.format(s.checks.failed + s.answers.failed)}`);
  if (s.limit !== null) parts.push(limitText(s.limit));
  return parts.join('  ');
}

/** `waiting on rate limit: 429s, pacing at ~38 req/s`. */
export function limitText(l: LimitWait): string {
  if (l.reason === 'rpm') return 'waiting on --rpm/--tpm';
  const why = l.reason === 'replies' ? '429s' : "the provider's rate-limit headers";
  const pace = l.ratePerSecond === null ? '' : `, pacing at ~${paceText(l.ratePerSecond)}`;
  return `waiting on rate limit: ${why}${pace}`;
}

function paceText(perSecond: number): string {
  if (perSecond >= 10) return `${Math.round(perSecond)} req/s`;
  if (perSecond >= 1) return `${perSecond.toFixed(1)} req/s`;
  return `${Math.max(1, Math.round(perSecond * 60))} req/min`;
}

export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

function compact(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(1)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}
