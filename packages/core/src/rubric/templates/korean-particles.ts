/**
 * Korean particles that depend on whether the previous syllable ends in a
 * consonant (받침): 을/를, 과/와, 이/가, 은/는. Unknown endings (most Latin words)
 * get the combined form, e.g. 을(를), as Korean software usually writes it.
 */
export type ParticlePair = readonly [afterConsonant: string, afterVowel: string];

export const OBJECT: ParticlePair = ['을', '를'];
export const WITH: ParticlePair = ['과', '와'];
export const SUBJECT: ParticlePair = ['이', '가'];
export const TOPIC: ParticlePair = ['은', '는'];

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
// Sino-Korean readings of 0–9: 영 일 이 삼 사 오 육 칠 팔 구.
const DIGIT_FINAL = [true, true, false, true, false, false, true, true, true, false];

/** True or false when the ending is known, undefined when it is not (e.g. most Latin words). */
export function endsInConsonant(word: string): boolean | undefined {
  // A particle follows the word before a trailing parenthesis: 서울(Seoul)은.
  const core = word
    .trim()
    .replace(/\s*[(（][^()（）]*[)）]$/u, '')
    .replace(/[\s'"’”」』.,!?]+$/u, '');
  const last = core.at(-1);
  if (last === undefined) return undefined;
  const code = last.codePointAt(0) ?? 0;
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) return (code - HANGUL_FIRST) % 28 !== 0;
  if (last >= '0' && last <= '9') return DIGIT_FINAL[Number(last)];
  const lower = core.toLowerCase();
  // English loanwords: final l, m, n (also before a silent e) keep a 받침: 엑셀, 타임, 라인.
  if (/(?:[lmn]|ng|[lmn]e)$/u.test(lower)) return true;
  if (/[aeiouy]$/u.test(lower)) return false;
  return undefined;
}

/** The word followed by the right form of the particle. */
export function withParticle(word: string, pair: ParticlePair): string {
  const final = endsInConsonant(word);
  const [consonant, vowel] = pair;
  if (final === undefined) return `${word}${consonant}(${vowel})`;
  return `${word}${final ? consonant : vowel}`;
}
