/**
 * Dates and times of day, found before plain numbers so that `2026-03-01` is
 * one date and not three numbers. Values are ISO-like strings: `yyyy-mm-dd`,
 * `yyyy-mm`, `yyyy`, `--mm-dd` (no year given) and `HH:MM`.
 */

export interface DateHit {
  readonly start: number;
  readonly end: number;
  readonly kind: 'date' | 'time';
  /** `null`: consumed on purpose and not reported (an ambiguous `3/1/2026`). */
  readonly value: string | null;
}

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH_ABBR = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTHS = `(${[...MONTH_NAMES, 'sept', ...MONTH_ABBR].join('|')})`;
/** Full month names except `may`, for day-first forms where `5 may` would be too ambiguous. */
const SAFE_MONTHS = `(${MONTH_NAMES.filter((m) => m !== 'may').join('|')})`;

function monthIndex(word: string): number {
  const w = word === 'sept' ? 'sep' : word;
  const full = MONTH_NAMES.indexOf(w);
  return full >= 0 ? full + 1 : MONTH_ABBR.indexOf(w) + 1;
}

const pad = (n: number) => String(n).padStart(2, '0');

function ymd(y: number | null, m: number, d: number | null): string | null {
  if (m < 1 || m > 12) return null;
  if (d !== null && (d < 1 || d > 31)) return null;
  if (y === null) return d === null ? null : `--${pad(m)}-${pad(d)}`;
  return d === null ? `${y}-${pad(m)}` : `${y}-${pad(m)}-${pad(d)}`;
}

type Builder = (m: RegExpExecArray) => { kind: 'date' | 'time'; value: string | null } | undefined;

const ORD = '(?:st|nd|rd|th)?';
const PM = /^(?:pm|p\.m\.|오후|저녁|밤)$/;
const AM = /^(?:am|a\.m\.|오전|새벽|아침)$/;

function clock(hour: number, minute: number, marker: string | undefined): string | null {
  let h = hour;
  if (marker && PM.test(marker) && h < 12) h += 12;
  if (marker && AM.test(marker) && h === 12) h = 0;
  if (h > 24 || minute > 59) return null;
  return `${pad(h)}:${pad(minute)}`;
}

/** Days written as ordinal words: "the second of March 1969", "the last day of May 1859". */
const DAY_WORDS: readonly string[] = [
  ...'first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth'.split(' '),
  ...'fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth'.split(' '),
  ...'first second third fourth fifth sixth seventh eighth ninth'.split(' ').map((w) => `twenty-${w}`),
  'thirtieth',
  'thirty-first',
];
const DAY_WORD = `(${[...DAY_WORDS].sort((a, b) => b.length - a.length).join('|')}|last)`;
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
function wordDay(word: string, y: number, m: number): number {
  return word === 'last' ? daysIn(y, m) : DAY_WORDS.indexOf(word) + 1;
}

const date = (value: string | null) => (value ? { kind: 'date' as const, value } : undefined);
const time = (value: string | null) => (value ? { kind: 'time' as const, value } : undefined);

