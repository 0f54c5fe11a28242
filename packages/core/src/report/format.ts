/**
 * Rendering helpers: fractions become ×100 with one decimal only here, so
 * every table, the report and the viewer show the same digits.
 */
import { OFFLINE_JUDGE_ID } from '../judge/offline/index.js';

/** How a judge is named on screen: the offline judge always says it is a lexical baseline. */
export function judgeLabel(id: string | null | undefined): string {
  if (!id) return '—';
  return id === OFFLINE_JUDGE_ID || id.startsWith(`${OFFLINE_JUDGE_ID}-`) ? `${id} (lexical baseline)` : id;
}

export function formatScore(score: number | null | undefined): string {
  if (score === null || score === undefined || !Number.isFinite(score)) return '—';
  // The same rounding as the CLI tables, so every surface shows the same digits.
  const shown = (score * 100).toFixed(1);
  // −0.0 reads as a sign error.
  return shown === '-0.0' ? '0.0' : shown;
}

export function formatCi(ci: readonly [number, number] | null | undefined): string {
  if (!ci) return '—';
  return `[${formatScore(ci[0])}, ${formatScore(ci[1])}]`;
}

/** A coefficient such as Kendall's tau or kappa: two decimals, no scaling. */
export function formatCoefficient(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  return x.toFixed(2);
}
