import type { MetaItem, MetaRubric } from '../schema/meta-rubric.js';
import type { SnippetFinding } from './rubric-audit.js';

/** A part of the draft the refinement dropped, with the audit's reason. */
export interface Dropped {
  ref: string;
  reason: string;
}

/** `I2` for an item, `I2.m3` / `I2.s1` / `I2.a2` for its third member, first step, second aspect. */
function parts(item: MetaItem): Array<{ ref: string; text: string; snippets: readonly string[] }> {
  const list =
    item.type === 'strict_list' || item.type === 'flexible_list'
      ? item.members.map((m, i) => ({ ref: `${item.id}.m${i + 1}`, ...m }))
      : item.type === 'process'
        ? item.steps.map((s, i) => ({ ref: `${item.id}.s${i + 1}`, ...s }))
        : item.type === 'relationship'
          ? item.aspects.map((a, i) => ({ ref: `${item.id}.a${i + 1}`, ...a }))
          : [];
  return list.map((p) => ({ ref: p.ref, text: p.text, snippets: p.snippets ?? [] }));
}

const fold = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Whether `refined` keeps everything of `draft`: each item by id and type, each member, step and
 * aspect by its text. Something missing is allowed only when `dropped` lists it with a reason
 * and the audit refuted it (every snippet it cited vanished); each other loss is a problem.
 */
export function supersetProblems(
  draft: MetaRubric,
  refined: MetaRubric,
  dropped: readonly Dropped[],
  findings: readonly SnippetFinding[],
): string[] {
  const vanished = new Set(findings.filter((f) => f.status === 'vanished').map((f) => f.snippet));
  const refuted = (snippets: readonly string[]) => snippets.length > 0 && snippets.every((s) => vanished.has(s));
  const problems: string[] = [];
  const lost = (ref: string, what: string, snippets: readonly string[]) => {
    const drop = dropped.find((d) => d.ref === ref);
    if (drop === undefined)
      problems.push(`${what} of the draft is missing; keep it, or list it in "dropped" with the audit's reason`);
    else if (!refuted(snippets))
      problems.push(`${what} is dropped, but the audit did not refute its evidence; keep it`);
  };
  for (const item of draft.items) {
    const now = refined.items.find((i) => i.id === item.id);
    if (now === undefined) {
      lost(item.id, `item ${item.id}`, item.snippets ?? []);
      continue;
    }
    if (now.type !== item.type) {
      problems.push(`item ${item.id} was a ${item.type} and is now a ${now.type}; keep its type`);
      continue;
    }
    const kept = new Set(parts(now).map((p) => fold(p.text)));
    for (const p of parts(item)) if (!kept.has(fold(p.text))) lost(p.ref, `${p.ref} ("${p.text}")`, p.snippets);
  }
  return problems;
}
