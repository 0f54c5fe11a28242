import { InputError, labelCandidates, ReviewQueue, sampleLabelItems, seededRandom, VERDICTS } from '@gamut/core';
import { intOption } from '../analyze/read-inputs.js';
import { printJson, writeText } from '../analyze/render.js';
import { nowIso, withReviewRun } from './review-run.js';

export interface CreateQueueOptions {
  sample?: string;
  seed?: string;
  disagreement?: boolean;
  judge?: string;
  id?: string;
  title?: string;
  store?: string;
  json?: boolean;
}

/** Samples (answer, check) pairs of the run into a new verdict-label queue and prints its strata. */
export async function createQueue(dir: string, o: CreateQueueOptions): Promise<void> {
  if (o.sample === undefined) {
    throw new InputError({
      rule: 'usage',
      message: 'gamut review queue needs --sample N (a verdict-label queue) or --flags (the wiki-QA flags)',
    });
  }
  const size = intOption('--sample', o.sample, 0, 1);
  const seed = intOption('--seed', o.seed, 0);
  await withReviewRun(dir, o.store, async (r) => {
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
    const id = o.id ?? nextQueueId(queues.map((q) => q.id));
    if (queues.some((q) => q.id === id)) {
      throw new InputError({
        rule: 'queue-exists',
        message: `${r.label} already has a queue "${id}"; pick another --id`,
      });
    }
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
      created_at: nowIso(),
    });
    await r.store.appendReviewQueue(queue);
    if (o.json) return printJson({ queue: id, items: items.length, judge, strategy, seed, strata });
    const rows = strata.map((s) => [...stratumCells(s.key), String(s.population), String(s.sampled)]);
    writeText(
      [
        `Queue ${id}: ${items.length} (answer, check) pairs of ${candidates.length}, judge ${judge}, seed ${seed}, ` +
          `strata ${o.disagreement ? 'judges disagree first, then ' : ''}check kind × judge verdict`,
        {
          head: [...(o.disagreement ? ['Judges'] : []), 'Check kind', 'Judge verdict', 'Population', 'Sampled'],
          rows: rows.map((row) => (o.disagreement ? row : row.slice(1))),
          right: o.disagreement ? [3, 4] : [2, 3],
        },
        `Next: gamut review add-annotator ${dir} --name N --role annotator (two annotators and an adjudicator)`,
      ],
      '\n',
    );
  });
}

function stratumCells(key: string): [string, string, string] {
  const parts = key.split('|');
  return parts.length === 3 ? (parts as [string, string, string]) : ['', parts[0] ?? '', parts[1] ?? ''];
}

function nextQueueId(taken: readonly string[]): string {
  for (let n = 1; ; n++) if (!taken.includes(`labels-${n}`)) return `labels-${n}`;
}
