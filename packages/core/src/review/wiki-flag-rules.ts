import { GoldenChange } from '../schema/golden-release.js';
import { type ReviewEvent, type ReviewQueue, WikiFlagPayload } from '../schema/review.js';

type Problem = { rule: string; message: string } | null;

const EDIT_HINT =
  'edit it on the flag’s review page (`gamut view`, Review): write the fact, check its pages and values, then confirm; or reject the flag. ' +
  'From the shell, `gamut review import` takes a confirm event with the edited change in `change`';

/**
 * The golden-set change a confirmation of a wiki flag stands for: the reviewer's edit when the
 * event carries one, else the change the flag proposed. Undefined when the payload is not a
 * flag's; the edit unparsed (`{ invalid }`) when it is not a golden-set change.
 */
export function confirmedChange(
  payload: unknown,
  edited: Record<string, unknown> | undefined,
): { change: GoldenChange | null; proposed: GoldenChange | null } | { invalid: string } | undefined {
  const p = WikiFlagPayload.safeParse(payload);
  if (!p.success) return undefined;
  const proposed = p.data.change ?? null;
  if (edited === undefined) return { change: proposed, proposed };
  const parsed = GoldenChange.safeParse(edited);
  if (!parsed.success) {
    return { invalid: parsed.error.issues.map((i) => `${i.path.join('.') || 'change'}: ${i.message}`).join('; ') };
  }
  if (parsed.data.question_id !== p.data.flag.question_id) {
    return {
      invalid: `change.question_id is ${parsed.data.question_id}, but the flag is on ${p.data.flag.question_id}`,
    };
  }
  return { change: parsed.data, proposed };
}

/**
 * The facts of `change` still in a placeholder's words: all of them when it is marked a
 * placeholder, else those whose text (spaces and case aside) is a placeholder fact of the
 * proposed change. Why: a placeholder is the question itself, and a golden set whose fact is its
 * question would grade every answer against the wrong thing.
 */
export function placeholderFacts(change: GoldenChange | null, proposed: GoldenChange | null): string[] {
  if (change?.op !== 'make_answerable') return [];
  if (change.placeholder) return change.required_facts.map((f) => f.id);
  if (proposed?.op !== 'make_answerable' || !proposed.placeholder) return [];
  const drafts = new Set(proposed.required_facts.map((f) => squash(f.fact)));
  return change.required_facts.filter((f) => drafts.has(squash(f.fact))).map((f) => f.id);
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * What a wiki-flag queue asks of an event beyond the workspace's rules: only a confirmation (a
 * reviewer's, or an adjudicator's `confirm`) carries a `change`, that change is a golden-set
 * change on the flag's question, and a placeholder is never confirmed as it stands.
 */
export function wikiFlagEventProblem(queue: ReviewQueue, e: ReviewEvent): Problem {
  if (queue.kind !== 'wiki_flag') return null;
  const edited = e.kind === 'confirm' || e.kind === 'adjudicate' ? e.change : undefined;
  const confirms = e.kind === 'confirm' || (e.kind === 'adjudicate' && e.value === 'confirm');
  if (!confirms) {
    return edited === undefined ? null : { rule: 'flag-change', message: 'only a confirmation carries a change' };
  }
  const payload = queue.items.find((it) => it.id === e.item_id)?.payload;
  const c = confirmedChange(payload, edited);
  if (c === undefined) return null;
  if ('invalid' in c)
    return { rule: 'flag-change', message: `the edited change is not a golden-set change: ${c.invalid}` };
  const drafts = placeholderFacts(c.change, c.proposed);
  if (drafts.length === 0) return null;
  return {
    rule: 'placeholder-change',
    message: `flag ${e.item_id} proposes a placeholder: fact ${drafts.join(', ')} is still the question’s own words, not what a correct answer states: ${EDIT_HINT}`,
  };
}
