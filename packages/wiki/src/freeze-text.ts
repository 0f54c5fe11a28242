/** What `gamut rag freeze` did, as its `--json` prints it. */
export interface FreezeSummary {
  golden: string;
  out: string;
  frozen_hash: string;
  previous_hash: string | null;
  changed: boolean;
  wiki_snapshot: string;
  questions: number;
}

/** The freeze said in three lines: the set, its hash, its snapshot. */
export function freezeText(f: { summary: FreezeSummary; name: string; version: string }): string {
  const { summary: s } = f;
  const what = !s.changed ? 'already frozen' : s.previous_hash ? `re-frozen (was ${s.previous_hash})` : 'frozen';
  return `${f.name} v${f.version}: ${s.questions} questions, ${what}\nfrozen_hash ${s.frozen_hash}\nwiki snapshot ${s.wiki_snapshot}\n`;
}
