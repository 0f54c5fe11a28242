import { newTable, renderCompact } from '../../render/table.js';

/** Fractions stay fractions in data; here kappa/tau/rates are shown with 3 decimals, undefined as "—". */
export function num(v: number | null | undefined, digits = 3): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const s = v.toFixed(digits);
  return /^-0\.0+$/.test(s) ? s.slice(1) : s;
}

/** Scores ×100 with one decimal, only when rendering. */
export function pct(v: number | null | undefined): string {
  if (v === null || v === undefined) return '—';
  const s = (v * 100).toFixed(1);
  return s === '-0.0' ? '0.0' : s;
}

export function withCi(
  value: string,
  ci: readonly [number, number] | null | undefined,
  f: (v: number) => string,
): string {
  return ci ? `${value} [${f(ci[0])}, ${f(ci[1])}]` : value;
}

export const numCi = (v: number | null, ci: readonly [number, number] | null | undefined) =>
  v === null ? '—' : withCi(num(v), ci, (x) => num(x));
export const pctCi = (v: number | null, ci: readonly [number, number] | null | undefined) =>
  v === null ? '—' : withCi(pct(v), ci, pct);
export const rate = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : `${(v * 100).toFixed(1)}%`;

/**
 * An aligned table: cli-table3 measures display width, so Korean (two
 * columns per character) lines up. Numeric columns are right-aligned.
 */
export function table(
  head: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  right: readonly number[] = [],
): string {
  const t = newTable(
    head,
    head.map((_, i) => (right.includes(i) ? 'right' : 'left')),
  );
  for (const r of rows) t.push([...r]);
  return renderCompact(t);
}

export function section(title: string, body: string): string {
  return `${title}\n${body}\n`;
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
