import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractQuantities, type Quantity } from './quantities.js';

const one = (text: string): Quantity => {
  const qs = extractQuantities(text);
  expect(qs, `one quantity in ${JSON.stringify(text)}: ${JSON.stringify(qs)}`).toHaveLength(1);
  return qs[0]!;
};

describe('extractQuantities', () => {
  it('reads durations in Korean and English forms as minutes', () => {
    for (const t of [
      '90분',
      '1시간 30분',
      '1시간 반',
      '한 시간 반',
      'an hour and a half',
      '1.5 hours',
      '1 hour and 30 minutes',
    ]) {
      expect(one(t), t).toMatchObject({ kind: 'duration', unit: 'minute', value: 90 });
    }
    expect(one('half an hour')).toMatchObject({ value: 30 });
    expect(one('3일')).toMatchObject({ kind: 'duration', unit: 'minute', value: 3 * 1440 });
    expect(one('6개월')).toMatchObject({ kind: 'duration', unit: 'month', value: 6 });
    expect(one('45 seconds')).toMatchObject({ kind: 'duration', unit: 'second', value: 45 });
  });

  it('reads amounts with symbols, separators, Korean 만/억 and scale words in base units', () => {
    expect(one('₩500,000')).toMatchObject({ kind: 'money', unit: 'KRW', value: 500_000, raw: '₩500,000' });
    expect(one('50만 원')).toMatchObject({ kind: 'money', unit: 'KRW', value: 500_000 });
    expect(one('1억 2천만 원')).toMatchObject({ kind: 'money', unit: 'KRW', value: 120_000_000 });
    expect(one('$1.2k')).toMatchObject({ kind: 'money', unit: 'USD', value: 1200 });
    expect(one('$1,200')).toMatchObject({ kind: 'money', unit: 'USD', value: 1200 });
    expect(one('1.2 million dollars')).toMatchObject({ kind: 'money', unit: 'USD', value: 1_200_000 });
    expect(one('$3m')).toMatchObject({ kind: 'money', unit: 'USD', value: 3_000_000 });
  });

  it('reads dates as ISO strings and skips day/month-ambiguous slashes', () => {
    for (const t of ['2026-03-01', '2026년 3월 1일', 'March 1, 2026', '1 March 2026', '2026.03.01']) {
      expect(one(t), t).toMatchObject({ kind: 'date', unit: 'date', value: '2026-03-01' });
    }
    expect(extractQuantities('due 3/1/2026')).toEqual([]);
    expect(one('completed in 1889')).toMatchObject({ kind: 'date', value: '1889' });
    expect(one('2026년 3월')).toMatchObject({ kind: 'date', value: '2026-03' });
  });

  it('reads a Korean year of three digits where a particle, a reign or 서기 makes it one, and a bare one as a length', () => {
    expect(one('751년에 창건되었다')).toMatchObject({ kind: 'date', value: '0751' });
    expect(one('935년(경순왕 9년) 신라가 망했다')).toMatchObject({ kind: 'date', value: '0935' });
    expect(one('서기 679년')).toMatchObject({ kind: 'date', value: '0679' });
    expect(one('문무왕 19년(679)에는')).toMatchObject({ kind: 'date', value: '0679' });
    expect(one('300년 동안 이어졌다')).toMatchObject({ kind: 'duration' });
    expect(one('600년 건축물이')).toMatchObject({ kind: 'duration' });
  });

  it('reads a fraction of a unit: 100분의 1초 and 1/100초 are a hundredth of a second, 100분 is minutes', () => {
    expect(one('기록은 100분의 1초 단위로 잰다')).toMatchObject({ kind: 'duration', unit: 'second', value: 0.01 });
    expect(one('기록을 1/100초 단위로 잰다')).toMatchObject({ kind: 'duration', unit: 'second', value: 0.01 });
    expect(one('100분 동안 달렸다')).toMatchObject({ kind: 'duration', unit: 'minute', value: 100 });
  });

  it('reads vulgar fractions as decimals: 3½-inch, ½ cup, 2¼ hours', () => {
    expect(one('a Sony 3½-inch drive')).toMatchObject({ value: 3.5 });
    expect(one('add ½ cup of sugar')).toMatchObject({ kind: 'count', value: 0.5 });
    expect(one('it takes 2¼ hours')).toMatchObject({ kind: 'duration', value: 135 });
  });

  it('reads days written as ordinal words: the second of March 1969, the last day of May 1859', () => {
    expect(one('on the second of March 1969')).toMatchObject({ kind: 'date', value: '1969-03-02' });
    expect(one('the twenty-first of June 2001')).toMatchObject({ kind: 'date', value: '2001-06-21' });
    expect(one('set going on the last day of May 1859')).toMatchObject({ kind: 'date', value: '1859-05-31' });
    expect(one('the last day of February 2024')).toMatchObject({ kind: 'date', value: '2024-02-29' });
    expect(one('flew on the last day of 1968')).toMatchObject({ kind: 'date', value: '1968-12-31' });
  });

  it('reads "15 May" as a date only where a preposition or punctuation makes May the month', () => {
    expect(one('opened on 15 May')).toMatchObject({ kind: 'date', value: '--05-15' });
    expect(one('until the 3rd of May.')).toMatchObject({ kind: 'date', value: '--05-03' });
    expect(one('15 may attend')).toMatchObject({ kind: 'number', value: 15 });
  });

  it('gives a day without a year the year of the date before it in its sentence, not across sentences', () => {
    const values = (t: string) => extractQuantities(t).map((q) => q.value);
    expect(values('It was inaugurated on 31 March 1889 and opened on 15 May.')).toEqual(['1889-03-31', '1889-05-15']);
    expect(values('1889년 3월 31일에 준공되어 5월 15일에 개방되었다.')).toEqual(['1889-03-31', '1889-05-15']);
    expect(values('It was inaugurated on 31 March 1889. It opened on 15 May.')).toEqual(['1889-03-31', '--05-15']);
  });

  it('reads versions, percentages, character limits, times and spelled-out counts', () => {
    expect(one('v2.3')).toMatchObject({ kind: 'version', value: '2.3', raw: 'v2.3' });
    expect(one('버전 2.3')).toMatchObject({ kind: 'version', value: '2.3' });
    expect(one('version 2.3.0')).toMatchObject({ kind: 'version', value: '2.3' });
    // "ver" opens a version only as a word of its own: "over 10 ends" is ten ends.
    expect(one('played over 10 ends')).toMatchObject({ kind: 'count', unit: 'end', value: 10 });
    expect(one('ver. 2.3')).toMatchObject({ kind: 'version', value: '2.3' });
    expect(one('15%')).toMatchObject({ kind: 'percent', unit: '%', value: 15 });
    expect(one('15 percent')).toMatchObject({ kind: 'percent', value: 15 });
    expect(one('최대 500자')).toMatchObject({ kind: 'length', unit: 'character', value: 500 });
    expect(one('280 characters')).toMatchObject({ kind: 'length', unit: 'character', value: 280 });
    expect(one('오후 3시 30분')).toMatchObject({ kind: 'time', value: '15:30' });
    expect(one('three steps')).toMatchObject({ kind: 'count', unit: 'step', value: 3 });
    expect(one('세 가지')).toMatchObject({ kind: 'count', unit: '가지', value: 3 });
    // Kitchen measures and produce counters, in native and Sino-Korean numerals.
    expect(one('된장 두 큰술')).toMatchObject({ kind: 'count', unit: '큰술', value: 2 });
    expect(one('설탕 2작은술')).toMatchObject({ kind: 'count', unit: '작은술', value: 2 });
    expect(one('배추 한 포기')).toMatchObject({ kind: 'count', unit: '포기', value: 1 });
    // 여 ("and some") before the unit or after it hedges the number; a word that begins with 여 does not.
    expect(one('270여 년')).toMatchObject({ kind: 'duration', value: 270 * 12, approx: true });
    expect(one('10여 명')).toMatchObject({ kind: 'count', unit: '명', value: 10, approx: true });
    expect(one('3년여')).toMatchObject({ kind: 'duration', value: 36, approx: true });
    expect(one('270 여성').approx).toBeUndefined();
    // A year before a name is a date ("the 1900 Paris Exposition"), before a plural a count.
    expect(one('built for the 1900 Paris Exposition')).toMatchObject({ kind: 'date', value: '1900' });
    expect(one('It hosted 1900 athletes.')).toMatchObject({ kind: 'count', value: 1900 });
    // The number of a list item is no value; a number that ends a sentence is.
    expect(extractQuantities('1. Bow.\n2. Fight.\n3) The trap closes')).toEqual([]);
    expect(one('The score was 3. Then it rose.')).toMatchObject({ kind: 'number', value: 3 });
    // "a few hours", 며칠: a small number of the unit, vague.
    expect(one('only a few hours')).toMatchObject({ kind: 'duration', value: 120, max: 420, vague: true });
    expect(one('며칠 걸린다')).toMatchObject({ kind: 'duration', value: 2 * 1440, vague: true });
    // Years and months, then days, add up to one duration.
    expect(one('2 years, 2 months and 5 days')).toMatchObject({ kind: 'duration', unit: 'minute' });
    expect(one('3 months and 10 days').value).toBeCloseTo(3 * (365.25 / 12) * 1440 + 10 * 1440);
    // "dozens of workers", 수백 개: a count known to its order of magnitude, read as a range.
    expect(one('dozens of workers')).toMatchObject({ kind: 'count', unit: 'person', value: 24, max: 99, approx: true });
    expect(one('수백 개의 부품')).toMatchObject({ kind: 'count', unit: '개', value: 200, max: 999 });
    // 두 번째 is an ordinal, not "two times" (두 번).
    expect(extractQuantities('두 번째 층은')).toEqual([]);
    expect(one('두 번 갔다')).toMatchObject({ kind: 'count', unit: '번', value: 2 });
    // A verb after a number is not what it counts: the number is its subject.
    expect(one('children under 15 get a belt')).toMatchObject({ kind: 'number', value: 15 });
    expect(one('３０분')).toMatchObject({ kind: 'duration', value: 30 });
  });

  it('reads a decimal spelled out: two point four metres, zero point five seconds', () => {
    expect(one('its mirror is two point four metres across')).toMatchObject({ kind: 'length', value: 2.4 });
    expect(one('zero point five seconds')).toMatchObject({ kind: 'duration', value: 0.5 });
    expect(one('twenty one point two miles')).toMatchObject({ kind: 'length', unit: 'mile', value: 21.2 });
    expect(extractQuantities('the point is that two people came').map((q) => q.value)).toEqual([2]);
  });

  it('reads a fraction of one unit whole: a tenth of a second, a quarter of an hour', () => {
    expect(one('in about a tenth of a second')).toMatchObject({ kind: 'duration', raw: 'a tenth of a second' });
    expect(one('in about a tenth of a second').value).toBeCloseTo(0.1);
    expect(one('a quarter of an hour')).toMatchObject({ kind: 'duration', value: 15 });
    expect(one('about three-quarters of an hour')).toMatchObject({ kind: 'duration', value: 45 });
    expect(one('half a second')).toMatchObject({ kind: 'duration', value: 0.5 });
  });

  it('reads the spaced Korean official date (1972. 11. 30.) and points of a score (두 점, 2점; not 만점)', () => {
    expect(extractQuantities('국기원은 1972. 11. 30. 개관했다.').map((q) => q.value)).toEqual(['1972-11-30']);
    expect(one('머리는 세 점입니다')).toMatchObject({ kind: 'count', unit: '점', value: 3 });
    expect(one('몸통은 2점이다')).toMatchObject({ kind: 'count', unit: '점', value: 2 });
    expect(extractQuantities('10점 만점').map((q) => q.value)).toEqual([10]);
    expect(extractQuantities('그 점이 중요하고 장점이 많다')).toEqual([]);
  });

  it('reads native numerals before seconds, shots and sets, and Korean hedges after a year (경, 무렵, 께)', () => {
    expect(one('열 초 이상')).toMatchObject({ kind: 'duration', unit: 'second', value: 10 });
    expect(one('스무 초 동안')).toMatchObject({ kind: 'duration', unit: 'second', value: 20 });
    expect(one('세 발을 쏜다')).toMatchObject({ kind: 'count', unit: '발', value: 3 });
    expect(one('3발을 쏜다')).toMatchObject({ kind: 'count', unit: '발', value: 3 });
    expect(one('두 세트를 이겼다')).toMatchObject({ kind: 'count', unit: '세트', value: 2 });
    expect(one('달걀 두 알')).toMatchObject({ kind: 'count', unit: '알', value: 2 });
    // 한판 is a judo score and 한쪽 one side, not one of something; 한 쪽 of garlic is one.
    expect(extractQuantities('한판으로 이겼다')).toEqual([]);
    expect(extractQuantities('한쪽이 앞서면')).toEqual([]);
    expect(one('마늘 한 쪽')).toMatchObject({ kind: 'count', unit: '쪽', value: 1 });
    // A counter's half: 6집 반, 7집 반이다 (not 반으로, 반칙).
    expect(one('덤은 6집 반의 점수')).toMatchObject({ kind: 'count', unit: '집', value: 6.5 });
    expect(one('중국 규칙은 7집 반이다')).toMatchObject({ kind: 'count', unit: '집', value: 7.5 });
    expect(one('2개 반으로 나눈다')).toMatchObject({ kind: 'count', unit: '개', value: 2 });
    expect(one('3점 반칙')).toMatchObject({ kind: 'count', unit: '점', value: 3 });
    expect(one('1610년경 다시 지었다')).toMatchObject({ kind: 'date', value: '1610', approx: true });
    expect(one('1610년 무렵')).toMatchObject({ kind: 'date', value: '1610', approx: true });
    expect(one('1610년께')).toMatchObject({ kind: 'date', value: '1610', approx: true });
    // 경 spaced off is the next word: 1610년 경복궁.
    expect(one('1610년 경복궁').approx).toBeUndefined();
  });

  it('reads a reign year as no length of time, and the month after a reign in parentheses (KO)', () => {
    expect(extractQuantities('태조 4년(1395)에 완공').map((q) => q.value)).toEqual(['1395']);
    expect(extractQuantities('광해군 2년 무렵').map((q) => q.value)).toEqual([]);
    expect(one('1395년(태조 4년) 9월에 완공')).toMatchObject({ kind: 'date', value: '1395-09' });
    expect(one('1377년(고려 우왕 3년) 7월 청주에서')).toMatchObject({ kind: 'date', value: '1377-07' });
    // The other way round: the reign year first, the year in parentheses, then the month.
    expect(one('정조 18년(1794) 1월에 착공')).toMatchObject({ kind: 'date', value: '1794-01' });
    expect(one('순조 원년(1801년) 3월 2일')).toMatchObject({ kind: 'date', value: '1801-03-02' });
    // A time before a count: 재위 32년 and 공사 기간 4년 are lengths of time.
    expect(one('재위 32년')).toMatchObject({ kind: 'duration', value: 32 * 12 });
    expect(one('공사 기간 4년')).toMatchObject({ kind: 'duration', value: 48 });
    // Lines of a board, games, wins and losses.
    expect(one('가로세로 19줄')).toMatchObject({ kind: 'count', unit: '줄', value: 19 });
    expect(extractQuantities('4승 1패로 이겼다').map((q) => [q.value, q.unit])).toEqual([
      [4, '승'],
      [1, '패'],
    ]);
  });

  it('reads no Hangul numeral in a word that runs on past its unit: 사천해전 is a battle, 이천시 a city', () => {
    expect(extractQuantities('1598년 사천해전에서도 활약했다').map((q) => q.value)).toEqual(['1598']);
    expect(extractQuantities('이천시에서')).toEqual([]);
    expect(one('삼십 년 전')).toMatchObject({ kind: 'duration', value: 360 });
    expect(one('천오백명이')).toMatchObject({ kind: 'count', value: 1500 });
  });

  it('reads once, twice and thrice as counts of times, not "twice as large" or "once the dough rises"', () => {
    const times = (t: string) => extractQuantities(t).map((q) => [q.kind, q.unit, q.value]);
    expect(times('a hair touched twice within 20 seconds')[0]).toEqual(times('a hair touched two times')[0]);
    expect(times('touched once.')).toEqual([['count', 'tim', 1]]);
    expect(times('stirred only once, then left')).toEqual([['count', 'tim', 1]]);
    expect(times('watered once a week')[0]).toEqual(['count', 'tim', 1]);
    expect(times('thrice')).toEqual([['count', 'tim', 3]]);
    for (const other of [
      'twice as large',
      'twice the size',
      'it was once the tallest',
      'once the dough rises',
      'all at once',
    ])
      expect(times(other), other).toEqual([]);
  });

  it('reads ranges as one quantity with a lower and upper end', () => {
    expect(one('30~45분')).toMatchObject({ kind: 'duration', value: 30, max: 45 });
    expect(one('between 30 and 45 minutes')).toMatchObject({ value: 30, max: 45 });
    expect(one('3-5 days')).toMatchObject({ value: 3 * 1440, max: 5 * 1440 });
  });

  it('keeps offsets into the original text, hedges, and ignores numbers inside words', () => {
    const text = '담당자를 약 15분 이내 호출합니다';
    const q = one(text);
    expect(text.slice(q.start, q.end)).toBe('15분');
    expect(q.approx).toBe(true);
    expect(extractQuantities('the A380 and mp3 files')).toEqual([]);
    expect(extractQuantities('3분기 매출').map((x) => x.kind)).toEqual(['number']);
  });
});

