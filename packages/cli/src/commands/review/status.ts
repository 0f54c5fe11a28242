import {
  type CalibrationBlock,
  checkFacets,
  type QueueAgreement,
  queueAgreement,
  queueState,
  type ReviewQueue,
} from '@gamut/core';
import { intOption } from '../analyze/read-inputs.js';
import { num, numCi, printJson, rate, table } from '../analyze/render.js';
import { pickQueue, type ReviewRun, withReviewRun } from './review-run.js';

export interface StatusOptions {
  queue?: string;
  seed?: string;
  resamples?: string;
  store?: string;
  json?: boolean;
}

const block = (b: CalibrationBlock) => ({ n: b.n, agreement: b.agreement, kappa: b.kappa, kappa_ci95: b.kappa_ci95 });

/** One queue's status as `--json` prints it. */
function queueJson(q: ReviewQueue, counts: Record<string, number>, judge: string | null, a: QueueAgreement | null) {
  return {
    id: q.id,
    kind: q.kind,
    title: q.title,
    judge,
    total: q.items.length,
    counts,
    annotators: a?.annotators
      ? {
          pairs: a.annotators.overall.pairs.map((p) => ({
            a: p.a,
            b: p.b,
            n: p.n,
            agreement: p.agreement,
            kappa: p.kappa,
            kappa_ci95: p.kappa_ci95,
          })),
          krippendorff_alpha: a.annotators.overall.krippendorff_alpha,
          fleiss_kappa: a.annotators.overall.fleiss_kappa,
        }
      : null,
    judge_vs_final: a?.judge
      ? {
          judge: a.judge.judge,
          ...block(a.judge.vs_majority),
          by_kind: a.judge.by_kind.map((b) => ({ kind: b.kind, ...block(b) })),
        }
      : null,
  };
}
type QueueStatus = ReturnType<typeof queueJson>;

/** Progress and agreement of every review queue of a run (or one), the same numbers the queue page shows. */
export async function reviewStatus(dir: string, o: StatusOptions): Promise<void> {
  const seed = intOption('--seed', o.seed, 0);
  const resamples = intOption('--resamples', o.resamples, 1000, 1);
  await withReviewRun(dir, o.store, async (r) => {
    const all = await r.store.listReviewQueues(r.ownerId);
    const queues = o.queue === undefined ? all : [pickQueue(all, r, o.queue)];
    const events = await r.store.listReviewEvents(r.ownerId);
    const out = queues.map((q) => statusOf(r, q, events, seed, resamples));
    if (o.json) return printJson({ run: r.ownerId, queues: out });
    if (out.length === 0) {
      process.stdout.write(
        `Run ${r.ownerId} has no review queues yet; \`gamut review queue ${dir} --sample N\` creates one.\n`,
      );
      return;
    }
    process.stdout.write(out.map(render).join('\n'));
  });
}

function statusOf(
  r: ReviewRun,
  q: ReviewQueue,
  events: Parameters<typeof queueState>[1],
  seed: number,
  resamples: number,
) {
  const state = queueState(q, events);
  if (q.kind !== 'verdict_label') return queueJson(q, state.counts, null, null);
  const judge = typeof q.sampling.judge === 'string' ? q.sampling.judge : null;
  const agreement =
    judge === null
      ? null
      : queueAgreement({
          queue: q,
          state,
          verdicts: r.run.verdicts,
          judge,
          facets: checkFacets(r.run.rubrics),
          seed,
          resamples,
        });
  return queueJson(q, state.counts, judge, agreement);
}

function render(s: QueueStatus): string {
  const c = s.counts;
  const lines = [
    `Queue ${s.id} (${s.kind}${s.judge ? `, judge ${s.judge}` : ''}): ${s.total} items — ${c.done} done, ` +
      `${c.waiting} waiting, ${c.disagreement} in disagreement, ${c.adjudicated} adjudicated`,
  ];
  if (s.annotators) {
    lines.push(
      table(
        ['Annotators', 'n', 'Agreement', "Cohen's kappa [95% CI]"],
        s.annotators.pairs.map((p) => [
          `${p.a} vs ${p.b}`,
          String(p.n),
          rate(p.agreement),
          numCi(p.kappa, p.kappa_ci95),
        ]),
        [1, 2, 3],
      ),
      `Krippendorff's alpha among annotators: ${num(s.annotators.krippendorff_alpha)}`,
    );
  }
  const j = s.judge_vs_final;
  if (j) {
    const row = (
      label: string,
      b: { n: number; agreement: number | null; kappa: number | null; kappa_ci95: readonly [number, number] | null },
    ) => [label, String(b.n), rate(b.agreement), numCi(b.kappa, b.kappa_ci95)];
    lines.push(
      `Judge ${j.judge} against the final (adjudicated or agreed) labels:`,
      table(
        ['Check kind', 'n', 'Agreement', "Cohen's kappa [95% CI]"],
        [...j.by_kind.map((b) => row(b.kind ?? '(unknown)', b)), row('all', j)],
        [1, 2, 3],
      ),
    );
  } else if (s.kind === 'verdict_label')
    lines.push('No item is decided yet: judge agreement comes with the first final labels.');
  return `${lines.join('\n')}\n`;
}
