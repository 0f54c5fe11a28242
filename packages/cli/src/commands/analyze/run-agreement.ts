import { type AgreementBlock, analyzeAgreement, InputError, LabelLine, seededRandom } from '@gamut/core';
import { readLocatedRecords as readParsed } from '../../io/read-records.js';
import { intOption } from './read-inputs.js';
import { num, numCi, printJson, rate, section, table } from './render.js';

export interface AgreementCliOptions {
  labels: string;
  reference?: string;
  by?: string;
  json?: boolean;
  seed?: string;
  resamples?: string;
}

export async function runAgreement(o: AgreementCliOptions): Promise<void> {
  if (o.by !== undefined && o.by !== 'group') {
    throw new InputError({ rule: 'usage', message: `--by takes "group", got "${o.by}"` });
  }
  const lines = await readParsed(o.labels, LabelLine);
  const report = analyzeAgreement(
    lines.map(({ value, line }) => ({ ...value, ...(line !== undefined && { line }) })),
    {
      ...(o.reference !== undefined && { reference: o.reference }),
      byGroup: o.by === 'group',
      random: seededRandom(intOption('--seed', o.seed, 0)),
      resamples: intOption('--resamples', o.resamples, 1000, 1),
      file: o.labels,
    },
  );
  if (o.json) return printJson(report);
  const out = [renderBlock('All items', report.overall, report.reference)];
  for (const g of report.groups ?? []) out.push(renderBlock(`Group ${g.group ?? '(none)'}`, g, report.reference));
  process.stdout.write(
    `Labels: ${report.labels.join(', ')}; kappa 95% CI by bootstrap over items\n\n${out.join('\n')}`,
  );
}

function renderBlock(title: string, b: AgreementBlock, reference: string | null): string {
  const parts: string[] = [];
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
      section(
        `Against ${reference}:`,
        table(
          ['Rater', 'n', 'Agreement', "Cohen's kappa [95% CI]"],
          b.vs_reference.map((p) => [p.rater, String(p.n), rate(p.agreement), numCi(p.kappa, p.kappa_ci95)]),
          [1, 2, 3],
        ),
      ),
    );
  }
  return `${parts.join('\n')}\n`;
}
