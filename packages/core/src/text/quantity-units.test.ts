import { describe, expect, it } from 'vitest';
import { extractQuantities, NOT_COUNTED, NOT_UNIT_WORDS } from './quantities.js';
import { UNIT_WORDS } from './quantity-units.js';

describe('unit words', () => {
  it('every spelling of a unit and every Korean counter reads as its unit after a number', () => {
    for (const [word, info] of UNIT_WORDS) {
      const text = /^[a-z% ]/.test(word) ? `3 ${word}` : `3${word}`;
      const got = extractQuantities(text);
      expect(got, text).toHaveLength(1);
      expect(got[0], text).toMatchObject({ kind: info.kind, unit: info.unit, value: 3 * info.factor });
    }
  });

  it('a longer unit wins over its prefix: 개월 is months, not 개 of something; minutes are not metres', () => {
    expect(extractQuantities('6개월')[0]).toMatchObject({ kind: 'duration', unit: 'month', value: 6 });
    expect(extractQuantities('5 minutes')[0]).toMatchObject({ kind: 'duration', unit: 'minute', value: 5 });
    expect(extractQuantities('5 m')[0]).toMatchObject({ kind: 'length', unit: 'metre', value: 5 });
  });

  it('counters keep what they count apart: 3명 and 3개 are different units', () => {
    expect(extractQuantities('3명')[0]?.unit).toBe('명');
    expect(extractQuantities('3개')[0]?.unit).toBe('개');
  });
});

describe('units of size, area and time after a space, and Japanese and Chinese units', () => {
  const only = (text: string) => {
    const got = extractQuantities(text);
    expect(got, text).toHaveLength(1);
    return got[0];
  };

  it('reads data sizes in bytes (kB and MB decimal, KiB binary) and milliseconds as seconds', () => {
    expect(only('50 MB')).toMatchObject({ kind: 'size', unit: 'byte', value: 50_000_000, raw: '50 MB' });
    expect(only('a 2GB limit')).toMatchObject({ kind: 'size', value: 2_000_000_000 });
    expect(only('8 GiB')).toMatchObject({ kind: 'size', value: 8 * 1024 ** 3 });
    expect(only('최대 10메가바이트')).toMatchObject({ kind: 'size', value: 10_000_000 });
    expect(only('200 ms')).toMatchObject({ kind: 'duration', unit: 'second', value: 0.2 });
    expect(only('応答は500ミリ秒')).toMatchObject({ kind: 'duration', unit: 'second', value: 0.5 });
    expect(only('30 %')).toMatchObject({ kind: 'percent', value: 30 });
    expect(only('12 km')).toMatchObject({ kind: 'length', unit: 'metre', value: 12_000 });
  });

  it('reads katakana and Chinese units of length and mass in metres and grams', () => {
    expect(only('高さ333メートル')).toMatchObject({ kind: 'length', unit: 'metre', value: 333, raw: '333メートル' });
    expect(only('5センチ')).toMatchObject({ kind: 'length', unit: 'metre', value: 0.05 });
    expect(only('200グラム')).toMatchObject({ kind: 'mass', unit: 'gram', value: 200 });
    expect(only('塔高333米')).toMatchObject({ kind: 'length', unit: 'metre', value: 333 });
    expect(only('全长12公里')).toMatchObject({ kind: 'length', value: 12_000 });
    expect(only('重5公斤')).toMatchObject({ kind: 'mass', value: 5000 });
    expect(only('重5千克')).toMatchObject({ kind: 'mass', value: 5000 });
  });

  it('reads areas in square metres, and a square unit wins over its length unit', () => {
    expect(only('100 square metres')).toMatchObject({ kind: 'area', unit: 'square metre', value: 100 });
    expect(only('3 km²')).toMatchObject({ kind: 'area', value: 3_000_000 });
    expect(only('면적 84제곱미터')).toMatchObject({ kind: 'area', value: 84 });
    expect(only('占地5平方公里')).toMatchObject({ kind: 'area', value: 5_000_000 });
  });
});

