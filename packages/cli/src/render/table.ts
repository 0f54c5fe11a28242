import { formatCi, formatScore, type ModelScore } from '@gamut/core';
import Table from 'cli-table3';

export type Align = 'left' | 'right' | 'center';

/** A table aligned by display width (cli-table3 measures it), so Korean, two columns a character, lines up. */
export function newTable(head: readonly string[], align: readonly Align[]): Table.Table {
  return new Table({ head: [...head], colAligns: [...align], style: { head: [], border: [] } });
}

/** Keeps the rule under the header and drops those between body rows: these tables are read down their columns. */
export function renderCompact(t: Table.Table): string {
  let seen = false;
  return t
    .toString()
    .split('\n')
    .filter((line) => {
      if (!line.startsWith('├')) return true;
      if (seen) return false;
      seen = true;
      return true;
    })
    .join('\n');
}

/** "46.7 [41.2, 52.0]": a score ×100 with its 95% interval, as every Gamut table shows it. */
export function scoreWithCi(score: number | null, ci: readonly [number, number] | null): string {
  if (score === null) return '—';
  return ci ? `${formatScore(score)} ${formatCi(ci)}` : formatScore(score);
}

const SETTING_ORDER: readonly string[] = ['multimodal', 'text_only', 'text'];

/**
 * The leaderboard of `gamut demo`, `judge`, `score` and `run`: a block per
 * setting, its models ranked by mean Gamut score (undefined last, then by
 * name), with the 95% CI, the number of answers and the tier means.
 */
export function renderLeaderboards(models: readonly ModelScore[]): string {
  const settings = [...new Set(models.map((m) => m.setting))].sort(
    (a, b) => SETTING_ORDER.indexOf(a) - SETTING_ORDER.indexOf(b),
  );
  // The column appears only when a judge failure left answers out of a mean, so usual output is unchanged.
  const withUnscored = models.some((m) => m.unscored > 0);
  // Calibrated scores (`gamut score --calibrate`) sit beside the raw ones, never instead of them.
  const withCalibrated = models.some((m) => m.calibrated !== undefined);
  return settings
    .map((setting) => {
      const t = newTable(
        [
          '#',
          'Model',
          'Gamut [95% CI]',
          ...(withCalibrated ? ['Calibrated [95% CI]'] : []),
          'n',
          ...(withUnscored ? ['Unscored'] : []),
          'Answer-critical',
          'Valuable',
          'Context',
        ],
        [
          'right',
          'left',
          'right',
          ...(withCalibrated ? ['right' as const] : []),
          'right',
          ...(withUnscored ? ['right' as const] : []),
          'right',
          'right',
          'right',
        ],
      );
      models
        .filter((m) => m.setting === setting)
        .sort((a, b) => (b.gamut ?? -Infinity) - (a.gamut ?? -Infinity) || compareNames(a.model, b.model))
        .forEach((m, i) => {
          t.push([
            String(i + 1),
            m.model,
            scoreWithCi(m.gamut, m.ci95),
            ...(withCalibrated ? [scoreWithCi(m.calibrated?.gamut ?? null, m.calibrated?.ci95 ?? null)] : []),
            String(m.n),
            ...(withUnscored ? [String(m.unscored)] : []),
            formatScore(m.tiers.answer_critical),
            formatScore(m.tiers.valuable),
            formatScore(m.tiers.context),
          ]);
        });
      return `Setting: ${setting}\n${renderCompact(t)}`;
    })
    .join('\n\n');
}

const compareNames = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
