import type { AgreementBlock, AgreementReport } from '../../analysis/agreement.js';
import { num, numCi, rate, type TextBlock, table } from './text-blocks.js';

/** `gamut analyze agreement` as text: agreement among raters overall and per group, and against a reference. */
export function agreementText(report: AgreementReport): TextBlock[] {
  const out: TextBlock[] = [`Labels: ${report.labels.join(', ')}; kappa 95% CI by bootstrap over items`, ''];
  out.push(...agreementBlock('All items', report.overall, report.reference));
  for (const g of report.groups ?? []) out.push(...agreementBlock(`Group ${g.group ?? '(none)'}`, g, report.reference));
  return out;
}

function agreementBlock(title: string, b: AgreementBlock, reference: string | null): TextBlock[] {
  const parts: TextBlock[] = [];
  parts.push(
    `${title}: ${b.items} items, ${b.ratings} ratings, ${b.raters.length} raters; ` +
      `Fleiss' kappa ${num(b.fleiss_kappa)}, Krippendorff's alpha ${num(b.krippendorff_alpha)}, ` +
      `pairwise agreement ${rate(b.pairwise_agreement)}, unanimous ${rate(b.unanimous_agreement)}`,
  );
  if (b.pairs.length) {
    parts.push(
      table(
        ['Rater A', 'Rater B', 'n', 'Agreement', "Cohen's kappa [95% CI]"],
        b.pairs.map((p) => [p.a, p.b, String(p.n), rate(p.agreement), numCi(p.kappa, p.kappa_ci95)]),
        [2, 3, 4],
      ),
    );
  }
  if (reference !== null && b.vs_reference.length) {
    parts.push(
      `Against ${reference}:`,
      table(
        ['Rater', 'n', 'Agreement', "Cohen's kappa [95% CI]"],
        b.vs_reference.map((p) => [p.rater, String(p.n), rate(p.agreement), numCi(p.kappa, p.kappa_ci95)]),
        [1, 2, 3],
      ),
      '',
    );
  }
  // Each block ends in an empty line.
  return [...parts, ''];
}
