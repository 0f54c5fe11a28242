/** Parsing of the number part of a quantity: digits, scale words, Korean 만/억, spelled-out small numbers. */

export const EN_NUMBER_WORDS: Readonly<Record<string, number>> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  dozen: 12,
};

/** Tens that take a unit word after a hyphen or space: `forty-four`, `twenty one`. */
export const EN_TENS = 'twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety';
export const EN_UNITS = 'one|two|three|four|five|six|seven|eight|nine';
/** Scale words after a spelled-out number or `a`: `a hundred`, `two thousand`, `forty-four million`. */
export const EN_SCALE_WORDS = 'hundred|thousand|million|billion|trillion';

/**
 * `forty-four` → 44, `a hundred` → 100, `two hundred thousand` → 200,000: number words add up,
 * `hundred` multiplies the words before it, and a larger scale word closes a section (as 만 does).
 */
export function parseEnglishNumber(s: string): number {
  let total = 0;
  let section = 0;
  for (const word of s.split(/[\s-]+/)) {
    const scale = EN_SCALE[word];
    if (word === 'hundred') section = (section || 1) * 100;
    else if (scale !== undefined) {
      total += (section || 1) * scale;
      section = 0;
    } else section += word === 'a' || word === 'an' ? 1 : (EN_NUMBER_WORDS[word] ?? 0);
  }
  return total + section;
}

/** Korean native numerals as determiners (`두 시간`, `세 가지`) and as words (`둘`, `셋`). */
export const KO_NATIVE: Readonly<Record<string, number>> = {
  한: 1,
  두: 2,
  세: 3,
  네: 4,
  하나: 1,
  둘: 2,
  셋: 3,
  넷: 4,
  다섯: 5,
  여섯: 6,
  일곱: 7,
  여덟: 8,
  아홉: 9,
  열: 10,
  스무: 20,
  스물: 20,
  서른: 30,
  마흔: 40,
  쉰: 50,
  예순: 60,
  일흔: 70,
  여든: 80,
  아흔: 90,
};

/** Native tens and units that join into one word: 스물다섯, 서른두, 열한. */
export const KO_NATIVE_TENS = '스물|서른|마흔|쉰|예순|일흔|여든|아흔|열';
export const KO_NATIVE_ONES = '하나|한|둘|두|셋|세|넷|네|다섯|여섯|일곱|여덟|아홉';

/** `서른두` → 32, `스무` → 20, `열한` → 11: a native ten, a native unit, or both. */
export function parseKoreanNative(s: string): number | undefined {
  const m = new RegExp(`^(${KO_NATIVE_TENS}|스무)?(${KO_NATIVE_ONES})?$`).exec(s);
  if (!m || (!m[1] && !m[2])) return undefined;
  return (m[1] ? (KO_NATIVE[m[1]] ?? 0) : 0) + (m[2] ? (KO_NATIVE[m[2]] ?? 0) : 0);
}

/** Sino-Korean digits written in Hangul: 백이십 is 1 × 100 + 2 × 10. */
const KO_SINO_DIGITS: Readonly<Record<string, number>> = {
  영: 0,
  공: 0,
  일: 1,
  이: 2,
  삼: 3,
  사: 4,
  오: 5,
  육: 6,
  칠: 7,
  팔: 8,
  구: 9,
};
export const KO_SINO_DIGIT = '[일이삼사오육칠팔구]';

const EN_SCALE: Readonly<Record<string, number>> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  trillion: 1e12,
};

export function enScale(word: string): number | undefined {
  return EN_SCALE[word];
}

/** `1,200.5` → 1200.5 */
export function parseDigits(s: string): number {
  return Number(s.replace(/[,\s]/g, ''));
}

/** Chinese and Japanese digits: 三百万 is 3 × 100 × 10⁴. */
const HAN_DIGITS: Readonly<Record<string, number>> = {
  〇: 0,
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  兩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

const KO_SMALL: Readonly<Record<string, number>> = { 십: 10, 백: 100, 천: 1000, 十: 10, 百: 100, 千: 1000 };
/** Chinese and Japanese magnitudes as well: 万 萬 (10⁴), 億 亿 (10⁸), 兆 (10¹², as 조). */
const KO_BIG: Readonly<Record<string, number>> = {
  만: 1e4,
  억: 1e8,
  조: 1e12,
  万: 1e4,
  萬: 1e4,
  億: 1e8,
  亿: 1e8,
  兆: 1e12,
};

/**
 * `1억 2천만` → 120,000,000; `50만` → 500,000; `2.5억` → 250,000,000; `천만` → 10,000,000;
 * Sino-Korean words too: `백이십` → 120, `삼만 이천` → 32,000.
 * Reads digits and 십/백/천 into a section below 만, and 만/억/조 close a section.
 */
export function parseKoreanNumber(s: string): number {
  let total = 0;
  let section = 0;
  let pending: number | null = null;
  for (const tok of s
    .replace(/\s+/g, '')
    .match(/\d[\d,]*(?:\.\d+)?|[십백천만억조十百千万萬億亿兆〇零一二两兩三四五六七八九일이삼사오육칠팔구]/g) ?? []) {
    const small = KO_SMALL[tok];
    const big = KO_BIG[tok];
    if (small !== undefined) {
      section += (pending ?? 1) * small;
      pending = null;
    } else if (big !== undefined) {
      const n = section + (pending ?? 0);
      total += (n === 0 ? 1 : n) * big;
      section = 0;
      pending = null;
    } else {
      pending = HAN_DIGITS[tok] ?? KO_SINO_DIGITS[tok] ?? parseDigits(tok);
    }
  }
  return total + section + (pending ?? 0);
}