describe('words that are no unit and words that are not counted', () => {
  it('a number before a word that only begins with a unit stays a plain number', () => {
    for (const w of NOT_UNIT_WORDS)
      expect(
        extractQuantities(`3${w}`).map((q) => q.kind),
        w,
      ).toEqual(['number']);
  });

  it('a number before a negation or an adverb is the number itself, not a count of that word', () => {
    for (const w of NOT_COUNTED) {
      // Words of fewer than three letters, or with an apostrophe, never read as counted nouns.
      if (!/^[a-z]{3,}$/.test(w)) continue;
      expect(extractQuantities(`404 ${w}`), w).toMatchObject([{ kind: 'number', value: 404 }]);
    }
  });
});

describe('units in other languages and in words', () => {
  const L = (value: number) => ({ kind: 'length', unit: 'metre', value });
  const M = (value: number, unit = 'gram') => ({ kind: 'mass', unit, value });
  const D = (value: number, unit = 'minute') => ({ kind: 'duration', unit, value });
  const reads = (cases: ReadonlyArray<readonly [string, object]>) => {
    for (const [text, want] of cases) {
      const qs = extractQuantities(text);
      expect(qs, `one quantity in ${JSON.stringify(text)}: ${JSON.stringify(qs)}`).toHaveLength(1);
      expect(qs[0], text).toMatchObject(want);
    }
  };
  it('reads Spanish, French and German unit names', () => {
    reads([
      ['5 kilómetros', L(5000)],
      ['5 kilomètres', L(5000)],
      ['5 Kilometer', L(5000)],
      ['300 mètres', L(300)],
      ['20 toneladas', M(2e7)],
      ['20 Tonnen', M(2e7)],
      ['3 semanas', D(3 * 10080)],
      ['3 semaines', D(3 * 10080)],
      ['3 Wochen', D(3 * 10080)],
      ['2 años', D(24, 'month')],
      ['2 ans', D(24, 'month')],
      ['2 Jahre', D(24, 'month')],
      ['6 mois', D(6, 'month')],
    ]);
  });

  it('reads pounds, ounces, inches and yards as weights and lengths, and pounds sterling as money', () => {
    reads([
      ['40 pounds', M(40, 'pound')],
      ['8 ounces', M(8, 'ounce')],
      ['12 inches', { kind: 'length', unit: 'inch', value: 12 }],
      ['100 yards', { kind: 'length', unit: 'yard', value: 100 }],
      ['40 pounds sterling', { kind: 'money', unit: 'GBP', value: 40 }],
      ['£40', { kind: 'money', unit: 'GBP', value: 40 }],
    ]);
  });

  it('reads Japanese and Chinese units after digits and numerals, with 万 and 億', () => {
    reads([
      ['5キロメートル', L(5000)],
      ['3万キロメートル', L(3e7)],
      ['三万キロメートル', L(3e7)],
      ['1億トン', M(1e14)],
      ['二百メートル', L(200)],
      ['五千公里', L(5e6)],
      ['两千米', L(2000)],
      ['三百吨', M(3e8)],
      ['3時間', D(180)],
      ['5キロ', { unit: 'kilo', value: 5000 }],
      ['两公里', L(2000)],
      ['三吨', M(3e6)],
      ['五キロ', { unit: 'kilo', value: 5000 }],
      ['3天', D(3 * 1440)],
      ['两个小时', D(120)],
    ]);
  });
});

