import { findDates } from './dates.js';
import { EN_NEGATIONS, stemEnglish } from './english.js';
import { EU_NUMBER, parseEuropeanNumber } from './european-number-words.js';
import { type NormalizedText, normalizeWithOffsets } from './normalize.js';
import {
  EN_NUMBER_WORDS,
  EN_SCALE_WORDS,
  EN_TENS,
  EN_UNITS,
  enScale,
  KO_NATIVE,
  KO_NATIVE_ONES,
  KO_NATIVE_TENS,
  KO_SINO_DIGIT,
  parseDigits,
  parseEnglishNumber,
  parseKoreanNative,
  parseKoreanNumber,
} from './number-words.js';
import {
  CURRENCY_BEFORE,
  HANGUL_UNITS,
  LATIN_UNITS,
  type QuantityKind,
  UNIT_AFTER,
  unitInfo,
} from './quantity-units.js';
import { EN_STOP_WORDS } from './stop-words.js';

export type { QuantityKind } from './quantity-units.js';

/**
 * A value stated in text, in canonical form so that `90분`, `1시간 30분` and
 * `an hour and a half` are the same quantity.
 * - duration: unit `minute` (minutes, hours, days, weeks), `second`, or `month` (months, years)
 * - date: unit `date`, value `yyyy-mm-dd`, `yyyy-mm`, `yyyy` or `--mm-dd`; time: unit `time`, value `HH:MM`
 * - money: unit `KRW`, `USD`, `EUR`, `JPY`, `GBP`; value in base units (won, dollars)
 * - percent `%`; version (value `'2.3'`); length `character`, `word`, `metre`, `foot`, `mile`;
 *   mass `gram`; temperature `°C`/`°F`; size `byte` (kB, MB = 10³, 10⁶; KiB = 2¹⁰); area `square metre`; count (unit: the counted noun or Korean counter); number (unit `''`)
 */
export interface Quantity {
  kind: QuantityKind;
  unit: string;
  value: number | string;
  /** Upper end of a range (`30~45분`, `3-5 days`); `value` is the lower end. */
  max?: number;
  /** Hedged: `about`, `약`, `~`, `가량`, `정도`. */
  approx?: boolean;
  /**
   * Of a hedged single value: half a unit of its last significant digit, in canonical units, so
   * that "about a month" stands for 0.5 to 1.5 months, "about 450 m" for 445 to 455 m.
   */
  spread?: number;
  /** Known only to its order of magnitude ("a few hours", "dozens of", 수백): no value to require. */
  vague?: boolean;
  /** The text as written. */
  raw: string;
  /** Offsets into the original text (end exclusive). */
  start: number;
  end: number;
}

interface Atom {
  start: number;
  end: number;
  num: number;
  /** Digits as written (for versions); null for words. */
  digits: string | null;
  /** Spelled out (`three`, `두`): counts only with a unit or noun after it. */
  spelled: boolean;
  scaled: boolean;
}

interface Found {
  start: number;
  end: number;
  kind: QuantityKind;
  unit: string;
  value: number | string;
  num: number;
  factor: number;
  max?: number;
  approx?: boolean;
  vague?: boolean;
}

const DIG = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
// A number starts after a non-letter; `v` is allowed for `v2.3` but not inside a word (`mp3`, `rev2`).
// A comma stops a number only after a digit (`1,2345`): a full-width `，` (NFKC `,`) before `1425年` is punctuation.
const NUM_START = String.raw`(?<![a-uw-z\d.])(?<!\d,)(?<![a-z]v)`;
const EN_WORDS = Object.keys(EN_NUMBER_WORDS).join('|');
/** `forty-four`, `twenty one` */
const EN_COMPOUND = `(?:${EN_TENS})[-\\s](?:${EN_UNITS})`;
/** One spelled-out number below a hundred: `forty-four`, `twelve`. */
const EN_SEGMENT = `(?:${EN_COMPOUND}|${EN_WORDS})`;
/** How many of the parts: "three-quarters of an hour" is 3/4 of one. */
const FRACTION_COUNTS: Readonly<Record<string, number>> = { a: 1, one: 1, two: 2, three: 3, four: 4 };
/** The parts of one unit that "a … of a" names: a tenth of a second is 0.1 s. */
const FRACTIONS: Readonly<Record<string, number>> = {
  third: 3,
  quarter: 4,
  fifth: 5,
  tenth: 10,
  hundredth: 100,
  thousandth: 1000,
};
/**
 * Measures that `a` and `half a` count (`a mile`, `half a kilo`); not `a ton of`, `a foot`, `a word`,
 * which are as often no measure.
 */
