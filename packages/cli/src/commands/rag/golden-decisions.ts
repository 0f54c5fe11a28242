import { join } from 'node:path';
import { FlagDecision, type GoldenSet, InputError, storedFlagDecisions } from '@gamut/core';
import { readLocatedRecords } from '@gamut/node';
import type { proposeGoldenVersion } from '@gamut/wiki';
import { withReviewRun } from '../review/review-run.js';

/** A decision with the line it was read from (none for one recorded in the store). */
type LocatedDecision = Parameters<typeof proposeGoldenVersion>[0]['decisions'][number];

export interface DecisionSources {
  decisions?: string;
  review?: string;
  queue?: string;
  store?: string;
}

/** Where the decisions came from, for messages: the file, or the run and its queues. */
export interface ReadDecisions {
  decisions: LocatedDecision[];
  from: string;
}

/**
 * The flag decisions a proposal is made of: lines of a `--decisions` file, and/or the standing
 * confirm and reject events of a run's wiki-flag queues (`--review`). Flags raised on another
 * version of the golden set are refused: their changes were meant for that version.
 */
export async function readFlagDecisions(golden: GoldenSet, o: DecisionSources): Promise<ReadDecisions> {
  if (o.decisions === undefined && o.review === undefined) {
    throw new InputError({
      rule: 'usage',
      message: 'gamut rag golden propose needs --review <run> (decisions made in the viewer) or --decisions <file>',
    });
  }
  const out: LocatedDecision[] = [];
  const from: string[] = [];
  if (o.decisions !== undefined) {
    const lines = await readLocatedRecords(o.decisions, FlagDecision);
    out.push(...lines.map(({ value, line }) => ({ decision: value, ...(line !== undefined && { line }) })));
    from.push(o.decisions);
  }
  if (o.review !== undefined) {
    const dir = o.review;
    const decided = await withReviewRun(dir, o.store, async (r) => {
      const got = await storedFlagDecisions(r.store, r.ownerId, {
        golden,
        dir,
        ...(o.queue !== undefined && { queue: o.queue }),
      });
      from.push(`${dir} (${got.queues.join(', ')})`);
      return got.decisions;
    });
    out.push(...decided.map((decision) => ({ decision })));
  }
  return { decisions: out, from: from.join(' and ') };
}

/** The snapshot a proposal checks pages against: `--wiki`, else the reviewed run's own. */
export function wikiOf(o: { wiki?: string; review?: string }): string {
  if (o.wiki !== undefined) return o.wiki;
  if (o.review !== undefined) return join(o.review, 'rag', 'wiki.jsonl');
  throw new InputError({ rule: 'usage', message: 'gamut rag golden propose needs --wiki <snapshot>' });
}
