/**
 * Answer values whose shape the extraction reads too narrowly: the start of a range written in
 * words ("three to four hours" is read as four hours), a decade ("the 1880s" as 1880), an
 * ordinal (두 번째 as two times). Read as they are, they state another value where the answer
 * agrees with the check, or says something of another kind.
 */
import type { AnalyzedText } from '../../text/analyze-text.js';
import { EN_NUMBER_WORDS, KO_NATIVE, parseDigits } from '../../text/number-words.js';
import type { LocatedQuantity, Quantity } from '../../text/quantities.js';
import type { Token } from '../../text/token.js';

/** The index of the first token of a located value. */
export const tokenAt = (text: AnalyzedText, q: LocatedQuantity): number =>
  text.tokens.findIndex((t) => t.end > q.normStart);

/** The last token a value spans (a date of three words ends at its day). */
export function lastTokenAt(text: AnalyzedText, q: LocatedQuantity): number {
  let i = tokenAt(text, q);
  while (i >= 0 && (text.tokens[i + 1]?.start ?? Number.POSITIVE_INFINITY) < q.normEnd) i++;
  return i;
}

const RANGE_JOINERS = new Set(['to', 'or', '~', '-', '–']);

function numberOf(word: string): number | undefined {
  if (/^\d[\d,]*(?:\.\d+)?$/.test(word)) return parseDigits(word);
  return EN_NUMBER_WORDS[word] ?? KO_NATIVE[word];
}

/**
 * The answer value with a range start the extraction left out ("three to four hours" → 3 to 4
 * hours), or the value as it was read.
 */
export function widenedRange(answer: AnalyzedText, at: LocatedQuantity): Quantity {
  const q = at.quantity;
  if (typeof q.value !== 'number' || q.max !== undefined) return q;
  const before = answer.norm.text.slice(Math.max(0, at.normStart - 24), at.normStart);
  const m = /([\p{L}\d,.]+)\s*(to|or|~|-|–)\s*$/u.exec(before);
  if (!m || !RANGE_JOINERS.has(m[2] ?? '')) return q;
  const lo = numberOf(m[1] ?? '');
  // The number word of the range end: "four" in "four hours" (the value is in canonical units).
  const endWord = answer.norm.text.slice(at.normStart, at.normEnd).match(/^[\p{L}\d,.]+/u)?.[0] ?? '';
  const hi = numberOf(endWord);
  if (lo === undefined || hi === undefined || hi === 0 || lo >= hi) return q;
  const factor = q.value / hi;
  return { ...q, value: lo * factor, max: q.value, raw: `${m[1]} ${m[2]} ${q.raw}` };
}