describe('extractQuantities on arbitrary text', () => {
  it('reads Spanish, French and German number formats where no English reading fits', () => {
    expect(one('2,5 km')).toMatchObject({ kind: 'length', value: 2500 });
    expect(one('1,75 m')).toMatchObject({ kind: 'length', value: 1.75 });
    expect(one('3,5 Stunden')).toMatchObject({ kind: 'duration', value: 210 });
    expect(one('1.000 Kilometer')).toMatchObject({ kind: 'length', value: 1_000_000 });
    expect(one('2.500 metros')).toMatchObject({ kind: 'length', value: 2500 });
    expect(one('1.000.000 Einwohner')).toMatchObject({ kind: 'count', value: 1_000_000 });
    // English readings stay: a thousands comma, a decimal point, an address, a list.
    expect(one('1,500 km')).toMatchObject({ kind: 'length', value: 1_500_000 });
    expect(one('1.500 km')).toMatchObject({ kind: 'length', value: 1500 });
    expect(extractQuantities('192.168.100.200').some((q) => q.value === 192168100200)).toBe(false);
  });

  it('reads a value after CJK punctuation (，、：（) as it reads one after a space', () => {
    expect(one('完成于，1425年建成')).toMatchObject({ kind: 'date', value: '1425', raw: '1425年' });
    expect(one('世宗、1443年')).toMatchObject({ kind: 'date', value: '1443' });
    expect(one('完成：1889年。')).toMatchObject({ kind: 'date', value: '1889' });
    expect(one('세종은，1443년에')).toMatchObject({ kind: 'date', value: '1443', raw: '1443년' });
    expect(one('首都（1425年）')).toMatchObject({ kind: 'date', value: '1425' });
    expect(one('completed，1889')).toMatchObject({ kind: 'date', value: '1889' });
    // A comma after a digit still belongs to the number: 1,2345 is 1,234 and a stray 5.
    expect(one('1,2345')).toMatchObject({ kind: 'number', value: 1234 });
  });

  it('reads hyphenated English tens and units, and number words before a scale word', () => {
    expect(one('forty-four pounds')).toMatchObject({
      kind: 'mass',
      unit: 'pound',
      value: 44,
      raw: 'forty-four pounds',
    });
    expect(one('ninety-nine percent')).toMatchObject({ kind: 'percent', value: 99 });
    expect(one('twenty one days')).toMatchObject({ kind: 'duration', unit: 'minute', value: 21 * 1440 });
    expect(one('seventy-five years')).toMatchObject({ kind: 'duration', unit: 'month', value: 900 });
    expect(one('a hundred years')).toMatchObject({ kind: 'duration', value: 1200, raw: 'a hundred years' });
    expect(one('two thousand people')).toMatchObject({ kind: 'count', value: 2000 });
    expect(one('three million')).toMatchObject({ kind: 'number', value: 3_000_000 });
    expect(one('two hundred thousand dollars')).toMatchObject({ kind: 'money', unit: 'USD', value: 200_000 });
    expect(one('sixteen hours')).toMatchObject({ kind: 'duration', value: 16 * 60 });
    // Spelled out without a unit or noun, a small number is no value (as `six` alone is not).
    expect(extractQuantities('twenty-one')).toEqual([]);
  });

  it('reads the words after the last scale word as the rest of the number, with or without "and"', () => {
    expect(one('one hundred and twenty rooms')).toMatchObject({ kind: 'count', unit: 'room', value: 120 });
    expect(one('a hundred twenty-one days')).toMatchObject({ kind: 'duration', value: 121 * 1440 });
    expect(one('two thousand five hundred years')).toMatchObject({ kind: 'duration', value: 2500 * 12 });
    expect(one('one hundred and eighteen metres')).toMatchObject({ kind: 'length', value: 118 });
    // A scale word after the words that follow "and" starts a second number: a range of two.
    expect(one('between one hundred and two hundred metres')).toMatchObject({ value: 100, max: 200 });
  });

  it('reads a Korean or Chinese decade as its first year, not as a duration of 1860 years', () => {
    expect(one('1860년대에')).toMatchObject({ kind: 'date', value: '1860', raw: '1860' });
    expect(one('1860年代')).toMatchObject({ kind: 'date', value: '1860' });
    expect(one('1860년에')).toMatchObject({ kind: 'date', value: '1860', raw: '1860년' });
  });

  it('reads Chinese and Japanese numerals before a unit or classifier, yuan, and CJK hedges', () => {
    expect(one('门票为六十元')).toMatchObject({ kind: 'money', unit: 'CNY', value: 60, raw: '六十元' });
    expect(one('毎年およそ三百万人が訪れる')).toMatchObject({ kind: 'number', value: 3_000_000, approx: true });
    expect(one('全长一千二百米')).toMatchObject({ kind: 'length', value: 1200 });
    expect(one('有十五个房间')).toMatchObject({ kind: 'number', value: 15 });
    expect(one('约700万人')).toMatchObject({ value: 7_000_000, approx: true });
    expect(one('气温在30左右')).toMatchObject({ value: 30, approx: true });
    // Numeral characters in words are no values: 十分 "very", 百姓 "the people", 万一 "in case".
    expect(extractQuantities('十分重要，老百姓万一')).toEqual([]);
  });

  it('reads Chinese and Japanese magnitudes 万 億 亿 千 with the unit after them, as Korean 만 억 천', () => {
    expect(one('占地50万平方米')).toMatchObject({ kind: 'area', value: 500_000, raw: '50万平方米' });
    expect(one('予算は3億円')).toMatchObject({ kind: 'money', unit: 'JPY', value: 300_000_000 });
    expect(one('1億2千万円')).toMatchObject({ kind: 'money', unit: 'JPY', value: 120_000_000 });
    expect(one('人口1400万')).toMatchObject({ kind: 'number', value: 14_000_000 });
    expect(one('2.5亿')).toMatchObject({ kind: 'number', value: 250_000_000 });
    expect(one('3千米')).toMatchObject({ kind: 'length', unit: 'metre', value: 3000 });
    expect(one('50만 제곱미터')).toMatchObject({ kind: 'area', value: 500_000 });
    expect(one('3천 km')).toMatchObject({ kind: 'length', value: 3_000_000 });
    expect(one('2 million square metres')).toMatchObject({ kind: 'area', value: 2_000_000 });
  });

  it('never throws, and every span points at its raw text in order', () => {
    const pieces = fc.constantFrom(
      '30분',
      ' ',
      '1시간',
      '반',
      '₩',
      '500,000',
      '50만',
      '원',
      '$',
      '1.2k',
      '2026',
      '-',
      '03',
      '년',
      '월',
      '일',
      'v2.3',
      '~',
      'to',
      'between',
      'and',
      'a half',
      'an hour',
      '３０',
      '%',
      '(',
      ')',
      '.',
      'three',
      '세 가지',
      '\n',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        let last = 0;
        for (const q of extractQuantities(text)) {
          expect(q.start).toBeGreaterThanOrEqual(last);
          expect(q.end).toBeGreaterThan(q.start);
          expect(text.slice(q.start, q.end)).toBe(q.raw);
          last = q.end;
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('counts of one thing under two names', () => {
  it('counts storeys and stories as floors', () => {
    expect(one('86 storeys')).toMatchObject({ kind: 'count', unit: 'floor', value: 86 });
    expect(one('102 floors')).toMatchObject({ kind: 'count', unit: 'floor', value: 102 });
    expect(one('20 stories')).toMatchObject({ kind: 'count', unit: 'floor', value: 20 });
  });
});
