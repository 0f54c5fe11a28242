/**
 * Who did it, in Korean: the subject of a verb of a known deed (정약용이 설계했다, 세종이 1443년에
 * 창제했다). Korean names carry no capital, so the maker is read from its place instead: a word
 * with the subject particle 이/가 (께서) before the deed's verb, with at most a date, a place
 * or an object between. Another maker of the same deed (a synonym verb included) contradicts the
 * check when the answer names the check's maker nowhere: 채제공이 설계했습니다.
 */
import type { AnalyzedText } from '../../text/analyze-text.js';
import type { Token } from '../../text/token.js';
import { negates } from './affirming-negation.js';
import { predicateGroup, sameEvent } from './predicates.js';
import type { SlotConflict, SlotContext } from './slot-conflicts.js';

/** The subject particle, after a name of two syllables at least. */
const SUBJECT = /^(\p{Script=Hangul}{2,})(?:이|가|께서)$/u;
/** What may stand between the maker and the verb: a date, a place or time (에, 에서), an object (을, 를). */
const BETWEEN = /(?:에|에서|을|를|와|과|으로|로)$/u;
const REACH = 3;
/** Passive endings after a verb's first syllable: 그려져, 지어졌다, 세워진, 설계된, 건립되었다. */
const KO_PASSIVE = /(?:져|졌|진|되|된|됐|돼)/u;

interface Maker {
  /** The maker's name without its particle, and the words of the name before it (태조 이성계가). */
  readonly names: readonly string[];
  readonly group: number;
  readonly at: number;
}

/** The makers of known deeds in a text. */
function makers(text: AnalyzedText): Maker[] {
  const out: Maker[] = [];
  for (const [i, verb] of text.tokens.entries()) {
    if (!verb.hangul) continue;
    const group = predicateGroup(verb, false);
    // A passive verb's subject is what was done, not who did it: 두 사람이 그려져 있다 depicts them.
    if (group === null || KO_PASSIVE.test(verb.text.slice(1))) continue;
    for (let k = i - 1, n = 0; k >= 0 && n <= REACH; k--, n++) {
      const t = text.tokens[k];
      if (!t || t.sentence !== verb.sentence || t.negation) break;
      const m = SUBJECT.exec(t.text);
      if (m && !t.stop && !t.inQuantity) {
        const prev = text.tokens[k - 1];
        const names = [m[1]!];
        // A title or given name written before it without a particle: 태조 이성계가.
        if (prev?.hangul && prev.sentence === t.sentence && !prev.stop && prev.forms.length === 1)
          names.unshift(prev.text);
        out.push({ names, group, at: k });
        break;
      }
      if (!(t.inQuantity || BETWEEN.test(t.text))) break;
    }
  }
  return out;
}

const shares = (a: string, b: string) => a.includes(b) || b.includes(a);

/** Another maker for the check's deed in a Korean answer, when the check's maker is nowhere in it. */
export function koreanAgentConflict(ctx: SlotContext): SlotConflict | null {
  const want = makers(ctx.check);
  if (want.length === 0) return null;
  const answerWords = ctx.answer.tokens.filter((t: Token) => t.hangul).map((t) => t.text);
  if (want.some((w) => w.names.some((n) => answerWords.some((a) => a.includes(n))))) return null;
  for (const said of makers(ctx.answer)) {
    const w = want.find((x) => sameEvent(x.group, said.group));
    if (!w) continue;
    const name = said.names[said.names.length - 1]!;
    // The subject's own name, or a word of the check ("이 궁궐이 건립되었다"), is no maker.
    if (ctx.subjectKeys.has(name) || ctx.termForms.has(name)) continue;
    if (w.names.some((n) => shares(n, name))) continue;
    const s = ctx.answer.tokens[said.at]?.sentence;
    if (ctx.answer.tokens.some((t) => t.sentence === s && negates(ctx.answer, t.index))) continue;
    return { slot: 'agent', expected: w.names.join(' '), stated: name };
  }
  return null;
}
