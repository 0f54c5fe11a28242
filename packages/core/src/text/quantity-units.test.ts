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