describe('Korean numerals in words', () => {
  const C = (value: number, unit: string) => ({ kind: 'count', unit, value });
  it('reads Sino-Korean numerals with a magnitude before a unit or counter', () => {
    for (const [text, want] of [
      ['백이십 개', C(120, '개')],
      ['백이십 개가 있다', C(120, '개')],
      ['천오백 명', C(1500, '명')],
      ['이십오 년', { kind: 'duration', unit: 'month', value: 300 }],
      ['삼만 이천 원', { kind: 'money', unit: 'KRW', value: 32_000 }],
      ['오십 미터입니다', { kind: 'length', unit: 'metre', value: 50 }],
      ['1만 2천 명', C(12_000, '명')],
      ['3천만 원', { kind: 'money', unit: 'KRW', value: 30_000_000 }],
      ['십 층', C(10, '층')],
    ] as const) {
      expect(extractQuantities(text), text).toMatchObject([want]);
    }
  });

  it('reads native numerals, tens and all, before counters; 살 and 세 count one age', () => {
    for (const [text, want] of [
      ['스무 살', C(20, '살')],
      ['서른두 살', C(32, '살')],
      ['마흔 번', C(40, '번')],
      ['스물다섯 명', C(25, '명')],
      ['열한 개', C(11, '개')],
      ['20세', C(20, '살')],
    ] as const) {
      expect(extractQuantities(text), text).toMatchObject([want]);
    }
  });

  it('leaves words that begin with a numeral syllable unread', () => {
    for (const text of [
      '천주교 신자',
      '이천시에 있다',
      '백화점에 갔다',
      '오 분의 일',
      '이 개는 귀엽다',
      '사천에서',
      '구백년해로',
    ]) {
      expect(extractQuantities(text), text).toEqual([]);
    }
  });
});

describe('Spanish, French and German number words', () => {
  it('reads them before a unit', () => {
    for (const [text, value, unit] of [
      ['dos mil kilómetros', 2e6, 'metre'],
      ['doscientos metros', 200, 'metre'],
      ['treinta y dos años', 32 * 12, 'month'],
      ['trois cents mètres', 300, 'metre'],
      ['quatre-vingt-dix kilomètres', 9e4, 'metre'],
      ['soixante-dix ans', 70 * 12, 'month'],
      ['vingt et un jours', 21 * 1440, 'minute'],
      ['deux mille tonnes', 2e9, 'gram'],
      ['zweihundert Meter', 200, 'metre'],
      ['dreißig Jahre', 360, 'month'],
      ['fünfundzwanzig Kilometer', 25_000, 'metre'],
      ['zweitausendfünfhundert Tonnen', 2.5e9, 'gram'],
      ['une semaine', 10080, 'minute'],
      ['ein Jahr', 12, 'month'],
    ] as const) {
      expect(extractQuantities(text), text).toMatchObject([{ value, unit }]);
    }
  });

  it('leaves them unread without a unit', () => {
    for (const text of ['une maison', 'ein Haus', 'neuf idées', 'once upon a time', 'el dos de mayo']) {
      expect(extractQuantities(text), text).toEqual([]);
    }
  });
});

describe('English weights, lengths and counts in words', () => {
  it('reads a, half a, a couple of and a dozen before what they measure', () => {
    for (const [text, want] of [
      ['forty pounds', { kind: 'mass', unit: 'pound', value: 40 }],
      ['forty-four pounds', { kind: 'mass', unit: 'pound', value: 44 }],
      ['half a mile', { kind: 'length', unit: 'mile', value: 0.5 }],
      ['half a kilo', { kind: 'mass', unit: 'gram', value: 500 }],
      ['a mile', { kind: 'length', unit: 'mile', value: 1 }],
      ['a couple of days', { kind: 'duration', unit: 'minute', value: 2880 }],
      ['a couple of stones', { kind: 'count', value: 2 }],
      ['a dozen eggs', { kind: 'count', value: 12 }],
      ['two hundred metres', { kind: 'length', unit: 'metre', value: 200 }],
    ] as const) {
      expect(extractQuantities(text), text).toMatchObject([want]);
    }
  });

  it('reads no measure from `a ton of`, `a foot` or `a couple` alone', () => {
    for (const text of ['a ton of work', 'a foot in the door', 'a couple', 'the couple of them']) {
      expect(extractQuantities(text), text).toEqual([]);
    }
  });
});

describe('single Han digits', () => {
  it('are read before a measure only', () => {
    for (const text of ['一个人', '一部分', '统一', '一样', '二〇二〇年']) {
      expect(
        extractQuantities(text).filter((q) => q.kind !== 'date'),
        text,
      ).toEqual([]);
    }
  });
});
