import { counted, type GoldenProposal, type GoldenRelease } from '@gamut/core';

/** What `gamut rag golden propose` says of the proposal it wrote to `out`. */
export function proposalText(p: GoldenProposal, out: string): string {
  const lines = [
    `${p.base.name} ${p.base.version} → ${p.version}: ${p.changelog.length} change${p.changelog.length === 1 ? '' : 's'}` +
      ` (${p.confirmed_without_change.length} confirmed without a change, ${p.rejected.length} rejected)`,
    ...p.changelog.map((e) => `  ${e.summary}  (confirmed by ${e.confirmed_by}${e.reason ? `: ${e.reason}` : ''})`),
    `Wrote ${out}. Nothing is frozen yet: \`gamut rag golden release ${out} --wiki … -o <new file>\` releases it.`,
  ];
  return `${lines.join('\n')}\n`;
}

/** What `gamut rag golden release` says of the release it wrote, with its three files. */
export function releaseText(release: GoldenRelease, files: { golden: string; release: string; changelog: string }) {
  return (
    `${release.name} ${release.version} released: ${counted(release.changelog.length, 'change')}; frozen_hash ${release.hash}\n` +
    `replaces ${release.previous.version} (${release.previous.hash}), which stays as it is\n` +
    `Wrote ${files.golden}, ${files.release}, ${files.changelog}\n`
  );
}
