import type { SettingsReport } from '../../analysis/settings.js';
import { num, pct, pctCi, type TextBlock, table } from './text-blocks.js';

/** `gamut analyze settings` as text: multimodal against text-only per model and domain, and the ranking. */
export function settingsText(report: SettingsReport): TextBlock[] {
  const out: TextBlock[] = [];
  out.push(
    `Setting ablation${report.judge ? ` (judge ${report.judge})` : ''}: multimodal − text-only over questions answered in both; 95% CI by bootstrap over those questions`,
  );
  out.push(
    table(
      ['Model', 'n', 'Multimodal', 'Text-only', 'Difference [95% CI]', 'Rank (mm → text)'],
      report.models.map((m) => [
        m.model,
        String(m.n),
        pct(m.multimodal),
        pct(m.text_only),
        pctCi(m.difference, m.difference_ci95),
        `${m.rank_multimodal ?? '—'} → ${m.rank_text_only ?? '—'}`,
      ]),
      [1, 2, 3, 4],
    ),
  );
  const r = report.ranking;
  out.push(
    `Ranking ${r.holds ? 'survives' : 'does not survive'} removing the image: Kendall's tau ${num(r.kendall_tau)}, Spearman ${num(r.spearman)} over ${r.n} models`,
  );
  if (report.by_domain.some((d) => d.domain !== null)) {
    out.push('\nBy domain');
    out.push(
      table(
        ['Model', 'Domain', 'n', 'Multimodal', 'Text-only', 'Difference'],
        report.by_domain.map((d) => [
          d.model,
          d.domain ?? '(none)',
          String(d.n),
          pct(d.multimodal),
          pct(d.text_only),
          pct(d.difference),
        ]),
        [2, 3, 4, 5],
      ),
    );
    out.push(
      table(
        ['Domain', 'Models', 'Mean difference'],
        report.domains.map((d) => [d.domain ?? '(none)', String(d.models), pct(d.difference)]),
        [1, 2],
      ),
    );
  }
  return out;
}
