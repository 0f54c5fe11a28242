import type { CalibrationBlock, CalibrationReport } from '../../analysis/calibration.js';
import { num, numCi, rate, type TextBlock, table } from './text-blocks.js';

function blockRow(label: string, b: CalibrationBlock): string[] {
  return [
    label,
    String(b.n),
    rate(b.agreement),
    numCi(b.kappa, b.kappa_ci95),
    b.binary ? numCi(b.binary.kappa, b.binary.kappa_ci95) : '—',
    numCi(b.macro_f1, b.macro_f1_ci95),
  ];
}

/** One judge's calibration (for one aspect of a RAG judgment) as text; it ends in an empty line. */
export function calibrationText(judge: string, aspect: string | null, r: CalibrationReport): TextBlock[] {
  const v = r.vs_majority;
  const pos = v.binary?.positive ?? 'meets';
  const head = ['', 'n', 'Agreement', "Cohen's kappa [95% CI]", `${pos} vs not: kappa`, 'Macro-F1 [95% CI]'];
  const parts: TextBlock[] = [];
  parts.push(
    `Judge ${judge}${aspect ? `, ${aspect}` : ''}: ${r.items} items labelled by both; ` +
      `${r.annotators.length} annotator${r.annotators.length === 1 ? '' : 's'} (${r.annotators.join(', ')})` +
      (r.majority_ties ? `; ${r.majority_ties} items without a majority label left out` : '') +
      (r.judge_only || r.human_only ? `; unmatched: ${r.judge_only} judge-only, ${r.human_only} human-only` : ''),
  );
  parts.push(table(head, [blockRow(r.annotators.length > 1 ? 'vs majority' : 'overall', v)], [1, 2, 3, 4, 5]));
  const labels = v.confusion.labels.filter((_, i) => v.per_class.some((c) => c.label === v.confusion.labels[i]));
  const idx = labels.map((l) => v.confusion.labels.indexOf(l));
  parts.push('Confusion matrix (rows: human, columns: judge)');
  parts.push(
    table(
      ['human \\ judge', ...labels],
      idx.map((i) => [v.confusion.labels[i] as string, ...idx.map((j) => String(v.confusion.counts[i]?.[j] ?? 0))]),
      labels.map((_, i) => i + 1),
    ),
  );
  parts.push(
    table(
      ['Label', 'Support', 'Precision', 'Recall', 'F1'],
      v.per_class.map((c) => [c.label, String(c.support), num(c.precision), num(c.recall), num(c.f1)]),
      [1, 2, 3, 4],
    ),
  );
  if (r.by_kind.length) {
    parts.push(
      table(
        ['Check kind', ...head.slice(1)],
        r.by_kind.map((b) => blockRow(b.kind ?? '(unknown)', b)),
        [1, 2, 3, 4, 5],
      ),
    );
  }
  if (r.by_tier.length && r.by_tier.some((b) => b.tier !== null)) {
    parts.push(
      table(
        ['Tier', ...head.slice(1)],
        r.by_tier.map((b) => blockRow(b.tier ?? '(unknown)', b)),
        [1, 2, 3, 4, 5],
      ),
    );
  }
  if (r.annotators.length > 1) {
    parts.push(
      table(
        ['Judge vs annotator', 'n', 'Agreement', "Cohen's kappa [95% CI]"],
        [
          ...r.vs_annotators.per_annotator.map((a) => [
            a.annotator,
            String(a.n),
            rate(a.agreement),
            numCi(a.kappa, a.kappa_ci95),
          ]),
          ['average annotator', '', rate(r.vs_annotators.mean_agreement), num(r.vs_annotators.mean_kappa)],
        ],
        [1, 2, 3],
      ),
    );
    if (r.humans) {
      parts.push(
        `Annotators among themselves: Fleiss' kappa ${num(r.humans.fleiss_kappa)}, ` +
          `Krippendorff's alpha ${num(r.humans.krippendorff_alpha)}, mean pairwise kappa ${num(r.humans.mean_pairwise_kappa)}`,
      );
    }
  }
  parts.push(
    `${r.disagreement_count} disagreement${r.disagreement_count === 1 ? '' : 's'} to review (--disagreements FILE writes them)`,
  );
  return [...parts, ''];
}