const MEASURE_AHEAD = String.raw`(?=\s+(?:kilomet(?:re|er)|mile|met(?:re|er)|pound|kilo(?:gram)?|tonne|ounce|inch|yard)\b)`;
const DURATION_AHEAD = String.raw`(?=\s+(?:hours?|days?|weeks?|months?|years?|minutes?|seconds?)\b)`;
/** Chinese and Japanese magnitude characters after digits (`50万`, `3億`, `2千`), read as 만/억/천 are. */
const CJK_MAGNITUDE = '[十百千万萬億亿兆]';
const KO_NATIVE_UNITS =
  '시간|개월|달|주|해|가지|개|명|번|곳|권|장|대|마리|차례|단계|잔|컵|살|그릇|층|그루|채|벌|큰술|작은술|숟가락|스푼|꼬집|줌|포기|송이|조각|뿌리|바퀴|쪽|점|초|발|세트|경기|라운드|알|모|근|톨|가닥|켤레|집|줄';
/** One section of a Sino-Korean numeral below 만: 천오백, 이십오, 백. */
const KO_SINO_SECTION = `(?:${KO_SINO_DIGIT}?천)?(?:${KO_SINO_DIGIT}?백)?(?:${KO_SINO_DIGIT}?십)?${KO_SINO_DIGIT}?`;
/**
 * What may follow a unit after a Hangul numeral: nothing Hangul, or a particle or ending (백이십
 * 개가, 삼십 년 동안, 오십 미터입니다). A numeral syllable begins many words (천주교, 이천시),
 * so a unit that runs on into another word is none.
 */
const KO_AFTER_UNIT =
  '(?![가-힣])|이|가|은|는|을|를|에|의|도|로|와|과|만|부터|까지|간|동안|째|씩|쯤|정도|가량|이상|이하|이내|전|후|입|였|짜리|당|밖';
/**
 * After a unit written onto its numeral, only a particle: 사천해전 is the battle of 사천 (해전, a
 * naval battle), not 4,000 years before, and 이천시 is a city.
 */
const KO_AFTER_UNIT_JOINED = '(?![가-힣])|이|가|은|는|을|를|에|의|도|로|와|과|만|부터|까지|째|씩|입|였';
/**
 * A Sino-Korean numeral written in Hangul (백이십, 천오백, 삼만 이천, 이십오), read only when it
 * holds a magnitude (십, 백, 천, 만, 억) and a unit or counter follows: alone, 이 and 오 are words,
 * and 만점 is full marks, not 10,000 points.
 */
const KO_SINO_NUMERAL = `(?<![가-힣])(?!만점)(?=${KO_SINO_DIGIT}?[십백천만억])(?:${KO_SINO_SECTION}[만억조]\\s?)*${KO_SINO_SECTION}(?=\\s(?:${HANGUL_UNITS})(?:${KO_AFTER_UNIT})|(?:${HANGUL_UNITS})(?:${KO_AFTER_UNIT_JOINED}))`;

/**
 * Chinese and Japanese numerals with a magnitude (六十, 三百万, 一千二百), read only before a unit or
 * a classifier: alone they are words (十分 "very", 百姓 "the people", 万一 "in case").
 */
const HAN_NUMERAL = '[〇零一二两兩三四五六七八九]?(?:[十百千万萬億亿][〇零一二两兩三四五六七八九]?)+';
const HAN_COUNTED = '[人个個名位本册冊只隻头頭匹张張件座次部首条條所家层層岁歳歲元円米公里千克吨噸]';

/** Units after a Chinese or Japanese numeral that HAN_COUNTED's single characters miss: 三万キロ, 五時間. */
const KANA_UNITS =
  '平方|公斤|公顷|キロ|メートル|センチ|ミリ|トン|グラム|ドル|ポンド|マイル|時間|小时|小時|週間|星期|か月|ヶ月|カ月|个月|個月|分間|秒';

const HAN_MEASURES =
  '公里|千米|公斤|千克|吨|噸|个小时|個小時|小时|小時|个月|個月|分钟|分鐘|キロ|メートル|トン|グラム|時間|週間|か月|ヶ月|カ月';

type AtomRule = readonly [RegExp, (m: RegExpExecArray) => Omit<Atom, 'start' | 'end'>];

/**
 * Numbers written the Spanish, French and German way, read only where no English reading fits:
 * a decimal comma before a unit (2,5 km, 1,75 m: an English thousands comma has three digits
 * after it), and thousands points before a unit word of those languages (1.000 Kilometer,
 * 2.500 metros, 1.000.000 Einwohner). "1.500 km" stays 1.5 km, and 192.168.100.200 an address.
 */
const EU_UNIT_WORD = `(?:kil[oó]met(?:ros?|ern?|res?)|kilomètres?|met(?:ros|ern)|mètres?|toneladas?|tonnen|kilogramos?|kilogramm(?:es?)?|gramos|gramm|años|jahren?|habitantes|habitants|einwohnern?)(?![a-zà-ÿß])`;
const EU_DECIMAL = String.raw`${NUM_START}\d+,\d{1,2}(?![\d,])(?=\s?(?:${LATIN_UNITS})(?![a-zà-ÿß]))`;
const EU_THOUSANDS = String.raw`${NUM_START}[1-9]\d{0,2}(?:\.\d{3})+(?=\s?${EU_UNIT_WORD})`;

