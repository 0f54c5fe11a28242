import { formatScore } from '../format.js';

/** A table of a text report; the caller aligns it (display width, so Korean lines up). */
export interface TextTable {
  readonly head: readonly string[];
  readonly rows: ReadonlyArray<readonly string[]>;
  /** Columns aligned right (numbers). */
  readonly right: readonly number[];
  /** Each column's alignment, when some are centred; overrides `right`. */
  readonly align?: readonly ('left' | 'right' | 'center')[];
}

/** One line of a text report, or a table; the caller joins them with newlines (`''` is an empty line). */
export type TextBlock = string | TextTable;

/** Fractions stay fractions in data; here kappa/tau/rates are shown with 3 decimals, undefined as "—". */
export function num(v: number | null | undefined, digits = 3): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const s = v.toFixed(digits);
  return /^-0\.0+$/.test(s) ? s.slice(1) : s;
}

/** Scores ×100 with one decimal, only when rendering. */
export const pct = formatScore;

function withCi(value: string, ci: readonly [number, number] | null | undefined, f: (v: number) => string): string {
  return ci ? `${value} [${f(ci[0])}, ${f(ci[1])}]` : value;
}

export const numCi = (v: number | null, ci: readonly [number, number] | null | undefined) =>
  v === null ? '—' : withCi(num(v), ci, (x) => num(x));
export const pctCi = (v: number | null, ci: readonly [number, number] | null | undefined) =>
  v === null ? '—' : withCi(pct(v), ci, pct);
export const rate = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : `${(v * 100).toFixed(1)}%`;

export const table = (head: readonly string[], rows: ReadonlyArray<readonly string[]>, right: readonly number[] = []) =>
  ({ head, rows, right }) satisfies TextTable;

/** "gpt-4.1" or "gpt-4.1 (text_only)" when a run has several settings. */
export function unitLabel(u: { model: string; setting: string }, severalSettings: boolean): string {
  return severalSettings ? `${u.model} (${u.setting})` : u.model;
}
