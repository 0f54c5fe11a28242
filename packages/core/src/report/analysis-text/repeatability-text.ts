import type { RepeatabilityReport } from '../../analysis/repeatability.js';
import { num, pct, rate, type TextBlock, table, unitLabel } from './text-blocks.js';

/** `gamut analyze repeatability` as text: flips per kind and tier, scores per repeat, whether the ranking holds. */
export function repeatabilityText(report: RepeatabilityReport): TextBlock[] {
  const out: TextBlock[] = [];
  for (const j of report.judges) {
    const several = new Set(j.models.map((m) => m.setting)).size > 1;
    out.push(
      `Judge ${j.judge}: ${j.samples.length} repeats; ${j.overall.flipped} of ${j.overall.checks} checks flipped (${rate(j.overall.flip_rate)}); ` +
        `agreement across repeats: Fleiss' kappa ${num(j.overall.fleiss_kappa)}, Krippendorff's alpha ${num(j.overall.krippendorff_alpha)}`,
    );
    out.push(
      table(
        ['Check kind', 'Checks', 'Flipped', 'Flip rate'],
        j.by_kind.map((k) => [k.kind ?? '(unknown)', String(k.checks), String(k.flipped), rate(k.flip_rate)]),
        [1, 2, 3],
      ),
    );
    out.push(
      table(
        ['Tier', 'Checks', 'Flipped', 'Flip rate'],
        j.by_tier.map((k) => [k.tier ?? '(unknown)', String(k.checks), String(k.flipped), rate(k.flip_rate)]),
        [1, 2, 3],
      ),
    );
    out.push(
      table(
        ['Model', ...j.samples.map((s) => `#${s}`), 'Mean', 'SD', 'Range', 'Ranks'],
        j.models.map((m) => [
          unitLabel(m, several),
          ...m.scores.map(pct),
          pct(m.mean),
          pct(m.sd),
          pct(m.range),
          m.ranks.map((r) => r ?? '—').join(' '),
        ]),
        j.samples.map((_, i) => i + 1).concat([1, 2, 3].map((i) => j.samples.length + i)),
      ),
    );
    out.push(
      `Ranking ${j.ranking_holds ? 'holds in every repeat' : 'changes between repeats'}; Kendall's tau between repeats: mean ${num(j.mean_tau)}, lowest ${num(j.min_tau)}\n`,
    );
  }
  return out;
}