const ATOM_RULES: readonly AtomRule[] = [
  // 100분의 1초 and 1/100초: a fraction of a unit, not 100 minutes and one second.
  [
    /(?<![\d.,])(\d{1,4})\s?분의\s?(\d{1,3})(?!\d)|(?<![\d/.,])1\/(10|100|1000)(?![\d/])/g,
    (m) => ({
      num: m[3] ? 1 / Number(m[3]) : Number(m[2]) / Number(m[1]),
      digits: null,
      spelled: false,
      scaled: true,
    }),
  ],
  [
    new RegExp(EU_DECIMAL, 'g'),
    (m) => ({ num: Number(m[0].replace(',', '.')), digits: null, spelled: false, scaled: true }),
  ],
  [
    new RegExp(EU_THOUSANDS, 'g'),
    (m) => ({ num: Number(m[0].replace(/\./g, '')), digits: null, spelled: false, scaled: true }),
  ],
  [
    new RegExp(
      `${NUM_START}(?:${DIG})(?:\\s?(?:[십백천만억조](?!약|큼|화점|각)|${CJK_MAGNITUDE}))+(?:\\s?(?:${DIG})(?:\\s?(?:[십백천만억조]|${CJK_MAGNITUDE}))+)*(?:\\s?\\d[\\d,]*(?=\\s?원))?`,
      'g',
    ),
    (m) => ({ num: parseKoreanNumber(m[0]), digits: null, spelled: false, scaled: true }),
  ],
  [
    new RegExp(`(?<!\\d)${HAN_NUMERAL}(?=${HAN_COUNTED}|${KANA_UNITS})`, 'gu'),
    (m) => ({ num: parseKoreanNumber(m[0]), digits: null, spelled: false, scaled: true }),
  ],
  [
    // One Han digit before a measure (两公里, 三吨, 五キロ): classifiers (一个, 一部分) and 年 are left out.
    new RegExp(`(?<![\\d〇零一二两兩三四五六七八九十百千万萬億亿])[一二两兩三四五六七八九](?=${HAN_MEASURES})`, 'gu'),
    (m) => ({ num: parseKoreanNumber(m[0]), digits: null, spelled: false, scaled: true }),
  ],
  [
    /(?<![가-힣\d])[십백천]?[만억](?=\s?원)/g,
    (m) => ({ num: parseKoreanNumber(m[0]), digits: null, spelled: false, scaled: true }),
  ],
  [
    new RegExp(`${NUM_START}(${DIG})(?:(k)(?![a-z])|\\s?(thousand|million|billion|trillion|bn|mn)(?![a-z]))`, 'g'),
    (m) => ({ num: parseDigits(m[1]!) * (enScale(m[2] ?? m[3]!) ?? 1), digits: null, spelled: false, scaled: true }),
  ],
  [
    new RegExp(`(?:${NUM_START}(${DIG})|\\b(${EN_WORDS}))\\s+and\\s+a\\s+half${DURATION_AHEAD}`, 'g'),
    (m) => ({
      num: (m[1] ? parseDigits(m[1]) : (EN_NUMBER_WORDS[m[2]!] ?? 0)) + 0.5,
      digits: null,
      spelled: false,
      scaled: false,
    }),
  ],
  [
    // "two point four metres", "zero point five": a decimal spelled out, digit by digit after "point".
    new RegExp(`\\b(${EN_SEGMENT})\\s+point((?:\\s+(?:zero|${EN_UNITS}))+)\\b`, 'g'),
    (m) => ({ num: spelledDecimal(m[1]!, m[2]!), digits: null, spelled: true, scaled: false }),
  ],
  [
    new RegExp(`${NUM_START}\\d+(?:\\.\\d+){2,}`, 'g'),
    (m) => ({ num: Number.parseFloat(m[0]), digits: m[0], spelled: false, scaled: false }),
  ],
  [
    new RegExp(`${NUM_START}(?:${DIG})`, 'g'),
    (m) => ({ num: parseDigits(m[0]), digits: m[0], spelled: false, scaled: false }),
  ],
  [
    // `two thousand five hundred`, `one hundred and twenty`, `a hundred twenty`: what follows the
    // last scale word is a number below it, so `between one hundred and two hundred` stays two values.
    new RegExp(
      `\\b(?:${EN_SEGMENT}|an?)(?:\\s+(?:${EN_SCALE_WORDS}))+(?:\\s+${EN_SEGMENT}(?:\\s+(?:${EN_SCALE_WORDS}))+)*(?:\\s+(?:and\\s+)?${EN_SEGMENT}(?![\\s-]+(?:${EN_SCALE_WORDS})))?\\b`,
      'g',
    ),
    (m) => ({ num: parseEnglishNumber(m[0]), digits: null, spelled: false, scaled: true }),
  ],
  [
    new RegExp(`\\b${EN_COMPOUND}\\b`, 'g'),
    (m) => ({ num: parseEnglishNumber(m[0]), digits: null, spelled: true, scaled: false }),
  ],
  [/\ba\s+dozen\b/g, () => ({ num: 12, digits: null, spelled: true, scaled: false })],
  [
    // "a tenth of a second", "three-quarters of an hour": the fraction of one unit, not the unit.
    new RegExp(
      `\\b(a|one|two|three|four)[\\s-]+(third|quarter|fifth|tenth|hundredth|thousandth)s?\\s+of\\s+an?(?:${DURATION_AHEAD}|${MEASURE_AHEAD})`,
      'g',
    ),
    (m) => ({
      num: (FRACTION_COUNTS[m[1]!] ?? 1) / (FRACTIONS[m[2]!] ?? 1),
      digits: null,
      spelled: false,
      scaled: false,
    }),
  ],
  [
    new RegExp(`\\bhalf\\s+an?(?:${DURATION_AHEAD}|${MEASURE_AHEAD})`, 'g'),
    () => ({ num: 0.5, digits: null, spelled: false, scaled: false }),
  ],
  [
    new RegExp(`\\ban?(?:${DURATION_AHEAD}|${MEASURE_AHEAD})`, 'g'),
    () => ({ num: 1, digits: null, spelled: false, scaled: false }),
  ],
  // `a couple of days`, `a pair of shoes`: two, counted by what follows.
  [/\ba\s+(?:couple|pair)\s+of\b/g, () => ({ num: 2, digits: null, spelled: true, scaled: false })],
  [
    new RegExp(`\\b(?:${EN_WORDS})\\b`, 'g'),
    (m) => ({ num: EN_NUMBER_WORDS[m[0]] ?? 0, digits: null, spelled: true, scaled: false }),
  ],
  [
    // Spanish, French and German number words before a unit: dos mil kilómetros, trois cents mètres, zweihundert Meter.
    new RegExp(`(?<![a-zà-ÿß])${EU_NUMBER}(?=\\s?(?:${LATIN_UNITS})(?![a-zà-ÿß]))`, 'g'),
    (m) => ({ num: parseEuropeanNumber(m[0]) ?? 0, digits: null, spelled: false, scaled: true }),
  ],
  [
    new RegExp(KO_SINO_NUMERAL, 'g'),
    (m) => ({ num: parseKoreanNumber(m[0]), digits: null, spelled: false, scaled: true }),
  ],
  [
    // Native numerals: 두 명, 스무 살, 서른두 살, 마흔 번, 열한 개; not 한쪽 (one side), a word of its own.
    new RegExp(
      `(?<![가-힣])(?:(?:${KO_NATIVE_TENS})(?:${KO_NATIVE_ONES})?|스무|한|두|세|네|다섯|여섯|일곱|여덟|아홉)(?!쪽)(?=\\s?(?:${KO_NATIVE_UNITS})(?!째))`,
      'g',
    ),
    (m) => ({ num: parseKoreanNative(m[0]) ?? 0, digits: null, spelled: true, scaled: false }),
  ],
  [
    /(?<![가-힣])(?:하나|둘|셋|넷)(?=(?:이|가|은|는|을|를|와|과|도|뿐|의)?(?![가-힣]))/g,
    (m) => ({ num: KO_NATIVE[m[0]] ?? 0, digits: null, spelled: true, scaled: false }),
  ],
];

