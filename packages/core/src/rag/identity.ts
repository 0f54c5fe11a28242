import { hashCanonical, hashCanonicalArray, type Sha256 } from '../schema/canonical.js';
import type { GoldenSet } from '../schema/golden-set.js';
import type { WikiPage } from '../schema/wiki.js';

/*
 * What names a golden set and a wiki snapshot wherever they are recorded
 * (`frozen_hash`, `wiki_snapshot`, a report's `golden.hash` and `snapshot.id`).
 * Defined here once: the wiki package's freeze and snapshot loader, and
 * `gradeRag`'s defaults, all call these.
 */

/**
 * The golden set's hash, as `gamut rag freeze` records it in `frozen_hash`:
 * SHA-256 of the canonical JSON of the set as validated (defaults filled),
 * without `frozen_hash` itself. Always the content's hash, never the recorded
 * one read back, so a set edited after freezing does not pass for the
 * original (loaders refuse it with `frozen-hash-mismatch`).
 */
export function goldenSetHash(golden: GoldenSet): string {
  const { frozen_hash: _recorded, ...content } = golden;
  return hashCanonical(content);
}

/** Page versions in snapshot order: by page id (code units), then version. */
export function sortPageVersions(pages: readonly WikiPage[]): WikiPage[] {
  return [...pages].sort((a, b) => (a.page_id < b.page_id ? -1 : a.page_id > b.page_id ? 1 : a.version - b.version));
}

/**
 * The snapshot id: SHA-256 of the canonical JSON of its page versions in
 * snapshot order, whatever order they came in. `sha256` only picks the
 * implementation (the CLI's is Node's); the id is the same.
 */
export function ragSnapshotId(pages: readonly WikiPage[], opts: { sha256?: Sha256 } = {}): string {
  return hashCanonicalArray(sortPageVersions(pages), opts.sha256);
}
