/**
 * Another first of a kind: the check names which instance came first (처음 출전한 해전은 사천해전,
 * "first used at the Battle of Sacheon"), and the answer says another instance was the first
 * (옥포해전에서 처음 사용되었다). In Korean the instances are compounds with one head (사천해전,
 * 옥포해전: a 해전 each); the answer must say "first" in the instance's clause and never name the check's.
 */
import type { AnalyzedText } from '../../text/analyze-text.js';
import type { Token } from '../../text/token.js';
import { negates } from './affirming-negation.js';
import { clauseIds } from './clauses.js';
import { termKey } from './find-term.js';

/** Words of being the first: 처음, 최초, 첫, first, earliest. */
export const FIRST = /^(?:first|earliest|최초|최초의|첫|처음|最初|初めて|首次|第一)$/u;

/** The word says "first", as written or in a form: 처음으로, 최초의. */
export const saysFirst = (t: Token): boolean => FIRST.test(t.text) || t.forms.some((f) => FIRST.test(f));
/** The head a compound of four syllables or more ends in: 해전 of 사천해전, 전투 of 한산도전투. */
const HEAD = 2;

interface Instance {
  readonly name: string;
  readonly head: string;
}

/**
 * An ordinal names a place in a row, not an instance (셋째 경일, 세 번째 경일), and a word with
 * digits is a date or a count (태종 13년 실록), not an instance's name.
 */
const NO_NAME = /째$|\d/u;

function instances(text: AnalyzedText, clause?: number): Instance[] {
  const out: Instance[] = [];
  const clauses = clauseIds(text);
  for (const [i, t] of text.tokens.entries()) {
    if (!t.hangul || t.inQuantity || NO_NAME.test(t.text) || (clause !== undefined && clauses[i] !== clause)) continue;
    const stem = termKey(t);
    if (stem.length >= HEAD + 2) out.push({ name: stem, head: stem.slice(-HEAD) });
    // Written apart: 칠천량 해전 is 칠천량해전 (a bare noun before the head, not 출전한 해전).
    const next = text.tokens[i + 1];
    const head =
      next?.hangul && !next.inQuantity && !NO_NAME.test(next.text) && clauses[i + 1] === clauses[i]
        ? termKey(next)
        : '';
    if (head.length === HEAD && stem.length >= 2 && t.text === stem) out.push({ name: stem + head, head });
  }
  return out;
}

/** The answer's other first instance, shown as written, or null. */
export function otherFirst(check: AnalyzedText, answer: AnalyzedText): { expected: string; stated: string } | null {
  if (!check.tokens.some(saysFirst)) return null;
  const wanted = instances(check);
  if (wanted.length === 0) return null;
  const said = new Set(answer.tokens.map(termKey));
  for (const w of wanted) {
    if (said.has(w.name)) continue;
    const clauses = clauseIds(answer);
    for (const t of answer.tokens) {
      if (!saysFirst(t)) continue;
      const clause = clauses[t.index];
      // The first said of the instance in its own clause: 사천 앞바다에서 처음 나섰고, 이어 당항포 해전과 …
      // puts 당항포 in the next one.
      if (answer.tokens.some((u) => clauses[u.index] === clause && (u.negation || negates(answer, u.index)))) continue;
      // The clause names the check's instance by its own part (처음으로 실내에서 규칙을 갖춘 경기 for 첫
      // 실내 경기, 앤트워프 올림픽에서 처음 정식 종목으로 for 처음 올림픽 종목): no other first.
      const part = w.name.slice(0, -HEAD);
      const namesOwn =
        part.length >= 2 && answer.tokens.some((u) => clauses[u.index] === clause && termKey(u).startsWith(part));
      const other = instances(answer, clause).find((i) => i.head === w.head && i.name !== w.name);
      if (other && !namesOwn) return { expected: w.name, stated: other.name };
    }
  }
  return null;
}