/**
 * Hedges before a value, in every language the judge reads: "about", 약, 대략, 約, およそ, 大约,
 * aproximadamente, "unos", environ, "près de", etwa, ungefähr, rund.
 */
const APPROX_BEFORE =
  /(?:\b(?:about|around|approximately|approx\.?|roughly|nearly|almost|some|circa|c\.|more or less|or so)|약|대략|거의|어림잡아|~|約|约|大约|大約|大概|およそ|ほぼ|だいたい|大体|将近|將近|近|差不多|\b(?:aproximadamente|alrededor de|cerca de|unos|unas|casi|environ|près de|presque|quelque|etwa|ungefähr|rund|circa|ca\.|beinahe|knapp))\s?$/u;
/** "two" and " four" → 2.4; "zero" and " five two" → 0.52. */
function spelledDecimal(whole: string, digits: string): number {
  const after = digits
    .trim()
    .split(/\s+/u)
    .map((w) => EN_NUMBER_WORDS[w] ?? 0)
    .join('');
  return Number(`${parseEnglishNumber(whole)}.${after}`);
}

/**
 * A reign before a Korean year: a king's temple name (태조, 세종, 광해군, 문무왕) or a Japanese era
 * (메이지). 재위 and 즉위 are left alone: 재위 32년 is how long a king reigned.
 */
const KO_REIGN_BEFORE = /(?:(?<![가-힣])[가-힣]{1,3}(?:조|종|군|왕)|메이지|다이쇼|쇼와|헤이세이)\s?$/u;
/**
 * Hedges after a value: 가량, 쯤, 정도, 무렵, 左右, 前後, ほど, くらい, "or so", "-ish"; 여, 경 and 께
 * only unspaced (3년여, 1610년경, 1610년께; not 270 여성 or 1610년 경복궁).
 */
