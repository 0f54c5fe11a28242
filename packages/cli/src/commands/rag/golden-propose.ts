import { FlagDecision, type GoldenProposal } from '@gamut/core';
import { proposeGoldenVersion } from '@gamut/wiki';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { readLocatedRecords } from '../../io/read-records.js';
import { loadGoldenSet } from '../../wiki/load-golden-set.js';
import { loadWikiSnapshot } from '../../wiki/load-snapshot.js';

export interface ProposeCliOptions {
  decisions: string;
  wiki: string;
  version?: string;
  out: string;
  json?: true;
}

/** `gamut rag golden propose`: the golden set and the decisions in, the proposal out; the set is untouched. */
export async function proposeGolden(goldenPath: string, o: ProposeCliOptions): Promise<void> {
  const snapshot = await loadWikiSnapshot(o.wiki);
  const [{ golden }, decisions] = await Promise.all([
    loadGoldenSet(goldenPath, { snapshot }),
    readLocatedRecords(o.decisions, FlagDecision),
  ]);
  const proposal = proposeGoldenVersion({
    golden,
    decisions: decisions.map(({ value, line }) => ({ decision: value, ...(line !== undefined && { line }) })),
    snapshot,
    file: o.decisions,
    ...(o.version !== undefined && { version: o.version }),
  });
  await writeFileAtomic(o.out, `${JSON.stringify(proposal, null, 2)}\n`);
  if (o.json) {
    process.stdout.write(`${JSON.stringify(proposal)}\n`);
    return;
  }
  process.stdout.write(proposalText(proposal, o.out));
}

function proposalText(p: GoldenProposal, out: string): string {
  const lines = [
    `${p.base.name} ${p.base.version} → ${p.version}: ${p.changelog.length} change${p.changelog.length === 1 ? '' : 's'}` +
      ` (${p.confirmed_without_change.length} confirmed without a change, ${p.rejected.length} rejected)`,
    ...p.changelog.map((e) => `  ${e.summary}  (confirmed by ${e.confirmed_by}${e.reason ? `: ${e.reason}` : ''})`),
    `Wrote ${out}. Nothing is frozen yet: \`gamut rag golden release ${out} --wiki … -o <new file>\` releases it.`,
  ];
  return `${lines.join('\n')}\n`;
}
