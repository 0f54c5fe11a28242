import type { JudgesReport } from '../../analysis/judges.js';
import { num, numCi, pct, pctCi, type TextBlock, table, unitLabel } from './text-blocks.js';

/** `gamut analyze judges` as text: scores under each judge, agreement between judges, leniency, self-preference. */
export function judgesText(report: JudgesReport): TextBlock[] {
  const judges = report.judges.map((j) => j.judge);
  const several = new Set(report.models.map((m) => m.setting)).size > 1;
  const out: TextBlock[] = [];
  out.push('Each model under each judge: Gamut [95% CI] (rank)');
  out.push(
    table(
      ['Model', ...judges, 'Spread'],
      report.models.map((m) => [
        unitLabel(m, several),
        ...judges.map((j) => {
          const s = m.scores[j];
          return s ? `${pctCi(s.gamut, s.ci95)}${s.rank !== null ? ` (${s.rank})` : ''}` : '—';
        }),
        pct(m.spread),
      ]),
      judges.map((_, i) => i + 1).concat(judges.length + 1),
    ),
  );
  if (report.largest_difference) {
    const d = report.largest_difference;
    out.push(
      `Largest per-model difference: ${unitLabel(d, several)} ${pct(d.spread)} points (${d.highest} highest, ${d.lowest} lowest)`,
    );
  }
  out.push('\nAgreement between judges: run level (rankings of model means) vs per question and per verdict');
  out.push(
    table(
      [
        'Judge A',
        'Judge B',
        'Models',
        "Kendall's tau [95% CI]",
        'Spearman [95% CI]',
        'Per-question tau',
        'Verdict kappa',
      ],
      report.pairs.map((p) => [
        p.a,
        p.b,
        String(p.n),
        numCi(p.kendall_tau, p.kendall_tau_ci95),
        numCi(p.spearman, p.spearman_ci95),
        `${num(p.per_question_tau)} (${p.per_question_n} q)`,
        `${num(p.verdict_kappa)} (${p.verdicts_compared})`,
      ]),
      [2, 3, 4, 5, 6],
    ),
  );
  out.push('CIs by bootstrap over questions (model means recomputed from resampled questions)');
  out.push('\nLeniency: mean of (judge score − all judges’ mean) over the models every judge scored');
  out.push(
    table(
      ['Judge', 'Family', 'Leniency'],
      report.judges.map((j) => [j.judge, j.family ?? '—', pct(j.leniency)]),
      [2],
    ),
  );
  if (report.self_preference.length) {
    out.push('\nSelf-preference: own-family offset vs the other judges, minus the offset on other models');
    out.push(
      table(
        ['Judge', 'Family', 'Own models', 'Own offset', 'Other offset', 'Self-preference'],
        report.self_preference.map((s) => [
          s.judge,
          s.family,
          s.own_models.join(', '),
          pct(s.own_offset),
          pct(s.other_offset),
          pct(s.self_preference),
        ]),
        [3, 4, 5],
      ),
    );
  }
  return out;
}