/** Most specific first: a later pattern never takes text an earlier one matched. */
const PATTERNS: ReadonlyArray<readonly [RegExp, Builder]> = [
  [
    /(?<![\d.])(\d{4})([-./])(\d{1,2})\2(\d{1,2})(?!\d)\.?/g,
    (m) => date(ymd(Number(m[1]), Number(m[3]), Number(m[4]))),
  ],
  // The Korean official form, spaced: 1972. 11. 30. (the day's full stop written too).
  [/(?<![\d.])(\d{4})\.\s(\d{1,2})\.\s(\d{1,2})\.(?!\d)/g, (m) => date(ymd(Number(m[1]), Number(m[2]), Number(m[3])))],
  // 1395년(태조 4년) 9월: a Korean year with its reign year in parentheses, then the month (and day).
  [
    /(\d{4})\s?년\s?\([^()]{1,20}\)\s?(\d{1,2})\s?월(?:\s?(\d{1,2})\s?일)?/g,
    (m) => date(ymd(Number(m[1]), Number(m[2]), m[3] ? Number(m[3]) : null)),
  ],
  // 정조 18년(1794) 1월: the year in parentheses after its reign year, then the month (and day).
  [
    /\((\d{4})\s?년?\)\s?(\d{1,2})\s?월(?:\s?(\d{1,2})\s?일)?/g,
    (m) => date(ymd(Number(m[1]), Number(m[2]), m[3] ? Number(m[3]) : null)),
  ],
  // Korean 년 월 일 and Japanese / Chinese 年 月 日.
  [
    /(\d{4})\s?[년年]\s?(\d{1,2})\s?[월月]\s?(\d{1,2})\s?[일日]/g,
    (m) => date(ymd(Number(m[1]), Number(m[2]), Number(m[3]))),
  ],
  [/(\d{4})\s?[년年]\s?(\d{1,2})\s?[월月]/g, (m) => date(ymd(Number(m[1]), Number(m[2]), null))],
  [/(?<![\d.])(\d{1,2})\s?[월月]\s?(\d{1,2})\s?[일日]/g, (m) => date(ymd(null, Number(m[1]), Number(m[2])))],
  // "the second of March 1969", "the last day of May 1859", "the last day of 1968".
  [
    new RegExp(`\\bthe\\s+${DAY_WORD}\\s+(?:day\\s+)?of\\s+${MONTHS}\\.?,?\\s+(\\d{4})\\b`, 'g'),
    (m) => {
      const [y, mo] = [Number(m[3]), monthIndex(m[2]!)];
      return date(ymd(y, mo, wordDay(m[1]!, y, mo)));
    },
  ],
  [/\bthe\s+(first|last)\s+day\s+of\s+(\d{4})\b/g, (m) => date(m[1] === 'first' ? `${m[2]}-01-01` : `${m[2]}-12-31`)],
  [
    new RegExp(`\\b${MONTHS}\\.?\\s+(\\d{1,2})${ORD},?\\s+(\\d{4})\\b`, 'g'),
    (m) => date(ymd(Number(m[3]), monthIndex(m[1]!), Number(m[2]))),
  ],
  [
    new RegExp(`\\b(\\d{1,2})${ORD}\\s+(?:of\\s+)?${MONTHS}\\.?,?\\s+(\\d{4})\\b`, 'g'),
    (m) => date(ymd(Number(m[3]), monthIndex(m[2]!), Number(m[1]))),
  ],
  [new RegExp(`\\b${MONTHS}\\.?,?\\s+(\\d{4})\\b`, 'g'), (m) => date(ymd(Number(m[2]), monthIndex(m[1]!), null))],
  [
    new RegExp(`\\b${MONTHS}\\.?\\s+(\\d{1,2})${ORD}(?![\\d:])\\b`, 'g'),
    (m) => date(ymd(null, monthIndex(m[1]!), Number(m[2]))),
  ],
  [
    new RegExp(`\\b(\\d{1,2})${ORD}\\s+(?:of\\s+)?${SAFE_MONTHS}\\b`, 'g'),
    (m) => date(ymd(null, monthIndex(m[2]!), Number(m[1]))),
  ],
  // "on 15 May", "until 15 May.": May is the month where a preposition of time opens the date or
  // punctuation closes it ("15 may apply" is no date).
  [
    /(?<=\b(?:on|by|until|till|from|since|before|after)\s)(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?may\b|\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?may(?=\s*(?:[.,;:)]|$))/g,
    (m) => date(ymd(null, 5, Number(m[1] ?? m[2]))),
  ],
  // Day and month order is ambiguous (3/1 is 1 March or 3 January): consumed, not reported.
  [/(?<![\d/])\d{1,2}\/\d{1,2}\/\d{2,4}(?![\d/])/g, () => ({ kind: 'date', value: null })],
  [
    /(?<![\d.:])(\d{1,2}):(\d{2})(?::\d{2})?(?:\s?(am|pm|a\.m\.|p\.m\.))?(?![\d:])/g,
    (m) => time(clock(Number(m[1]), Number(m[2]), m[3])),
  ],
  [/(?<![\d.])(\d{1,2})\s?(am|pm|a\.m\.|p\.m\.)(?![a-z])/g, (m) => time(clock(Number(m[1]), 0, m[2]))],
  [
    /(?:(오전|오후|낮|밤|새벽|저녁|아침)\s?)?(?<![\d.])(\d{1,2})\s?시(?!간|대|즌|스템|작|점|기|각|청|민|설|험|도)(?:\s?(\d{1,2})\s?분|\s?(반))?/g,
    (m) => time(clock(Number(m[2]), m[4] ? 30 : Number(m[3] ?? 0), m[1])),
  ],
  // A decade, 1860년대 or 1860年代: its first year, with the decade word left after it (as "the 1860s").
  [
    /(?<![\d.]|\d,)(\d{3}0)(?=\s?(?:년대|年代))/g,
    (m) => {
      const y = Number(m[1]);
      return y >= 1000 && y < 3000 ? { kind: 'date', value: String(y) } : undefined;
    },
  ],
  [
    /(?<![\d.]|\d,)(\d{4})\s?[년年](?!\s?(?:간|동안|대|間|间|代))/g,
    (m) => {
      const y = Number(m[1]);
      return y >= 1000 && y < 3000 ? { kind: 'date', value: String(y) } : undefined;
    },
  ],
  // 문무왕 19년(679): the year of a reign year, in parentheses.
  [/(?<=\d\s?년\s?\()([1-9]\d{2})(?=\))/gu, (m) => ({ kind: 'date', value: m[1]!.padStart(4, '0') })],
  // 674년에, 935년(경순왕 9년), 서기 679년: a Korean year of three digits where a particle of time,
  // a reign in parentheses or 서기 says it is one (a bare 600년 건축물 is an age, 300년 동안 a length).
  [
    /(?<=서기\s?)([1-9]\d{2})\s?년|(?<![\d.,])([1-9]\d{2})\s?년(?=\s?(?:에(?!서)|\(|,))/gu,
    (m) => ({ kind: 'date', value: (m[1] ?? m[2])!.padStart(4, '0') }),
  ],
];

/** Dates and times in normalised (lower-case NFKC) text, without overlaps. */
export function findDates(text: string): DateHit[] {
  const hits: DateHit[] = [];
  const free = (s: number, e: number) => hits.every((h) => e <= h.start || s >= h.end);
  for (const [re, build] of PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (!free(start, end)) continue;
      const got = build(m);
      if (got) hits.push({ start, end, ...got });
    }
  }
  return hits.sort((a, b) => a.start - b.start);
}
