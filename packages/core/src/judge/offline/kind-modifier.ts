/**
 * A thing of another kind: the check's head noun with one modifier of a closed set, the answer's
 * with another of the same set. "A suspension bridge" against "a cantilever bridge", "a FireWire
 * cable" against "a USB cable", 소고기 against 돼지고기, 간장 양념 against 고추장 양념. The kinds
 * exclude each other, so the answer says the subject is something else, unless it also names the
 * check's kind anywhere, compares, denies, speaks of another time or model ("later models"), of a
 * kind of the subject (돼지불고기), or says no other word of the check in that sentence.
 */
import type { AnalyzedText } from '../../text/analyze-text.js';
import type { Token } from '../../text/token.js';
import { negates } from './affirming-negation.js';
import { termKey } from './find-term.js';
import type { SlotConflict, SlotContext } from './slot-conflicts.js';

/** Modifiers of the same head that exclude each other, in English as words, in Korean as words or a compound's first part. */
const KINDS: ReadonlyArray<{ readonly en: readonly string[]; readonly ko: readonly string[] }> = [
  // Meats: 소고기, 돼지고기; beef and pork are words of their own, so "beef stew" against "pork stew".
  {
    en: ['beef', 'pork', 'chicken', 'lamb', 'mutton', 'duck', 'veal', 'goat'],
    ko: ['소', '쇠', '돼지', '닭', '양', '오리'],
  },
  // Korean sauces and pastes before what they season: 간장 양념, 고추장 양념, 된장 소스.
  { en: ['soy', 'chili', 'chilli'], ko: ['간장', '고추장', '된장', '춘장'] },
  // Bridge structures: 현수교 (suspension bridge) is 현수 + 교.
  { en: ['suspension', 'cantilever', 'arch', 'truss', 'beam', 'girder'], ko: ['현수', '사장', '아치', '트러스'] },
  // Connections of a device.
  { en: ['usb', 'firewire', 'thunderbolt', 'bluetooth', 'serial', 'parallel', 'hdmi', 'lightning'], ko: [] },
  // What drives an engine, a locomotive or a car.
  {
    en: ['steam', 'diesel', 'electric', 'petrol', 'gasoline', 'coal', 'nuclear', 'hydrogen'],
    ko: ['증기', '디젤', '전기'],
  },
  // A screen's colours.
  { en: ['monochrome', 'colour', 'color', 'greyscale', 'grayscale'], ko: ['흑백', '컬러'] },
];

interface KindedNoun {
  /** Index of the kind in KINDS, and the modifier within it. */
  readonly set: number;
  readonly modifier: string;
  /** The head's match key. */
  readonly head: string;
  /** Token index of the modifier (or of the compound). */
  readonly at: number;
}

/** The Korean particle after a noun, so that 양념에 and 양념 are one head. */
const KO_PARTICLE = /(?:에서|으로|에게|이나|로|에|을|를|이|가|은|는|의|과|와|도|만)$/u;
const bare = (t: Token) => (t.hangul ? termKey(t).replace(KO_PARTICLE, '') || termKey(t) : termKey(t));

/** Every modifier-and-head pair of a known kind in a text: two words, or a Korean compound. */
function kindedNouns(text: AnalyzedText): KindedNoun[] {
  const out: KindedNoun[] = [];
  for (const [i, t] of text.tokens.entries()) {
    const next = text.tokens[i + 1];
    const adjacent = next && next.sentence === t.sentence && !/[,;:()/]/.test(text.norm.text.slice(t.end, next.start));
    for (const [set, kind] of KINDS.entries()) {
      const words = t.hangul ? kind.ko : kind.en;
      const word = t.hangul ? bare(t) : t.text;
      if (words.includes(word) && adjacent && !next.stop && !next.inQuantity && next.hangul === t.hangul)
        out.push({ set, modifier: word, head: bare(next), at: i });
      // 돼지고기, 현수교: a compound of the kind and its head.
      if (t.hangul)
        for (const m of kind.ko)
          if (word.length > m.length && word.startsWith(m) && !kind.ko.includes(word))
            out.push({ set, modifier: m, head: word.slice(m.length), at: i });
    }
  }
  return out;
}

const COMPARES =
  /\b(?:than|compared|unlike|whereas|while|versus|vs|instead|rather|or|like)\b|보다|비해|달리|반면|대신|또는|처럼/iu;
/** Another time or another model: "before the Shinkansen, steam trains", "later models", 이전에는. */
const ANOTHER_TIME =
  /\b(?:before|after|later|earlier|previously|formerly|replaced|replacing|until|successor|predecessor|newer|older)\b|이전|이후|나중|예전|후속|전에는/iu;

/** A word of the sentence names the subject with the modifier on it: 돼지불고기, "pork bulgogi". */
function kindOfSubject(
  answer: AnalyzedText,
  sentence: number,
  modifier: string,
  head: string,
  keys: ReadonlySet<string>,
): boolean {
  // The check's own head after the modifier is the claim itself ("a cantilever bridge"), not a kind of the subject.
  const names = (t: Token) => bare(t) !== head && t.forms.some((f) => keys.has(f));
  return answer.tokens.some((t, i) => {
    if (t.sentence !== sentence) return false;
    if (t.hangul)
      return (
        t.text.startsWith(modifier) &&
        [...keys].some((k) => k.length >= 2 && t.text.slice(modifier.length).startsWith(k))
      );
    const next = answer.tokens[i + 1];
    return t.text === modifier && next?.sentence === sentence && names(next);
  });
}

/** The answer's noun of the check's head with another modifier of the check's kind. */
export function kindModifierConflict(ctx: SlotContext): SlotConflict | null {
  const { check, answer } = ctx;
  const wanted = kindedNouns(check).filter((k) => !check.tokens[k.at]?.paren);
  if (wanted.length === 0) return null;
  const said = kindedNouns(answer);
  // The answer's noun is said of the check's claim: its sentence holds another of the check's key
  // terms or names the subject (with the kind replaced, most of the claim's words may be elsewhere).
  const hits = new Set(ctx.coverage.hits.flatMap((h) => h.positions));
  const about = (sentence: number, head: string) =>
    answer.tokens.some(
      (t) =>
        t.sentence === sentence &&
        bare(t) !== head &&
        (hits.has(t.index) || t.forms.some((f) => ctx.subjectKeys.has(f))),
    );
  for (const w of wanted) {
    // The check's kind anywhere in the answer: "beef or pork", "a USB or FireWire cable".
    const named = said.some((s) => s.set === w.set && s.modifier === w.modifier);
    if (named || answer.tokens.some((t) => !t.hangul && t.text === w.modifier)) continue;
    for (const s of said) {
      if (s.set !== w.set || s.head !== w.head || s.modifier === w.modifier) continue;
      const tok = answer.tokens[s.at]!;
      if (!about(tok.sentence, s.head)) continue;
      const span = answer.sentences[tok.sentence];
      const text = span ? answer.original.slice(span.start, span.end) : '';
      if (COMPARES.test(text) || ANOTHER_TIME.test(text)) continue;
      // "돼지불고기는 돼지고기를", "pork bulgogi is made with pork": the sentence is about that kind of the subject.
      if (kindOfSubject(answer, tok.sentence, s.modifier, w.head, ctx.subjectKeys)) continue;
      if (answer.tokens.some((t) => t.sentence === tok.sentence && negates(answer, t.index))) continue;
      return { slot: 'kind', expected: `${w.modifier} ${w.head}`, stated: `${s.modifier} ${s.head}` };
    }
  }
  return null;
}
