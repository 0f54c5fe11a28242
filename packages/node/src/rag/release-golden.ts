import { stat } from 'node:fs/promises';
import { GoldenProposal, type GoldenRelease, InputError } from '@gamut/core';
import { changelogMarkdown, releaseGoldenVersion } from '@gamut/wiki';
import { writeFileAtomic } from '../files/atomic-write.js';
import { readLocatedRecords } from '../files/read-records.js';
import { loadGoldenSet } from '../wiki/load-golden-set.js';
import { loadWikiSnapshot } from '../wiki/load-snapshot.js';

export interface ReleaseGoldenOptions {
  wiki: string;
  out: string;
  base?: string;
  who: string;
  at: string;
}

/** The three files a release writes: the set, its release record and its changelog. */
export interface ReleaseFiles {
  golden: string;
  release: string;
  changelog: string;
}

/**
 * Freezes the proposal into a new file, with its release record (`<out>.release.json`)
 * and changelog (`<out>.changelog.md`) beside it. A released set is never overwritten,
 * and the current one is not touched, so runs graded on it keep their version and hash.
 */
export async function releaseGoldenFiles(
  proposalPath: string,
  o: ReleaseGoldenOptions,
): Promise<{ release: GoldenRelease; files: ReleaseFiles }> {
  const [proposal] = (await readLocatedRecords(proposalPath, GoldenProposal)).map((r) => r.value);
  if (!proposal) {
    throw new InputError({ rule: 'empty-proposal', message: `${proposalPath} holds no proposal`, file: proposalPath });
  }
  const stem = o.out.replace(/\.json$/i, '');
  const files = { golden: o.out, release: `${stem}.release.json`, changelog: `${stem}.changelog.md` };
  for (const file of Object.values(files)) {
    if (await exists(file)) {
      throw new InputError({
        rule: 'release-exists',
        message: `${file} exists; a released golden set is never overwritten: choose another --out`,
        file,
      });
    }
  }
  const snapshot = await loadWikiSnapshot(o.wiki);
  const base = o.base !== undefined ? (await loadGoldenSet(o.base, { snapshot })).golden : undefined;
  const { golden, release } = releaseGoldenVersion({
    proposal,
    who: o.who,
    at: o.at,
    snapshot,
    file: proposalPath,
    ...(base && { base }),
  });
  await writeFileAtomic(files.golden, `${JSON.stringify(golden, null, 2)}\n`);
  await writeFileAtomic(files.release, `${JSON.stringify(release, null, 2)}\n`);
  await writeFileAtomic(files.changelog, changelogMarkdown(release));
  return { release, files };
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
