import type { FreezeSummary } from '@gamut/wiki';
import { writeFileAtomic } from '../files/atomic-write.js';
import { loadGoldenSet } from '../wiki/load-golden-set.js';
import { loadWikiSnapshot } from '../wiki/load-snapshot.js';

/** Checks a golden set against its wiki and records its content hash (frozen_hash) in `out`. */
export async function freezeGolden(
  goldenPath: string,
  o: { wiki: string; out?: string | undefined; force?: boolean | undefined },
): Promise<{ summary: FreezeSummary; name: string; version: string }> {
  const snapshot = await loadWikiSnapshot(o.wiki);
  const loaded = await loadGoldenSet(goldenPath, { snapshot, allowStaleHash: !!o.force });
  const previous = loaded.golden.frozen_hash;
  const out = o.out ?? goldenPath;
  if (previous !== loaded.hash || out !== goldenPath) {
    // Keep the file as the user wrote it; only frozen_hash changes.
    await writeFileAtomic(out, `${JSON.stringify({ ...loaded.raw, frozen_hash: loaded.hash }, null, 2)}\n`);
  }
  const summary = {
    golden: goldenPath,
    out,
    frozen_hash: loaded.hash,
    previous_hash: previous ?? null,
    changed: previous !== loaded.hash,
    wiki_snapshot: snapshot.id,
    questions: loaded.golden.questions.length,
  };
  return { summary, name: loaded.golden.name, version: loaded.golden.version };
}
