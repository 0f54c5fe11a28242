import type { CheckId, ItemId, PlainCheck, SequenceCheck, SnippetId, ThresholdCheck, Tier } from '../schema/index.js';
import type { CheckTemplates } from './templates/index.js';
import { normalizeForMatch } from './templates/text.js';

/** What every item compiler needs: the language's templates and the question's subject. */
export interface CompileContext {
  readonly t: CheckTemplates;
  /** The question's entity, unless one of `texts` already names it (then the check is readable as is). */
  subjectUnless(...texts: readonly string[]): string | undefined;
}

/** Runs of spaces, tabs or newlines, and anything outside ASCII (full-width forms and the like). */
const NEEDS_NORMALIZING = /\s\s|[\t\n\r]|[^\p{ASCII}]/u;

export function compileContext(t: CheckTemplates, entity: string | undefined): CompileContext {
  const needle = entity === undefined ? '' : normalizeForMatch(entity);
  // Labels repeat across a list's checks: normalise each text once per rubric.
  const seen = new Map<string, boolean>();
  const names = (text: string) => {
    let hit = seen.get(text);
    if (hit === undefined) {
      // Lower-casing finds most mentions; the full normalisation runs only when spacing or width could hide one.
      hit =
        text.toLowerCase().includes(needle) ||
        (NEEDS_NORMALIZING.test(text) && normalizeForMatch(text).includes(needle));
      seen.set(text, hit);
    }
    return hit;
  };
  return {
    t,
    subjectUnless: (...texts) => (needle === '' || texts.some(names) ? undefined : entity),
  };
}

/** The union of snippet references, in first-seen order. */
export function snippetsOf(...lists: ReadonlyArray<readonly SnippetId[] | undefined>): SnippetId[] {
  const out: SnippetId[] = [];
  for (const list of lists) for (const s of list ?? []) if (!out.includes(s)) out.push(s);
  return out;
}

interface Common {
  item: ItemId;
  suffix: string;
  tier: Tier;
  secondary: boolean;
  text: string;
  content: string;
  snippets: SnippetId[];
}

const idOf = (item: ItemId, suffix: string) => `${item}.${suffix}` as CheckId;

// Key order is fixed so compiled JSONL reads the same for every check (literals, not spreads: this is the hot path).
export function plainCheck(kind: PlainCheck['kind'], c: Common): PlainCheck {
  return {
    id: idOf(c.item, c.suffix),
    kind,
    tier: c.tier,
    secondary: c.secondary,
    text: c.text,
    content: c.content,
    item: c.item,
    snippets: c.snippets,
  };
}

export function thresholdCheck(
  kind: ThresholdCheck['kind'],
  c: Common & { min: number; options: string[] },
): ThresholdCheck {
  return {
    id: idOf(c.item, c.suffix),
    kind,
    tier: c.tier,
    secondary: c.secondary,
    text: c.text,
    content: c.content,
    item: c.item,
    snippets: c.snippets,
    min: c.min,
    options: c.options,
  };
}

export function sequenceCheck(kind: SequenceCheck['kind'], c: Common & { order: string[] }): SequenceCheck {
  return {
    id: idOf(c.item, c.suffix),
    kind,
    tier: c.tier,
    secondary: c.secondary,
    text: c.text,
    content: c.content,
    item: c.item,
    snippets: c.snippets,
    order: c.order,
  };
}
