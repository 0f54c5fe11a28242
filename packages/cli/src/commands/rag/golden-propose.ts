import { loadGoldenSet, loadWikiSnapshot, writeFileAtomic } from '@gamut/node';
import { proposalText, proposeGoldenVersion } from '@gamut/wiki';
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
