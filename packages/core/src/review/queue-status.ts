import { checkFacets } from '../analysis/calibration-inputs.js';
import type { PairStats } from '../analysis/pair-stats.js';
import { num, numCi, rate, type TextBlock, table } from '../report/analysis-text/text-blocks.js';
import type { CompiledRubric } from '../schema/compiled-rubric.js';
import type { ReviewEvent, ReviewQueue } from '../schema/review.js';
import { type ItemStatus, queueState } from './item-state.js';
import { type QueueAgreementOptions, queueAgreement } from './queue-agreement.js';

interface Agreement {
  n: number;
  agreement: number | null;
  kappa: number | null;
  kappa_ci95: readonly [number, number] | null;
}

/** One queue's progress and agreement: what `gamut review status --json` prints per queue. */
export interface QueueStatus {
  id: string;
  kind: ReviewQueue['kind'];
  title: string;
  /** The judge the queue was sampled for (verdict-label queues). */
  judge: string | null;
  total: number;
  counts: Record<ItemStatus, number>;
  annotators: {
    pairs: Array<Agreement & { a: string; b: string }>;
    krippendorff_alpha: number | null;
    fleiss_kappa: number | null;
  } | null;
  judge_vs_final: (Agreement & { judge: string; by_kind: Array<Agreement & { kind: string | null }> }) | null;
}

const agreementOf = (b: PairStats): Agreement => ({
  n: b.n,
  agreement: b.agreement,
  kappa: b.kappa,
  kappa_ci95: b.kappa_ci95,
});

/**
 * A queue's status from its events and the run's verdicts and rubrics: counts per item status,
 * the annotators' agreement and the judge against the final labels per check kind.
 */
export function queueStatus(
  queue: ReviewQueue,
  events: readonly ReviewEvent[],
  run: { verdicts: QueueAgreementOptions['verdicts']; rubrics: readonly CompiledRubric[] },
  bootstrap: { seed?: number; resamples?: number } = {},
): QueueStatus {
  const state = queueState(queue, events);
  const judge =
    queue.kind === 'verdict_label' && typeof queue.sampling.judge === 'string' ? queue.sampling.judge : null;
  const a =
    judge === null
      ? null
      : queueAgreement({ queue, state, verdicts: run.verdicts, judge, facets: checkFacets(run.rubrics), ...bootstrap });
  const human = a?.annotators?.overall;
  return {
    id: queue.id,
    kind: queue.kind,
    title: queue.title,
    judge,
    total: queue.items.length,
    counts: state.counts,
    annotators: human
      ? {
          pairs: human.pairs.map((p) => ({ a: p.a, b: p.b, ...agreementOf(p) })),
          krippendorff_alpha: human.krippendorff_alpha,
          fleiss_kappa: human.fleiss_kappa,
        }
      : null,
    judge_vs_final: a?.judge
      ? {
          judge: a.judge.judge,
          ...agreementOf(a.judge.vs_majority),
          by_kind: a.judge.by_kind.map((b) => ({ kind: b.kind, ...agreementOf(b) })),
        }
      : null,
  };
}

const row = (label: string, b: Agreement) => [label, String(b.n), rate(b.agreement), numCi(b.kappa, b.kappa_ci95)];
const HEAD = ['n', 'Agreement', "Cohen's kappa [95% CI]"];

/** A queue's status as lines and tables. */
export function queueStatusText(s: QueueStatus): TextBlock[] {
  const c = s.counts;
  const out: TextBlock[] = [
    `Queue ${s.id} (${s.kind}${s.judge ? `, judge ${s.judge}` : ''}): ${s.total} items — ${c.done} done, ` +
      `${c.waiting} waiting, ${c.disagreement} in disagreement, ${c.adjudicated} adjudicated`,
  ];
  if (s.annotators) {
    out.push(
      table(
        ['Annotators', ...HEAD],
        s.annotators.pairs.map((p) => row(`${p.a} vs ${p.b}`, p)),
        [1, 2, 3],
      ),
      `Krippendorff's alpha among annotators: ${num(s.annotators.krippendorff_alpha)}`,
    );
  }
  const j = s.judge_vs_final;
  if (j) {
    out.push(
      `Judge ${j.judge} against the final (adjudicated or agreed) labels:`,
      table(
        ['Check kind', ...HEAD],
        [...j.by_kind.map((b) => row(b.kind ?? '(unknown)', b)), row('all', j)],
        [1, 2, 3],
      ),
    );
  } else if (s.kind === 'verdict_label') {
    out.push('No item is decided yet: judge agreement comes with the first final labels.');
  }
  return out;
}
