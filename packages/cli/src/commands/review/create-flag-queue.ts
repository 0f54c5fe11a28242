import { InputError, ReviewQueue, WIKI_FLAG_LABELS, wikiFlagItems } from '@gamut/core';
import { printJson, writeText } from '../analyze/render.js';
import { nowIso, withReviewRun } from './review-run.js';

export interface CreateFlagQueueOptions {
  id?: string;
  title?: string;
  store?: string;
  json?: boolean;
}

/** `gamut review queue <run> --flags`: every flag of the run's wiki-QA grading, for a reviewer to confirm or reject. */
export async function createFlagQueue(dir: string, o: CreateFlagQueueOptions): Promise<void> {
  await withReviewRun(dir, o.store, async (r) => {
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
    const id = o.id ?? nextId(queues.map((q) => q.id));
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
      created_at: nowIso(),
    });
    await r.store.appendReviewQueue(queue);
    const byKind = new Map<string, number>();
    for (const it of items) byKind.set(it.stratum ?? '', (byKind.get(it.stratum ?? '') ?? 0) + 1);
    if (o.json) return printJson({ queue: id, items: items.length, golden, by_kind: Object.fromEntries(byKind) });
    writeText(
      [
        `Queue ${id}: ${items.length} flags of the wiki-QA grading on ${golden.name} ${golden.version}`,
        { head: ['Flag', 'Items'], rows: [...byKind].map(([k, n]) => [k, String(n)]), right: [1] },
        `Next: gamut review add-annotator ${dir} --name N --role reviewer, then confirm or reject in gamut view ` +
          `(or gamut review confirm|reject); gamut rag golden propose --review ${dir} collects the confirmed changes`,
      ],
      '\n',
    );
  });
}

function nextId(taken: readonly string[]): string {
  for (let n = 1; ; n++) if (!taken.includes(`flags-${n}`)) return `flags-${n}`;
}