const APPROX_AFTER =
  /\s?(?:가량|정도|쯤|남짓|내외|안팎|무렵|전후|左右|上下|前後|ほど|くらい|ぐらい|程度|余り|多)|(?:경|께)(?![가-힣])|경(?=에|의|부터|까지)|여|\s+or\s+so\b|-ish\b|\s+give\s+or\s+take\b/y;
const VERSION_BEFORE = /(?:(?<![a-z])v|(?<![a-z])ver\.?\s?|version\s|버전\s?|release\s|릴리스\s?)$/;
const VERSION_AFTER = /\s?버전/y;
const MONEY_SCALE_AFTER = /\s?(m|mn|b|bn)(?![a-z])/y;
/** 2시간 반, 6집 반이다, 반의: a half after the unit, with a particle or a copula (not 반으로, 반칙, 반죽). */
const HALF_AFTER = /\s?반(?=의|은|을|에|도|만|이|입니|(?![가-힣a-z]))|\s+and\s+a\s+half(?![a-z])/y;
/**
 * Words that begin with a unit or counter but are none (3분기 is a quarter, not 3 minutes; 2일부,
 * 3주요, 5자료, 2대신, 3번째 an ordinal): the number before them is a plain number.
 */
export const NOT_UNIT_WORDS: readonly string[] = [
  ...'분기 일부 일반 일정 일단 일상 주요 주의 주로 주제 자료 자동 자체 달리 시간대'.split(' '),
  ...'대신 대부분 대표 대한 명칭 번째'.split(' '),
];
const NOT_A_UNIT = new RegExp(NOT_UNIT_WORDS.join('|'), 'y');
const COUNT_NOUN_AFTER = /\s([a-z][a-z-]{2,})/y;
/**
 * Words after a number that are not what it counts: `404 instead of 403` and `404 not found`
 * state the number 404, and must compare with a plain `404`. Negations, cues of replacement and
 * adverbs of time and place (`3 days ago` is read as a duration before this applies, `404 again`
 * is not), and verbs a number is the subject of. Stop words (`than`, `rather`) are never counted nouns already.
 */
export const NOT_COUNTED: ReadonlySet<string> = new Set([
  ...EN_NEGATIONS,
  'instead',
  ...'ago later earlier again even still too yet now alone apart away back down out off'.split(' '),
  // Verbs a number or an age is the subject of: "children under 15 get a poom belt".
  ...'get gets got receive receives become becomes need needs'.split(' '),
]);

function sticky(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

function findAtoms(text: string, taken: ReadonlyArray<{ start: number; end: number }>): Atom[] {
  const candidates: Atom[] = [];
  for (const [re, parse] of ATOM_RULES) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      candidates.push({ start: m.index, end: m.index + m[0].trimEnd().length, ...parse(m) });
    }
  }
  candidates.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Atom[] = [];
  const used = [...taken];
  for (const c of candidates) {
    if (used.some((u) => c.start < u.end && c.end > u.start)) continue;
    if (listMarker(text, c)) continue;
    out.push(c);
    used.push(c);
  }
  return out.sort((a, b) => a.start - b.start);
}

