/**
 * The core of an instruction: its verb and object, before the words that qualify them. "Rinse the
 * rice until the water runs clear" is about rinsing the rice; an answer that says "do not rinse
 * the rice" denies it even though it never mentions the water. Korean puts the verb last and marks
 * the object: 물이 맑아질 때까지 쌀을 씻는다 is 쌀을 씻는다.
 */
import type { AnalyzedText } from '../../text/analyze-text.js';
import { termKey } from './find-term.js';
import type { Coverage } from './term-coverage.js';

/** English words that end an instruction's verb and object: what follows qualifies them. */
const EN_QUALIFIERS = new Set(
  'until till so to for with in at on into onto before after while when by from over under through using then and or without within'.split(
    ' ',
  ),
);
const KO_OBJECT = /(?:을|를)$/u;

/**
 * Keys of the core's key terms, or null when the check has no core apart from all of it (one
 * sentence, at least two key terms in the core and at least one term outside it).
 */
export function coreKeys(check: AnalyzedText, termKeys: ReadonlySet<string>): Set<string> | null {
  if (check.sentences.length !== 1) return null;
  const keyed = check.tokens.filter((t) => termKeys.has(termKey(t)));
  let core: typeof keyed;
  if (check.tokens[0]?.hangul) {
    const verb = check.tokens[check.tokens.length - 1];
    const object = check.tokens.findLast((t) => t !== verb && KO_OBJECT.test(t.text) && t.forms.length > 1);
    core = keyed.filter((t) => t === verb || t === object);
  } else {
    const end = check.tokens.findIndex(
      (t, i) =>
        i > 0 && (EN_QUALIFIERS.has(t.text) || /[,;:]/.test(check.norm.text.slice(check.tokens[i - 1]!.end, t.start))),
    );
    core = keyed.filter((t) => end < 0 || t.index < end);
  }
  const keys = new Set(core.map(termKey));
  return keys.size >= 2 && keys.size < new Set(keyed.map(termKey)).size ? keys : null;
}

/** Words after a denied instruction that keep it whole: "do not rinse the rice at all". */
const EN_WHOLLY = new Set(['at', 'all', 'ever', 'again', 'anymore', 'first', 'beforehand']);

/**
 * The denial of an instruction's core is qualified right after it ("do not rinse the rice with hot
 * water", "never stretch the ball with a rolling pin"): the manner is denied, not the instruction.
 */
export function qualifiedDenial(answer: AnalyzedText, core: Coverage, cueAt: number): boolean {
  const cue = answer.tokens[cueAt];
  if (!cue || cue.hangul) return false;
  const inSentence = core.hits.flatMap((h) => h.positions).filter((p) => answer.tokens[p]?.sentence === cue.sentence);
  const last = Math.max(...inSentence.filter((p) => p > cueAt));
  const next = answer.tokens[last + 1];
  if (!Number.isFinite(last) || !next || next.sentence !== cue.sentence) return false;
  if (/[,;:.!?()]/.test(answer.norm.text.slice(answer.tokens[last]!.end, next.start))) return false;
  return !EN_WHOLLY.has(next.text);
}
