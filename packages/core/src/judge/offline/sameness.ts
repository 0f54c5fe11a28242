/**
 * A difference denied: the check says how a related thing differs from the subject ("New
 * York-style pizza is larger, thinner and crisper", 가라테는 태권도보다 손기술을 더 많이 쓴다)
 * and the answer says the two are the same ("basically the same thing as this pizza", 가라테와
 * 거의 똑같다). A likeness the check states itself is no contradiction of it.
 */
import type { AnalyzedText } from '../../text/analyze-text.js';
import { EN_ANTONYMS } from './antonyms.js';
import type { Coverage } from './term-coverage.js';

/** Words that state a difference: comparisons, contrasts. */
const EN_DIFFERS = new Set(
  'than unlike differ differs differed different difference differences whereas more less fewer'.split(' '),
);
const KO_DIFFERS = /보다|달리|다르|다른|차이|반면|더\s/u;
/** Comparatives of the antonym list's qualities ("larger", "crisper"): not every word in -er is one (water, oven). */
const COMPARATIVES = new Set(EN_ANTONYMS.flatMap((p) => [...p.a, ...p.b]).filter((w) => /er$/.test(w)));

/**
 * "the same (thing) as", "identical", "no different", "just like": the same as the other thing,
 * not "the same tradition" (another likeness).
 */
const EN_SAME =
  /\b(?:the\s+same(?:\s+(?:thing|things|one|dish|food|game|sport|kind|design|device|model))?(?:\s+as\b|\s*[,.;!?]|\s*$)|identical\b|no\s+different\b|not\s+(?:really\s+)?different\b|indistinguishable\b|just\s+like\b)/;
const KO_SAME = /똑같|동일하|동일한|차이가\s*없|차이\s*없|다르지\s*않|다를\s*바\s*없|같은\s*것|거의\s*같/u;
/** Words that keep a difference in the same sentence: "the same dough but a thinner crust". */
const EN_KEEPS = /\b(?:but|except|although|though|however|than|whereas|while|apart\s+from|other\s+than)\b/;
const KO_KEEPS = /지만|그러나|하지만|다만|보다|달리|반면|제외/u;
/** "not the same", "never identical": agreement with a difference. */
const EN_DENIED = /\b(?:not|never|hardly|far\s+from|n't)\s+(?:\w+\s+)?(?:the\s+same|identical|just\s+like)\b/;

const EN_BE = new Set(['is', 'are', 'was', 'were', 'be', 'being', 'been']);
const BETWEEN_COMPARATIVES = new Set(['and', 'or', 'much', 'far', 'even', 'slightly', 'a', 'bit', 'lot']);

/**
 * "is larger, thinner and crisper": comparatives of the thing itself, after a form of "be". A
 * comparative of how something is done ("bakes longer") says how it differs in use, which calling
 * the two things the same need not deny.
 */
function comparedByBe(check: AnalyzedText, i: number): boolean {
  for (let k = i - 1; k >= 0; k--) {
    const t = check.tokens[k]!;
    if (t.sentence !== check.tokens[i]?.sentence) return false;
    if (EN_BE.has(t.text)) return true;
    if (!COMPARATIVES.has(t.text) && !BETWEEN_COMPARATIVES.has(t.text)) return false;
  }
  return false;
}

function checkDiffers(check: AnalyzedText): boolean {
  return (
    check.tokens.some(
      (t, i) => !t.paren && (EN_DIFFERS.has(t.text) || (COMPARATIVES.has(t.text) && comparedByBe(check, i))),
    ) || KO_DIFFERS.test(check.norm.text)
  );
}

/** A sentence's normalised text, from its first word to its last (the cues are written normalised). */
function sentenceText(text: AnalyzedText, s: number): string {
  const inside = text.tokens.filter((t) => t.sentence === s);
  return text.norm.text.slice(inside[0]?.start ?? 0, inside[inside.length - 1]?.end ?? 0);
}

/**
 * The answer sentence that names the related thing (most of the check's key terms the answer
 * has that do not name the subject) and calls it the same, with nothing in it that keeps a
 * difference.
 */
export function deniedDifference(
  check: AnalyzedText,
  answer: AnalyzedText,
  cov: Coverage,
  subjectKeys: ReadonlySet<string>,
): string | null {
  if (!checkDiffers(check)) return null;
  const related = cov.hits.filter((h) => h.positions.length && !h.term.forms.some((f) => subjectKeys.has(f)));
  const per = new Map<number, number>();
  for (const h of related)
    for (const s of new Set(h.positions.map((p) => answer.tokens[p]?.sentence ?? -1)))
      per.set(s, (per.get(s) ?? 0) + 1);
  // The sentence is about the other thing: it holds at least half of the check's words the answer has.
  const sentences = [...per].filter(([, n]) => n * 2 >= related.length).map(([s]) => s);
  for (const s of sentences) {
    const text = sentenceText(answer, s);
    const same = EN_SAME.test(text) || KO_SAME.test(text);
    if (!same || EN_KEEPS.test(text) || KO_KEEPS.test(text) || EN_DENIED.test(text)) continue;
    const span = answer.sentences[s];
    return span ? answer.original.slice(span.start, span.end).trim() : text;
  }
  return null;
}
