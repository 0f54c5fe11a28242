import { InputError } from '../issues/errors.js';
import type { RunStore } from '../ports/store.js';
import { goldenSetHash } from '../rag/identity.js';
import type { FlagDecision } from '../schema/golden-release.js';
import type { GoldenSet } from '../schema/golden-set.js';
import { WikiFlagPayload } from '../schema/review.js';
import { wikiFlagDecisions } from './wiki-flags.js';

/**
 * The standing confirm and reject decisions of a reviewed run's wiki-flag
 * queues (only `queue` when given), with the queues read. No such queue, or
 * flags raised on another version of the golden set (their changes were meant
 * for that version), is bad input; `dir` names the run in messages.
 */
export async function storedFlagDecisions(
  store: Pick<RunStore, 'listReviewQueues' | 'listReviewEvents'>,
  ownerId: string,
  o: { golden: GoldenSet; queue?: string; dir: string },
): Promise<{ decisions: FlagDecision[]; queues: string[] }> {
  const queues = (await store.listReviewQueues(ownerId)).filter(
    (q) => q.kind === 'wiki_flag' && (o.queue === undefined || q.id === o.queue),
  );
  if (queues.length === 0) {
    throw new InputError({
      rule: 'unknown-queue',
      message: `run ${ownerId} has no wiki-flag queue${o.queue ? ` "${o.queue}"` : ''}; \`gamut review queue ${o.dir} --flags\` creates one`,
    });
  }
  assertSameGolden(
    o.golden,
    queues.flatMap((q) => q.items.map((it) => WikiFlagPayload.parse(it.payload).golden)),
  );
  const events = await store.listReviewEvents(ownerId);
  return { decisions: queues.flatMap((q) => wikiFlagDecisions(q, events)), queues: queues.map((q) => q.id) };
}

function assertSameGolden(golden: GoldenSet, raisedOn: readonly { name: string; version: string; hash: string }[]) {
  const hash = goldenSetHash(golden);
  const other = raisedOn.find((g) => g.hash !== hash);
  if (!other) return;
  throw new InputError({
    rule: 'other-golden',
    message:
      `the flags were raised on ${other.name} ${other.version} (${other.hash.slice(0, 12)}…), ` +
      `not on ${golden.name} ${golden.version} (${hash.slice(0, 12)}…); propose from the set the run was graded on`,
  });
}