/** A decade ("the 1880s", 1880년대, 1880年代): the year read is its first year only. */
export function isDecade(answer: AnalyzedText, at: LocatedQuantity): boolean {
  return /^(?:'?s\b|\s?년대|\s?年代)/u.test(answer.norm.text.slice(at.normEnd, at.normEnd + 4));
}

/** Words before a decade that make it a time: "in the 1920s", "during the late 1870s". */
const DECADE_TIME_BEFORE = new Set(
  'in the during by from to until till since early late mid of around through throughout between and before after'.split(
    ' ',
  ),
);

/**
 * A decade that describes the noun after it ("restored 1920s cars", "1960s styling"): the age of
 * a thing, not the date of the check's event.
 */
export function attributiveDecade(answer: AnalyzedText, at: LocatedQuantity): boolean {
  if (!isDecade(answer, at)) return false;
  const i = tokenAt(answer, at);
  const value = answer.tokens[i];
  const [before, after] = [answer.tokens[i - 1], answer.tokens[lastTokenAt(answer, at) + 1]];
  if (!value || value.hangul || !before || !after || before.sentence !== value.sentence) return false;
  if (after.sentence !== value.sentence || after.stop || after.inQuantity) return false;
  if (/[,;:()]/.test(answer.norm.text.slice(at.normEnd, after.start))) return false;
  return !DECADE_TIME_BEFORE.has(before.text) && !/[,;:()]/.test(answer.norm.text.slice(before.end, at.normStart));
}

/** Words that may follow "a second" meaning a moment: "for a second or two", "a second later". */
const AFTER_MOMENT = new Set(
  'or and of to ago later earlier before after more longer each per at in on for'.split(' '),
);

/**
 * An ordinal (두 번째, 세 번째, "a second rise"): a position, not a count or a duration. "a
 * second" before a noun is the second of something, not one second.
 */
export function isOrdinal(answer: AnalyzedText, at: LocatedQuantity): boolean {
  // 2번째, 세 번째 (the counter may be read with the number or left after it).
  if (/^\s?번?째/u.test(answer.norm.text.slice(at.normEnd, at.normEnd + 4))) return true;
  if (!/^an?\s+second$/i.test(at.quantity.raw.trim())) return false;
  const next = /^\s*([a-z]+)/.exec(answer.norm.text.slice(at.normEnd, at.normEnd + 20))?.[1];
  return next !== undefined && !AFTER_MOMENT.has(next);
}

/**
 * A value that is the whole a fraction is taken of ("a tenth of a second", "half a minute"): the
 * answer states the fraction, which the extraction does not read, not the whole.
 */
export function isFractionOf(answer: AnalyzedText, at: LocatedQuantity): boolean {
  const before = answer.norm.text.slice(Math.max(0, at.normStart - 24), at.normStart);
  return /\b(?:half|halves|quarters?|thirds?|fifths?|tenths?|hundredths?|thousandths?|fractions?|parts?)\s+(?:of\s+)?$/.test(
    before,
  );
}

/** Half a unit of the last digit a value is written with, in canonical units: 50 m for "2.7 km". */
function halfLastDigit(q: Quantity): number | null {
  if (typeof q.value !== 'number' || q.max !== undefined) return null;
  // "2 hours 30 minutes", 1시간 30분: the first number is not the value, and a value made of two
  // units is exact to its smaller one; no rounding is read into it.
  if ((q.raw.match(/\d[\d,.]*/g) ?? []).length > 1) return null;
  const m = /\d[\d,]*(?:\.(\d+))?/.exec(q.raw);
  if (!m) return null;
  const written = parseDigits(m[0]);
  if (!written) return null;
  const decimals = m[1]?.length ?? 0;
  return 0.5 * 10 ** -decimals * Math.abs(q.value / written);
}

/**
 * `q` is `expected` as written to `expected`'s precision: "2,737 m" is "2.7 km" rounded, "3.12.1"
 * is a release of version "3.12". Both of the same kind and unit.
 */
export function roundsTo(expected: Quantity, q: Quantity): boolean {
  if (expected.kind !== q.kind || expected.unit !== q.unit) return false;
  if (typeof expected.value === 'string' || typeof q.value === 'string') {
    return expected.kind === 'version' && String(q.value).startsWith(`${expected.value}.`);
  }
  const half = halfLastDigit(expected);
  return half !== null && q.max === undefined && Math.abs(q.value - expected.value) <= half + 1e-9;
}

/**
 * The counter written onto a bare number, for numbers the extraction reads without a unit: 월 in
 * 9월말, 분 in 3분기, 차 in 4차, 人 in 700万人. Empty when none. Two bare numbers with different counters count
 * different things (9월 and 3분기 are no two values of one thing).
 */
export function counterOf(text: AnalyzedText, at: LocatedQuantity): string {
  // A Chinese or Japanese classifier as well: 人 in 700万人, 个 in 5个, 本 in 3本.
  const c = /^[\p{Script=Hangul}\p{Script=Han}]/u.exec(text.norm.text.slice(at.normEnd, at.normEnd + 1))?.[0] ?? '';
  // A particle is no counter: 403을 and 404를 count the same thing.
  return KO_PARTICLES.has(c) ? '' : c;
}
const KO_PARTICLES = new Set([...'을를이가은는에의도로와과만부까']);

/**
 * A length read from a speed: "210 km/h", "210 kilometres per hour", 시속 210km, mph. The
 * extraction reads the distance only, so a speed and a length ("515 km long") would compare.
 */
export function isRate(text: AnalyzedText, at: LocatedQuantity): boolean {
  if (at.quantity.kind !== 'length') return false;
  const after = text.norm.text.slice(at.normEnd, at.normEnd + 12);
  const before = text.norm.text.slice(Math.max(0, at.normStart - 4), at.normStart);
  return /^\s*(?:\/\s*h\b|per\s+hour|an\s+hour|ph\b)/u.test(after) || /시속\s*$/u.test(before);
}

/**
 * What a count is counted per: 팀당 8개, 선수마다 2개씩, "two stones each", "two per player". A count
 * per player is no other count for the whole ("16개 스톤을 모두 던지면") or per team. Null for a plain
 * count, '' for one per something unnamed (2개씩, "each").
 */
export function perWhat(text: AnalyzedText, at: LocatedQuantity): string | null {
  // A count or a length of time each (20분씩); "250 kilometres per hour" is a speed, not a share.
  if (!['count', 'number', 'duration'].includes(at.quantity.kind)) return null;
  const after = text.norm.text.slice(at.normEnd, at.normEnd + 16);
  const first = text.tokens.findIndex((t) => t.end > at.normStart);
  const sentence = text.tokens[first]?.sentence;
  // The nearest X마다 or X당 before the value in its sentence, a few words back at most.
  for (let k = first - 1; k >= Math.max(0, first - 4); k--) {
    const t = text.tokens[k];
    if (!t || t.sentence !== sentence) break;
    const m = /^(\p{Script=Hangul}+?)(?:마다|당)$/u.exec(t.text);
    if (m?.[1]) return m[1];
    if (/^(?:명당|개당|마다|당)$/u.test(t.text)) return text.tokens[k - 1]?.text ?? '';
  }
  const en = /^\s*(?:\p{L}+\s+)?(?:per|a)\s+(\p{L}+)/u.exec(after);
  if (en?.[1] && /^\s*(?:\p{L}+\s+)?per\s/u.test(after)) return en[1];
  return /^\s?씩|^\s*(?:\p{L}+\s+)?(?:each|apiece)\b/u.test(after) ? '' : null;
}

/**
 * Words before a value that make it an upper or a lower bound: "up to 9 months", 최대, 至少, "más de",
 * "from age 15", "under the age of 18";
 * for a date, the start or the end of a span ("from 1865", 1865년부터, "until 1867").
 */
const MAX_BEFORE =
  /(?:\buntil|\btill|\bup\s+to|\bas\s+(?:much|many|long|far)\s+as|\bat\s+(?:the\s+)?most|\bno\s+more\s+than|\bless\s+than|\bunder|\bbelow|\ba\s+maximum\s+of|\bmaximum|\bmax\.?|최대|최장|最多|最大|最长|最長|\bhasta|\bmenos\s+de)(?:\s+(?:the\s+)?ages?(?:\s+of)?)?\s*$/u;
const MIN_BEFORE =
  /(?:\bfrom|从|自|\bat\s+least|\bmore\s+than|\bover|\babove|\bupwards\s+of|\bin\s+excess\s+of|\ba\s+minimum\s+of|\bminimum|\bmin\.?|최소|적어도|至少|超过|超過|\bmás\s+de|\bal\s+menos)(?:\s+(?:the\s+)?ages?(?:\s+of)?)?\s*$/u;
/**
 * Words after a value: 9개월까지, 2주 이상, 以上, 以内, "or more", 1865년부터; a Korean verb of
 * exceeding or falling short after its particle too (5km가 넘는다, 5km를 넘어, 3시간이 안 된다).
 */
const MAX_AFTER =
  /^(?:\s?(?:까지|이하|이내|미만|以下|以内|以內|まで|未満)|\s?(?:이|가|도)\s?(?:안\s?되|못\s?되|채\s?안\s?되|못\s?미치)|\s+or\s+(?:less|fewer|under))/u;
const MIN_AFTER =
  /^(?:\s?(?:이상|넘게|넘는|넘|초과|以上|を超える|超|부터|から|より|起)|\s?(?:이|가|을|를|도)\s?(?:넘(?!지\s?(?:않|못))|웃돌)|\s+or\s+(?:more|longer|over)|\+)/u;

/**
 * A value stated as a bound: `max` for "up to 9 months", "at most", 최대, 9개월까지, 以内; `min`
 * for "at least", "more than", 2주 이상, 以上. Null for a plain value.
 */
export function boundOf(text: AnalyzedText, at: LocatedQuantity): 'max' | 'min' | null {
  const before = text.norm.text.slice(Math.max(0, at.normStart - 24), at.normStart);
  const after = text.norm.text.slice(at.normEnd, at.normEnd + 12);
  if (MAX_BEFORE.test(before) || MAX_AFTER.test(after)) return 'max';
  if (MIN_BEFORE.test(before) || MIN_AFTER.test(after)) return 'min';
  return null;
}

/** Words between two dates that make them the ends of one span: "between 1887 and 1889", "1887 to 1889", 1887년부터 1889년까지. */
const SPAN_GAP = /^\s*(?:and|to|until|till|-|–|~|부터|에서)\s*$/u;

/** The check's dates that are the two ends of one span, each with its span's years. */
export function dateSpans(
  check: AnalyzedText,
  values: readonly LocatedQuantity[],
): Map<LocatedQuantity, readonly [number, number]> {
  const out = new Map<LocatedQuantity, readonly [number, number]>();
  const year = (q: Quantity) => (q.kind === 'date' ? Number(String(q.value).slice(0, 4)) : Number.NaN);
  for (const [i, a] of values.entries()) {
    const b = values[i + 1];
    if (!b || Number.isNaN(year(a.quantity)) || Number.isNaN(year(b.quantity))) continue;
    const gap = check.norm.text.slice(a.normEnd, b.normStart);
    if (!SPAN_GAP.test(gap.replace(/년/u, ''))) continue;
    const span = [Math.min(year(a.quantity), year(b.quantity)), Math.max(year(a.quantity), year(b.quantity))] as const;
    out.set(a, span);
    out.set(b, span);
  }
  return out;
}

export const insideSpan = (q: Quantity, [lo, hi]: readonly [number, number]) => {
  const y = q.kind === 'date' ? Number(String(q.value).slice(0, 4)) : Number.NaN;
  return y >= lo && y <= hi;
};

/** "from the late 1870s to the early 1880s" for "about 1876–1884": a decade of the answer that overlaps the span. */
export function decadeInSpan(answer: AnalyzedText, stated: Quantity, [lo, hi]: readonly [number, number]): boolean {
  const decade = answer.quantities.find((q) => q.quantity === stated && isDecade(answer, q));
  const y = decade ? Number(String(decade.quantity.value).slice(0, 4)) : Number.NaN;
  return y <= hi && y + 9 >= lo;
}

/** Kinds of value that are counted: a count and a plain number with the same value are one. */
export const COUNTED: ReadonlySet<string> = new Set(['count', 'number']);
/** Words that join the parts of a total: "109 aboard and four people", 10척과 2척, "12, plus 3". */
const PART_JOIN = /^[^.;:]{0,40}?(?:\band\b|\bplus\b|,|과\s|와\s|및)/u;

/**
 * The answer's count is one part of the check's, whose parts its sentence adds up: "all 109 aboard
 * and four people on the ground were killed" for "killing 113 people".
 */
export function partOfSum(answer: AnalyzedText, expected: Quantity, stated: Quantity): boolean {
  // Small counts add up by chance (이기면 1점 … 5점 against 2점 and 6점): a total of ten or more only.
  if (!COUNTED.has(expected.kind) || typeof expected.value !== 'number' || expected.value < 10) return false;
  const at = answer.quantities.find((l) => l.quantity === stated);
  if (!at || typeof stated.value !== 'number') return false;
  const sentence = answer.tokens[tokenAt(answer, at)]?.sentence;
  const joined = (a: LocatedQuantity, b: LocatedQuantity) => {
    const [x, y] = a.normStart < b.normStart ? [a, b] : [b, a];
    return PART_JOIN.test(answer.norm.text.slice(x.normEnd, y.normStart));
  };
  const rest = expected.value - stated.value;
  const parts = answer.quantities.filter(
    (l) =>
      l !== at &&
      COUNTED.has(l.quantity.kind) &&
      typeof l.quantity.value === 'number' &&
      answer.tokens[tokenAt(answer, l)]?.sentence === sentence &&
      joined(at, l),
  );
  return rest > 0 && parts.some((l) => l.quantity.value === rest);
}

/**
 * The check's count written bare (a digit or a number word with no unit read after it), with the
 * check's words after it, in the sentence of the answer's other count: "The trap has six trigger
 * hairs, three on each lobe".
 */
export function bareCount(
  answer: AnalyzedText,
  expected: Quantity,
  stated: Quantity,
  termForms: ReadonlySet<string>,
): boolean {
  if (expected.kind !== 'count' || typeof expected.value !== 'number') return false;
  const at = answer.quantities.find((l) => l.quantity === stated);
  if (!at) return false;
  const sentence = answer.tokens[tokenAt(answer, at)]?.sentence;
  const value = (t: Token) => EN_NUMBER_WORDS[t.text] ?? (/^\d+$/u.test(t.text) ? Number(t.text) : undefined);
  // Of the check's own words ("three on each lobe"), not of a part ("3 of them upstairs").
  const ofCheck = (i: number) =>
    answer.tokens.slice(i + 1, i + 4).some((t) => t.sentence === sentence && t.forms.some((f) => termForms.has(f)));
  return answer.tokens.some(
    (t) => t.sentence === sentence && !t.inQuantity && value(t) === expected.value && ofCheck(t.index),
  );
}