/** "3. The trap closes", "2) Rinse it": the number of an item in a list, at the start of its line. */
function listMarker(text: string, a: { start: number; end: number; digits: string | null }): boolean {
  if (!a.digits || !/^\d{1,2}$/.test(a.digits)) return false;
  const lineStart = text.lastIndexOf('\n', a.start - 1) + 1;
  return /^[\s>*#-]*$/.test(text.slice(lineStart, a.start)) && /^[.)]\s/.test(text.slice(a.end, a.end + 2));
}

function versionOf(digits: string): string {
  return digits.replace(/(?:\.0+)+$/, '');
}

function hedged(text: string, start: number, end: number): boolean {
  return APPROX_BEFORE.test(text.slice(Math.max(0, start - 16), start)) || sticky(APPROX_AFTER, text, end) !== null;
}

/**
 * Nouns that count the same thing: 86 storeys are 86 floors, and eleven men, eleven workers and
 * eleven people are one count of persons (as 명 is in Korean).
 */
const COUNT_SYNONYMS: ReadonlyMap<string, string> = new Map([
  ['storey', 'floor'],
  ['story', 'floor'],
  ...'man men woman women people person persons individuals workers'
    .split(' ')
    .map((w) => [stemEnglish(w), 'person'] as const),
]);

/** Attaches what is written around a number: currency, version prefix, unit, hedge. */
function classify(text: string, a: Atom): Found | null {
  const before = text.slice(Math.max(0, a.start - 16), a.start);
  const approx = hedged(text, a.start, a.end);
  const base = { start: a.start, num: a.num, ...(approx && { approx: true }) };
  for (const [re, currency] of CURRENCY_BEFORE) {
    const sign = re.exec(before);
    if (!sign) continue;
    let num = a.num;
    let end = a.end;
    const scale = a.scaled ? null : sticky(MONEY_SCALE_AFTER, text, a.end);
    if (scale) {
      num *= { m: 1e6, mn: 1e6, b: 1e9, bn: 1e9 }[scale[1] as 'm'] ?? 1;
      end += scale[0].length;
    }
    const start = a.start - sign[0].length;
    return { ...base, start, end, num, kind: 'money', unit: currency, value: num, factor: 1 };
  }
  const vBefore = a.digits ? VERSION_BEFORE.exec(before) : null;
  const vAfter = a.digits ? sticky(VERSION_AFTER, text, a.end) : null;
  if (a.digits && (vBefore || vAfter)) {
    return {
      ...base,
      start: a.start - (vBefore?.[0].length ?? 0),
      end: a.end + (vAfter?.[0].length ?? 0),
      kind: 'version',
      unit: '',
      value: versionOf(a.digits),
      factor: 1,
    };
  }
  // 270여 년, 10여 명: 여 ("and some") between a number and its unit hedges the number.
  const some = a.digits !== null && text[a.end] === '여' ? 1 : 0;
  if (!sticky(NOT_A_UNIT, text, a.end)) {
    const u = sticky(UNIT_AFTER, text, a.end + some);
    const info = u ? unitInfo(u[1]!) : undefined;
    if (u && info) {
      let num = a.num;
      let end = a.end + some + u[0].length;
      // 2시간 반, and a Korean counter's half too: 덤 6집 반, 두 컵 반.
      const halves = info.kind === 'duration' || (info.kind === 'count' && /^\p{Script=Hangul}+$/u.test(info.unit));
      const half = halves ? sticky(HALF_AFTER, text, end) : null;
      if (half) {
        num += 0.5;
        end += half[0].length;
      }
      const hedge = some ? { approx: true } : {};
      return {
        ...base,
        ...hedge,
        end,
        num,
        kind: info.kind,
        unit: info.unit,
        value: num * info.factor,
        factor: info.factor,
      };
    }
  }
  const isYear = a.digits !== null && /^\d{4}$/.test(a.digits) && a.num >= 1000 && a.num < 2100;
  const noun = sticky(COUNT_NOUN_AFTER, text, a.end);
  if (noun && !EN_STOP_WORDS.has(noun[1]!) && !NOT_COUNTED.has(noun[1]!) && (!isYear || noun[1]!.endsWith('s'))) {
    const stem = stemEnglish(noun[1]!);
    const unit = COUNT_SYNONYMS.get(stem) ?? stem;
    return { ...base, end: a.end + noun[0].length, kind: 'count', unit, value: a.num, factor: 1 };
  }
  if (a.spelled || a.digits === null)
    return a.scaled ? { ...base, end: a.end, kind: 'number', unit: '', value: a.num, factor: 1 } : null;
  if (isYear) return { ...base, end: a.end, kind: 'date', unit: 'date', value: a.digits, factor: 1 };
  if (/^\d+(?:\.\d+){2,}$/.test(a.digits))
    return { ...base, end: a.end, kind: 'version', unit: '', value: versionOf(a.digits), factor: 1 };
  return { ...base, end: a.end, kind: 'number', unit: '', value: a.num, factor: 1 };
}

const COMPOUND_GAP = /^\s*(?:and|,)?\s*$/;
/** A month of days in minutes (365.25 / 12 days), to add days to a count of months. */
const MINUTES_PER_MONTH = (365.25 / 12) * 1440;
const RANGE_GAP = /^\s*(?:-|~|to|부터|에서)\s*$/;
const BETWEEN_GAP = /^\s*and\s*$/;
const BETWEEN_BEFORE = /between\s$/;

/** `1시간 30분` → 90 minutes; `30~45분` → 30..45 minutes; `3 to 5 days` → a range in minutes. */
function merge(text: string, found: Found[]): Found[] {
  const out: Found[] = [];
  for (const q of found) {
    const prev = out[out.length - 1];
    const gap = prev ? text.slice(prev.end, q.start) : '';
    // "2 years, 2 months and 5 days": months and years are counted in months, days in minutes.
    const monthsThenDays = prev?.unit === 'month' && q.unit === 'minute';
    if (
      prev &&
      prev.kind === 'duration' &&
      q.kind === 'duration' &&
      (prev.unit === q.unit || monthsThenDays) &&
      prev.max === undefined &&
      (prev.factor > q.factor || monthsThenDays) &&
      COMPOUND_GAP.test(gap)
    ) {
      // `1시간 30분 정도`: the hedge and the precision are the smaller unit's.
      const lead = monthsThenDays ? (prev.value as number) * MINUTES_PER_MONTH : (prev.value as number);
      const compound: Found = {
        ...prev,
        end: q.end,
        unit: q.unit,
        value: lead + (q.value as number),
        num: q.num,
        factor: q.factor,
      };
      if (q.approx) compound.approx = true;
      out[out.length - 1] = compound;
      continue;
    }
    const numeric = typeof q.value === 'number' && q.kind !== 'number';
    const isRange =
      RANGE_GAP.test(gap) || (BETWEEN_GAP.test(gap) && prev && BETWEEN_BEFORE.test(text.slice(0, prev.start)));
    if (prev && numeric && isRange && prev.max === undefined) {
      const lo =
        prev.kind === 'number' ? prev.num * q.factor : prev.kind === q.kind && prev.unit === q.unit ? prev.value : null;
      if (typeof lo === 'number') {
        const hi = q.value as number;
        const { approx: _ignored, ...rest } = q;
        const range: Found = { ...rest, start: prev.start, value: Math.min(lo, hi), max: Math.max(lo, hi) };
        if (prev.approx) range.approx = true;
        out[out.length - 1] = range;
        continue;
      }
    }
    out.push(q);
  }
  return out;
}

/** Half a unit of the last significant digit of `n`: 0.5 for 3, 5 for 450, 50 for 900, 0.005 for 9.17. */
export function halfStep(n: number): number {
  const x = Math.abs(n);
  if (x === 0) return 0.5;
  let step = 1;
  if (Number.isInteger(x)) while (x % (step * 10) === 0) step *= 10;
  else step = 10 ** -(String(x).split('.')[1]?.length ?? 0);
  return step / 2;
}

/** A quantity with its span in the normalised text as well (for the judge's sentence and term positions). */
export interface LocatedQuantity {
  quantity: Quantity;
  normStart: number;
  normEnd: number;
}

/** "dozens of workers", 수백 명: a count known only to its order of magnitude, as a range. */
const EN_MULTIPLES: Readonly<Record<string, readonly [number, number]>> = {
  dozens: [24, 99],
  hundreds: [200, 999],
  thousands: [2000, 9999],
  millions: [2e6, 9.99e8],
};
const KO_MULTIPLES: Readonly<Record<string, readonly [number, number]>> = {
  수십: [20, 99],
  수백: [200, 999],
  수천: [2000, 9999],
  수만: [20000, 99999],
};
const EN_MULTIPLE = /\b(dozens|hundreds|thousands|millions)\s+of\s+([a-z][a-z-]{2,})/g;
const KO_MULTIPLE = new RegExp(`(?<![가-힣])(수십|수백|수천|수만)\\s?(${KO_NATIVE_UNITS})`, 'g');

/** "a few hours", "several days", 몇 시간, 며칠: a small number of the unit, read generously (a few days may be a week). */
const EN_FEW = /\b(a few|several)\s+(seconds|minutes|hours|days|weeks|months|years)\b/g;
const KO_FEW = /(?<![가-힣])(?:몇\s?(초|분|시간|주|달|개월|년)|(며칠))/g;
const FEW: Readonly<Record<string, readonly [number, number]>> = { 'a few': [2, 7], several: [3, 10], 몇: [2, 9] };

function vagueMultiples(t: string): Found[] {
  const out: Found[] = [];
  const duration = (m: RegExpExecArray, [lo, hi]: readonly [number, number], word: string) => {
    const info = unitInfo(word);
    if (info?.kind !== 'duration') return;
    const f = info.factor;
    out.push({
      start: m.index,
      end: m.index + m[0].length,
      kind: 'duration',
      unit: info.unit,
      value: lo * f,
      max: hi * f,
      num: lo,
      factor: f,
      approx: true,
      vague: true,
    });
  };
  for (const m of t.matchAll(EN_FEW)) duration(m, FEW[m[1]!] ?? [2, 7], m[2]!);
  for (const m of t.matchAll(KO_FEW)) duration(m, FEW.몇!, m[1] ?? '일');
  const push = (m: RegExpExecArray, [lo, hi]: readonly [number, number], unit: string) =>
    out.push({
      start: m.index,
      end: m.index + m[0].length,
      kind: 'count',
      unit,
      value: lo,
      max: hi,
      num: lo,
      factor: 1,
      approx: true,
      vague: true,
    });
  for (const m of t.matchAll(EN_MULTIPLE)) {
    const range = EN_MULTIPLES[m[1]!];
    const stem = stemEnglish(m[2]!);
    if (range && !EN_STOP_WORDS.has(m[2]!)) push(m, range, COUNT_SYNONYMS.get(stem) ?? stem);
  }
  for (const m of t.matchAll(KO_MULTIPLE)) {
    const range = KO_MULTIPLES[m[1]!];
    const info = unitInfo(m[2]!);
    if (range) push(m, range, info?.unit ?? m[2]!);
  }
  return out;
}

/**
 * "touched twice", "only once", "once a year": how many times, in one word. "Twice as large" and
 * "twice the size" multiply instead, and "once" is also "formerly" and "as soon as" (it was once
 * the tallest, once the dough has risen): it counts only at a clause's end, after "only" or
 * "just", or before a span it counts in (once a year, once per lap).
 */
const TIMES_WORDS: Readonly<Record<string, number>> = { once: 1, twice: 2, thrice: 3 };
const EN_TIMES = /\b(once|twice|thrice)\b(?!\s+(?:as|the|that|more|again|upon|over)\b)/g;
const TIMES_UNIT = stemEnglish('times');

function timesWords(t: string): Found[] {
  const out: Found[] = [];
  for (const m of t.matchAll(EN_TIMES)) {
    const word = m[1]!;
    const after = t.slice(m.index + word.length);
    const before = t.slice(Math.max(0, m.index - 8), m.index);
    if (
      word === 'once' &&
      (/\bat\s+$/.test(before) ||
        !(
          /\b(?:only|just|exactly)\s+$/.test(before) ||
          /^\s*(?:$|[.,;:!?)]|(?:a|per|every|each|within|in)\b)/.test(after)
        ))
    )
      continue;
    const value = TIMES_WORDS[word]!;
    out.push({
      start: m.index,
      end: m.index + word.length,
      kind: 'count',
      unit: TIMES_UNIT,
      value,
      num: value,
      factor: 1,
    });
  }
  return out;
}

