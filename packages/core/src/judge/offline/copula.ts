/**
 * A name given to something the check names with "is": "the main gate is Gwanghwamun" against
 * "the main gate is Sungnyemun", 정문이 광화문이다 against 정문은 숭례문입니다. The answer gives
 * the same thing another name and never says the check's.
 */
import type { AnalyzedText } from '../../text/analyze-text.js';
import { KO_TOPIC_ENDING } from '../../text/korean.js';
import type { Token } from '../../text/token.js';
import { negates } from './affirming-negation.js';

const EN_COPULA = new Set(['is', 'was', 'are', 'were', 'remains', 'remained', 'became', 'becomes']);
const EN_ARTICLES = new Set(['the', 'a', 'an']);
/** Korean copula endings after a noun: 광화문이라고, 광화문이다, 숭례문입니다. */
const KO_COPULA = /(?:이라고|라고|이다|였다|이었다|입니다|였습니다|이었습니다|이에요|예요|이며|이고)$/u;

interface Naming {
  /** Forms of the thing named. */
  readonly head: readonly string[];
  /** Match keys of the name. */
  readonly name: readonly string[];
  readonly shown: string;
  /** Token index of the name's first word. */
  readonly at: number;
  /** Forms of a word right before the head that says which one (머리 발차기는, "the north gate is"). */
  readonly which: readonly string[];
}

function capitalised(text: AnalyzedText, t: Token): boolean {
  const c = text.original[text.norm.offsets[t.start] ?? 0] ?? '';
  return c !== c.toLowerCase();
}

const original = (text: AnalyzedText, a: Token, b: Token) =>
  text.original.slice(text.norm.offsets[a.start] ?? 0, text.norm.offsets[b.end] ?? undefined).trim();

/** "<head> is <Name>": a content word, a copula, then capitalised words (a name). */
function englishNamings(text: AnalyzedText): Naming[] {
  const out: Naming[] = [];
  for (const [i, cop] of text.tokens.entries()) {
    const head = text.tokens[i - 1];
    if (cop.hangul || !EN_COPULA.has(cop.text) || !head || head.sentence !== cop.sentence || head.stop) continue;
    let k = i + 1;
    while (EN_ARTICLES.has(text.tokens[k]?.text ?? '')) k++;
    const words: Token[] = [];
    for (; k < text.tokens.length && words.length < 4; k++) {
      const t = text.tokens[k]!;
      if (t.sentence !== cop.sentence || t.stop || t.inQuantity || !capitalised(text, t)) break;
      words.push(t);
    }
    const first = words[0];
    const last = words[words.length - 1];
    if (first && last)
      out.push({
        head: head.forms,
        name: words.flatMap((w) => w.forms),
        shown: original(text, first, last),
        at: first.index,
        which: whichOf(text, head),
      });
  }
  return out;
}

/** "<head>은/이 <Name>입니다": a noun with a particle, then a noun with a copula ending. */
function koreanNamings(text: AnalyzedText): Naming[] {
  const out: Naming[] = [];
  for (const [i, tok] of text.tokens.entries()) {
    const head = text.tokens[i - 1];
    if (!tok.hangul || !head?.hangul || head.sentence !== tok.sentence || head.stop) continue;
    if (!KO_TOPIC_ENDING.test(head.text) || head.forms.length < 2) continue;
    const m = KO_COPULA.exec(tok.text);
    const stem = m ? tok.text.slice(0, m.index) : '';
    // 머리 발차기는 3점이고: a value is no name.
    if (stem.length < 2 || tok.inQuantity || /\p{N}/u.test(stem)) continue;
    out.push({ head: head.forms.slice(1), name: [stem], shown: stem, at: tok.index, which: whichOf(text, head) });
  }
  return out;
}

/** The content word right before a head with no particle of its own: 머리 in 머리 발차기는, north in "the north gate". */
function whichOf(text: AnalyzedText, head: Token): readonly string[] {
  const before = text.tokens[head.index - 1];
  if (!before || before.sentence !== head.sentence || before.stop || before.inQuantity || before.negation) return [];
  if (before.hangul && before.forms.length > 1) return [];
  return before.forms;
}

/** An answer is asked once per check: its namings are read once. */
const namingCache = new WeakMap<AnalyzedText, readonly Naming[]>();
function namings(text: AnalyzedText): readonly Naming[] {
  let found = namingCache.get(text);
  if (!found) {
    found = [...englishNamings(text), ...koreanNamings(text)];
    namingCache.set(text, found);
  }
  return found;
}

/**
 * The answer's other name for the check's named thing, when the check's name is nowhere in the
 * answer and the thing is not the subject itself (identifications are judged elsewhere).
 */
export function otherName(
  check: AnalyzedText,
  answer: AnalyzedText,
  subjectKeys: ReadonlySet<string>,
): { expected: string; stated: string } | null {
  const want = namings(check).filter((n) => !n.head.some((f) => subjectKeys.has(f)));
  if (want.length === 0) return null;
  const inAnswer = (keys: readonly string[]) =>
    keys.some((k) => answer.formIndex.has(k) || answer.tokens.some((t) => t.hangul && t.text.startsWith(k)));
  if (want.some((w) => inAnswer(w.name))) return null;
  for (const got of namings(answer)) {
    const w = want.find((x) => x.head.some((f) => got.head.includes(f)));
    if (!w || got.name.some((k) => w.name.includes(k))) continue;
    // Another one of the head's kind (머리 발차기 for 발차기, "the north gate" for "the main gate").
    if (got.which.length && !got.which.some((f) => check.formIndex.has(f) || subjectKeys.has(f))) continue;
    const s = answer.tokens[got.at]?.sentence;
    const denied = answer.tokens.some(
      (t) => t.sentence === s && Math.abs(t.index - got.at) <= 2 && negates(answer, t.index),
    );
    if (!denied) return { expected: w.shown, stated: got.shown };
  }
  return null;
}
