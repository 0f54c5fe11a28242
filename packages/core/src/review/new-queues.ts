import { InputError } from '../issues/errors.js';
import { type TextBlock, table } from '../report/analysis-text/text-blocks.js';
import { VERDICTS } from '../schema/ids.js';
import { ReviewQueue } from '../schema/review.js';
import { seededRandom } from '../score/seeded-random.js';
import type { ReviewOwner } from './review-owner.js';
import { labelCandidates, sampleLabelItems } from './sample-queue.js';
import { WIKI_FLAG_LABELS, wikiFlagItems } from './wiki-flags.js';

/** A queue made: what `--json` prints and the text otherwise. */
export interface NewQueue {
  json: Record<string, unknown>;
  text: TextBlock[];
}

function nextId(prefix: string, taken: readonly string[]): string {
  for (let n = 1; ; n++) if (!taken.includes(`${prefix}-${n}`)) return `${prefix}-${n}`;
}

export interface LabelQueueOptions {
  size: number;
  seed: number;
  disagreement?: boolean;
  judge?: string;
  id?: string;
  title?: string;
}

/** Samples (answer, check) pairs of the run into a new verdict-label queue, stored at `now`. */
export async function createLabelQueue(r: ReviewOwner, o: LabelQueueOptions, now: string): Promise<NewQueue> {
  const { dir } = r;
  const judges = [...new Set(r.run.verdicts.filter((v) => v.verdict !== null).map((v) => v.judge))];
  if (judges.length === 0) {
    throw new InputError({ rule: 'no-verdicts', message: `${dir} has no verdicts to sample`, file: dir });
  }
  const judge = o.judge ?? (judges[0] as string);
  if (!judges.includes(judge)) {
    throw new InputError({
      rule: 'unknown-judge',
      message: `judge "${judge}" has no verdicts in ${dir}; judges: ${judges.join(', ')}`,
    });
  }
  if (o.disagreement && judges.length < 2) {
    throw new InputError({
      rule: 'usage',
      message: `--disagreement needs verdicts of two or more judges; ${dir} has only ${judge}`,
    });
  }
  const queues = await r.store.listReviewQueues(r.ownerId);
  const id =
    o.id ??
    nextId(
      'labels',
      queues.map((q) => q.id),
    );
  if (queues.some((q) => q.id === id)) {
    throw new InputError({
      rule: 'queue-exists',
      message: `${r.label} already has a queue "${id}"; pick another --id`,
    });
  }
  const { size, seed } = o;
  const candidates = labelCandidates(r.run.rubrics, r.run.verdicts);
  const strategy = o.disagreement ? 'disagreement' : 'strata';
  const { items, strata } = sampleLabelItems({ candidates, size, judge, strategy, random: seededRandom(seed) });
  const queue = ReviewQueue.parse({
    owner_id: r.ownerId,
    id,
    kind: 'verdict_label',
    title: o.title ?? `Verdict labels for ${judge}`,
    per_item: 2,
    labels: VERDICTS,
    sampling: { sample: size, seed, strategy, judge, judges },
    strata,
    items,
    created_by: null,
    created_at: now,
  });
  await r.store.appendReviewQueue(queue);
  const rows = strata.map((s) => [...stratumCells(s.key), String(s.population), String(s.sampled)]);
  const text: TextBlock[] = [
    `Queue ${id}: ${items.length} (answer, check) pairs of ${candidates.length}, judge ${judge}, seed ${seed}, ` +
      `strata ${o.disagreement ? 'judges disagree first, then ' : ''}check kind × judge verdict`,
    o.disagreement
      ? table(['Judges', 'Check kind', 'Judge verdict', 'Population', 'Sampled'], rows, [3, 4])
      : table(
          ['Check kind', 'Judge verdict', 'Population', 'Sampled'],
          rows.map((row) => row.slice(1)),
          [2, 3],
        ),
    `Next: gamut review add-annotator ${dir} --name N --role annotator (two annotators and an adjudicator)`,
  ];
  return { json: { queue: id, items: items.length, judge, strategy, seed, strata }, text };
}

function stratumCells(key: string): [string, string, string] {
  const parts = key.split('|');
  return parts.length === 3 ? (parts as [string, string, string]) : ['', parts[0] ?? '', parts[1] ?? ''];
}

/** Every flag of the run's wiki-QA grading into a new queue, for a reviewer to confirm or reject. */
export async function createFlagQueue(
  r: ReviewOwner,
  o: { id?: string; title?: string },
  now: string,
): Promise<NewQueue> {
  const { dir } = r;
  const report = r.run.rag?.report;
  if (!report) {
    throw new InputError({
      rule: 'no-rag',
      message: `${dir} has no wiki-QA grading (rag/rag-score.json); a run graded with gamut rag score has flags to review`,
      file: dir,
    });
  }
  const items = wikiFlagItems(report);
  if (items.length === 0) {
    throw new InputError({
      rule: 'no-flags',
      message: `the wiki-QA grading of ${dir} raised no flags: nothing to review`,
    });
  }
  const queues = await r.store.listReviewQueues(r.ownerId);
  const id =
    o.id ??
    nextId(
      'flags',
      queues.map((q) => q.id),
    );
  if (queues.some((q) => q.id === id)) {
    throw new InputError({
      rule: 'queue-exists',
      message: `run ${r.ownerId} already has a queue "${id}"; pick another --id`,
    });
  }
  const { golden } = report;
  const queue = ReviewQueue.parse({
    owner_id: r.ownerId,
    id,
    kind: 'wiki_flag',
    title: o.title ?? `Wiki-QA flags on ${golden.name} ${golden.version}`,
    per_item: 1,
    labels: WIKI_FLAG_LABELS,
    sampling: { source: 'rag/rag-score.json', golden },
    items,
    created_at: now,
  });
  await r.store.appendReviewQueue(queue);
  const byKind = new Map<string, number>();
  for (const it of items) byKind.set(it.stratum ?? '', (byKind.get(it.stratum ?? '') ?? 0) + 1);
  const text: TextBlock[] = [
    `Queue ${id}: ${items.length} flags of the wiki-QA grading on ${golden.name} ${golden.version}`,
    table(
      ['Flag', 'Items'],
      [...byKind].map(([k, n]) => [k, String(n)]),
      [1],
    ),
    `Next: gamut review add-annotator ${dir} --name N --role reviewer, then confirm or reject in gamut view ` +
      `(or gamut review confirm|reject); gamut rag golden propose --review ${dir} collects the confirmed changes`,
  ];
  return { json: { queue: id, items: items.length, golden, by_kind: Object.fromEntries(byKind) }, text };
}