/** Quantities of an already normalised text; `original` is the text `norm` was made from. */
export function locateQuantities(norm: NormalizedText, original: string): LocatedQuantity[] {
  const t = norm.text;
  const dates = findDates(t);
  const found: Found[] = [];
  let year: { value: string; end: number } | null = null;
  for (const d of dates) {
    if (d.value === null) continue;
    let value = d.value;
    // "inaugurated on 31 March 1889 and opened on 15 May", 1889년 3월 31일 … 5월 15일: a day
    // without a year takes the year of the date before it in its sentence.
    if (value.startsWith('--') && year && !/[.!?。]\s/.test(`${t.slice(year.end, d.start)} `))
      value = `${year.value}${value.slice(1)}`;
    if (d.kind === 'date' && /^\d{4}/.test(value)) year = { value: value.slice(0, 4), end: d.end };
    const date: Found = { start: d.start, end: d.end, kind: d.kind, unit: d.kind, value, num: 0, factor: 1 };
    if (hedged(t, d.start, d.end)) date.approx = true;
    found.push(date);
  }
  for (const v of vagueMultiples(t)) found.push(v);
  for (const v of timesWords(t)) found.push(v);
  for (const a of findAtoms(t, dates)) {
    let q = classify(t, a);
    // 태조 4년, 광해군 2년, 메이지 15년: a year of a reign names a year, not four years of time.
    if (q?.kind === 'duration' && KO_REIGN_BEFORE.test(t.slice(Math.max(0, a.start - 12), a.start))) continue;
    // "the 1900 Paris Exposition": a year before a name is a date, not 1900 of a thing.
    if (q?.kind === 'count' && a.digits && /^\d{4}$/.test(a.digits) && a.num >= 1000 && a.num < 2100) {
      const nameAt = norm.offsets[q.end - t.slice(a.end, q.end).trimStart().length] ?? 0;
      const c = original[nameAt] ?? '';
      if (c !== c.toLowerCase()) q = { ...q, end: a.end, kind: 'date', unit: 'date', value: a.digits, factor: 1 };
    }
    // A hedge after the unit: 3주 정도, 5公里左右, 5キロメートルほど.
    if (q && !q.approx && sticky(APPROX_AFTER, t, q.end)) q.approx = true;
    if (q) found.push(q);
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  // A unit can swallow the next number word (0세 가지: 세 is the age counter here): keep the first.
  const kept: Found[] = [];
  for (const f of found) if (!kept.length || f.start >= (kept[kept.length - 1]?.end ?? 0)) kept.push(f);
  const at = (i: number) => norm.offsets[Math.min(i, norm.offsets.length - 1)] ?? original.length;
  return merge(t, kept).map((f) => {
    const start = at(f.start);
    const end = at(f.end);
    const quantity: Quantity = {
      kind: f.kind,
      unit: f.unit,
      value: f.value,
      raw: original.slice(start, end),
      start,
      end,
    };
    if (f.max !== undefined) quantity.max = f.max;
    if (f.approx) quantity.approx = true;
    if (f.vague) quantity.vague = true;
    if (f.approx && f.max === undefined && typeof f.value === 'number') quantity.spread = halfStep(f.num) * f.factor;
    return { quantity, normStart: f.start, normEnd: f.end };
  });
}

/**
 * Every value stated in `text`, in order: numbers with units, dates, times,
 * amounts, versions, spelled-out small numbers, ranges. `3/1/2026` is
 * skipped (day and month order is ambiguous). Compare two with
 * `compareQuantities` or `sameQuantity`.
 */
export function extractQuantities(text: string): Quantity[] {
  return locateQuantities(normalizeWithOffsets(text), text).map((l) => l.quantity);
}
