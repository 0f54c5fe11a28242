/**
 * Korean particle and ending stripping. A token's forms are the token and
 * what is left after taking off one, two or three trailing particles or
 * endings; a check term meets an answer token when their forms share one.
 * Over-stripping (고양이 → 고양) is harmless because both sides are stripped
 * the same way.
 */
const words = (s: string): string[] => s.trim().split(/\s+/);

/**
 * Endings and particles of more than one syllable. The longest that ends a token is taken off
 * first, so each entry leaves what comes before it whole: 에서는 comes off in one step where
 * 는 then 에서 would take two of the three.
 */
const MULTI = [
  // Polite and formal verb endings: answers are often in 합니다 style, checks in 한다 style.
  ...words('되었습니다 했습니다 였습니다 입니다 습니다 합니다 됩니다'),
  // Plain-style verb and copula endings (공지한다, 공지했다, 필수이다).
  ...words('되었다 이었다 이다 였다 한다 했다 하다 된다'),
  // Connective and adnominal verb endings (공지하고, 공지하는, 공지하지만, 공지해야, 발효되어).
  ...words('하는 하고 하며 하여 해서 하지만 하지 하게 되지 지만 하면 해야 되는 되며 되어'),
  // Two particles stacked on a noun (서울에서는, 현장으로도, 고객에게서, 메일과는).
  ...words('에서는 에서도 에게서 으로는 으로도 으로서 으로써 에는 에도 와는 과는'),
  // Quotative endings (P1이라는 등급, 긴급이라고).
  ...words('이라는 이라고 라는 라고'),
  // Particles of two syllables (서버에서, 고객에게, 9시부터, 5일까지, 메일처럼, 전보다, 주마다).
  ...words('에서 에게 께서 부터 까지 처럼 보다 마다 으로 이나 이며 이고 만큼 한테'),
  // The plural 들, alone or with a case particle (고객들이, 고객들을).
  ...words('들이 들은 들을 들의 들'),
].sort((a, b) => b.length - a.length);

/** One-syllable particles and adnominal verb endings (고객은, 고객을, 서울에, 처리한, 처리될). */
const SINGLE = words('은 는 이 가 을 를 의 에 로 와 과 도 만 나 며 고 한 된 할 될');

/**
 * Particles that can follow a one-syllable noun (맛과, 물을, 날의) without being mistaken for part
 * of it; the others need two syllables before them, since after one they usually end the word
 * itself (나이 is no 나 + 이, 보고 no 보 + 고).
 */
const SAFE_AFTER_ONE = new Set(['을', '를', '은', '는', '과', '와', '의', '에', '도']);

function stripOnce(token: string): string | null {
  for (const s of MULTI) if (token.length > s.length && token.endsWith(s)) return token.slice(0, -s.length);
  for (const s of SINGLE) {
    const min = SAFE_AFTER_ONE.has(s) ? 1 : 2;
    if (token.length >= s.length + min && token.endsWith(s)) return token.slice(0, -s.length);
  }
  return null;
}

/** The token and its stripped forms, longest first. */
export function koreanForms(token: string): string[] {
  const forms = [token];
  let cur = token;
  for (let i = 0; i < 3; i++) {
    const next = stripOnce(cur);
    // A second ending off that leaves one syllable takes the word apart (가을에 → 가을, not 가).
    if (!next || (i > 0 && next.length < 2)) break;
    forms.push(next);
    cur = next;
  }
  return forms;
}

/** Every ending `koreanForms` takes off, longest first (for tests and the stop-word list). */
export const KO_ENDINGS: readonly string[] = [...MULTI, ...SINGLE];

/** A Korean topic or subject particle at the end of a word: 정문은, 후속 모델은, 층이, 발차기가. */
export const KO_TOPIC_ENDING = /(?:은|는|이|가)$/u;

/** Negation in Korean sits in the verb ending or before it: 않다, 아니다, 없다, 못, 안. */
export function isKoreanNegation(token: string): boolean {
  // 아닙니다 and 아녜요 contract 아니: the polite forms say it too, as 못합니다 does 못하다.
  return (
    /않|아니|아닌|아닙|아녜|없|못[하해했한할함합]/.test(token) || token === '안' || token === '못' || token === '미'
  );
}

const SYLLABLE_BASE = 0xac00;
const isSyllable = (c: string) => c >= '\uAC00' && c <= '\uD7A3';
/** Initial consonant index and vowel index of a Hangul syllable. */
function initialVowel(c: string): string {
  const n = c.charCodeAt(0) - SYLLABLE_BASE;
  return `${Math.floor(n / 588)}.${Math.floor((n % 588) / 28)}`;
}
const initial = (c: string) => String(Math.floor((c.charCodeAt(0) - SYLLABLE_BASE) / 588));
/** The syllable without its final consonant (뺀 → 빼, 인 → 이). */
const withoutFinal = (c: string) => {
  const n = c.charCodeAt(0) - SYLLABLE_BASE;
  return String.fromCharCode(SYLLABLE_BASE + n - (n % 28));
};

/**
 * A loose key for a verb in its plain form (절인다, 만든다, 뺀다, 담근다), so
 * that its conjugations (절여, 절인, 만들어, 빼고, 담가) meet: conjugation
 * changes the end of the stem, so the key keeps the first syllable and the
 * initial consonant of the second (or, for one-syllable stems, the initial
 * consonant and vowel). Null for words that are not plain-form verbs.
 */
export function koreanVerbKey(term: string): string | null {
  if (term.length < 2 || !term.endsWith('다') || ![...term].every(isSyllable)) return null;
  let stem = term.slice(0, -1);
  if (stem.length >= 2 && stem.endsWith('는')) stem = stem.slice(0, -1);
  else {
    const last = stem[stem.length - 1]!;
    // ㄴ다: the ㄴ is the present-tense ending, not part of the stem.
    if ((last.charCodeAt(0) - SYLLABLE_BASE) % 28 === 4) stem = stem.slice(0, -1) + withoutFinal(last);
  }
  if (stem.length >= 3) return `=${stem.slice(0, 2)}`;
  return stem.length === 2 ? `${stem[0]}|${initial(stem[1]!)}` : `@${initialVowel(stem[0]!)}`;
}

/** The keys of an answer token that a verb key can meet. */
export function koreanTokenKeys(token: string): string[] {
  if (!token || !isSyllable(token[0]!)) return [];
  const keys = [`@${initialVowel(token[0]!)}`, `=${token.slice(0, 2)}`];
  if (token.length >= 2 && isSyllable(token[1]!)) keys.push(`${token[0]}|${initial(token[1]!)}`);
  return keys;
}
