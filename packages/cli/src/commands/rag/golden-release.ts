import { stat } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { GoldenProposal, InputError } from '@gamut/core';
import { loadGoldenSet, loadWikiSnapshot, readLocatedRecords, writeFileAtomic } from '@gamut/node';
import { changelogMarkdown, releaseGoldenVersion, releaseText } from '@gamut/wiki';

export interface ReleaseCliOptions {
  wiki: string;
  out: string;
  base?: string;
  by?: string;
  json?: true;
}

/**
 * `gamut rag golden release`: freezes the proposal into a new file, with its
 * release record (`<out>.release.json`) and changelog (`<out>.changelog.md`)
 * beside it. A released set is never overwritten, and the current one is not
 * touched, so runs graded on it keep their version and hash.
 */
export async function releaseGolden(proposalPath: string, o: ReleaseCliOptions): Promise<void> {
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
    who: o.by ?? userInfo().username,
    at: new Date().toISOString(),
    snapshot,
    file: proposalPath,
    ...(base && { base }),
  });
  await writeFileAtomic(files.golden, `${JSON.stringify(golden, null, 2)}\n`);
  await writeFileAtomic(files.release, `${JSON.stringify(release, null, 2)}\n`);
  await writeFileAtomic(files.changelog, changelogMarkdown(release));
  if (o.json) {
    process.stdout.write(`${JSON.stringify({ ...release, files })}\n`);
    return;
  }
  process.stdout.write(releaseText(release, files));
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
