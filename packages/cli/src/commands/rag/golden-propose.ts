import type { GoldenProposal } from '@gamut/core';
import { writeFileAtomic } from '@gamut/node';
import { proposeGoldenVersion } from '@gamut/wiki';
import { loadGoldenSet } from '../../wiki/load-golden-set.js';
import { loadWikiSnapshot } from '../../wiki/load-snapshot.js';
import { type DecisionSources, readFlagDecisions, wikiOf } from './golden-decisions.js';

export interface ProposeCliOptions extends DecisionSources {
  wiki?: string;
  version?: string;
  out: string;
  json?: true;
}

/** `gamut rag golden propose`: the golden set and the decisions in, the proposal out; the set is untouched. */
export async function proposeGolden(goldenPath: string, o: ProposeCliOptions): Promise<void> {
  const snapshot = await loadWikiSnapshot(wikiOf(o));
  const { golden } = await loadGoldenSet(goldenPath, { snapshot });
  const { decisions, from } = await readFlagDecisions(golden, o);
  const proposal = proposeGoldenVersion({
    golden,
    decisions,
    snapshot,
    file: from,
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
