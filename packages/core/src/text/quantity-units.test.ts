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
