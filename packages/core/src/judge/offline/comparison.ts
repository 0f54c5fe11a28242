/**
 * Comparisons turned round: "The monarch is larger than the viceroy" is denied by "The viceroy is
 * larger than the monarch" and by "The monarch is smaller than the viceroy"; 경복궁은 창덕궁보다
 * 크다 by 창덕궁이 경복궁보다 큽니다. A comparison is a quality (a side of an antonym pair, or
 * "more"/"less" and a word), what has more of it and what has less. An answer comparison of the
 * same quality between the same two things that gives the other one more contradicts the check,
 * unless another answer comparison agrees with it.
 */
import type { AnalyzedText } from '../../text/analyze-text.js';
import type { Token } from '../../text/token.js';
import { negates } from './affirming-negation.js';
import { EN_ANTONYMS, KO_ANTONYMS, sideHas } from './antonyms.js';

const PAIRS = [...EN_ANTONYMS, ...KO_ANTONYMS];

interface Comparison {
  /** The quality: an antonym pair's index or a word. */
  readonly quality: string;
  /** +1 when the subject has more of the quality's first side (or of the word), -1 when less. */
  readonly sign: number;
  readonly subject: ReadonlySet<string>;
  readonly object: ReadonlySet<string>;
  /** The comparative's tokens, for the rationale. */
  readonly from: number;
  readonly to: number;
}

const content = (t: Token) => !t.stop && !t.inQuantity && !t.negation;
const keysOf = (tokens: readonly Token[]) => new Set(tokens.filter(content).flatMap((t) => t.forms));

/** The quality of one word: the pair it is a side of, as a key and a sign. */
function qualityOf(tok: Token): { quality: string; sign: number } | null {
  for (const [i, pair] of PAIRS.entries()) {
    if (sideHas(pair.a, tok)) return { quality: `pair:${i}`, sign: 1 };
    if (sideHas(pair.b, tok)) return { quality: `pair:${i}`, sign: -1 };
  }
  return null;
}

function englishComparisons(text: AnalyzedText): Comparison[] {
  const out: Comparison[] = [];
  for (const [i, than] of text.tokens.entries()) {
    if (than.text !== 'than' || than.hangul) continue;
    const word = text.tokens[i - 1];
    if (!word || word.sentence !== than.sentence) continue;
    const degree = text.tokens[i - 2];
    const graded = degree?.sentence === than.sentence && (degree.text === 'more' || degree.text === 'less');
    const q = graded
      ? { quality: `word:${word.text}`, sign: degree.text === 'more' ? 1 : -1 }
      : (qualityOf(word) ?? (/^\p{L}{3,}er$/u.test(word.text) ? { quality: `word:${word.text}`, sign: 1 } : null));
    if (!q) continue;
    const from = graded ? i - 2 : i - 1;
    const before = text.tokens.filter((t) => t.sentence === than.sentence && t.index < from);
    const after: Token[] = [];
    for (let k = i + 1; k < text.tokens.length && after.length < 4; k++) {
      const t = text.tokens[k]!;
      if (t.sentence !== than.sentence || /[,;:()]/.test(text.norm.text.slice(text.tokens[k - 1]!.end, t.start))) break;
      after.push(t);
    }
    if (text.tokens.some((t) => t.sentence === than.sentence && t.index < i && negates(text, t.index))) continue;
    const subject = keysOf(before);
    const object = keysOf(after);
    out.push({ ...q, subject, object, from, to: i - 1 });
    // "thinner and crispier than": each comparative of the run compares the same two things.
    for (let k = from - 2; text.tokens[k + 1]?.text === 'and' && text.tokens[k]?.sentence === than.sentence; k -= 2) {
      const other = qualityOf(text.tokens[k]!);
      if (other) out.push({ ...other, subject, object, from: k, to: k });
    }
  }
  return out;
}

/** X은 Y보다 크다: the thing before 보다 has less, the topic has more (or less, by the quality's side). */
function koreanComparisons(text: AnalyzedText): Comparison[] {
  const out: Comparison[] = [];
  for (const [i, than] of text.tokens.entries()) {
    if (!than.hangul || !/.보다$/u.test(than.text)) continue;
    let q: { quality: string; sign: number } | null = null;
    let to = i;
    for (let k = i + 1; k <= i + 2 && !q; k++) {
      const t = text.tokens[k];
      if (!t || t.sentence !== than.sentence) break;
      if (t.text === '더') continue;
      q = qualityOf(t);
      to = k;
    }
    if (!q) continue;
    if (
      text.tokens.some(
        (t) => t.sentence === than.sentence && t.index > i && t.index <= to + 1 && negates(text, t.index),
      )
    )
      continue;
    const before = text.tokens.filter((t) => t.sentence === than.sentence && t.index < i);
    out.push({ ...q, subject: keysOf(before), object: keysOf([than]), from: i, to });
  }
  return out;
}

const comparisons = (text: AnalyzedText) => [...englishComparisons(text), ...koreanComparisons(text)];

const meets = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].some((k) => b.has(k));

/** Which way an answer comparison says the check's goes: 1 the same, -1 the other, 0 another pair of things. */
function direction(check: Comparison, said: Comparison): number {
  const subject = new Set([...check.subject].filter((k) => !check.object.has(k)));
  const object = new Set([...check.object].filter((k) => !check.subject.has(k)));
  if (meets(subject, said.subject) && meets(object, said.object)) return check.sign * said.sign;
  if (meets(subject, said.object) && meets(object, said.subject)) return -check.sign * said.sign;
  return 0;
}

export interface TurnedComparison {
  readonly expected: { from: number; to: number };
  readonly stated: { from: number; to: number };
}

export function comparisonConflict(check: AnalyzedText, answer: AnalyzedText): TurnedComparison | null {
  const said = comparisons(answer);
  for (const c of comparisons(check)) {
    const ways = said.filter((s) => s.quality === c.quality).map((s) => ({ s, way: direction(c, s) }));
    if (ways.some((w) => w.way > 0)) continue;
    const turned = ways.find((w) => w.way < 0);
    if (turned) return { expected: c, stated: turned.s };
  }
  return null;
}
