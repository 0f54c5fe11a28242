import { describe, expect, it } from 'vitest';
import { isKoreanNegation, KO_ENDINGS, koreanForms } from './korean.js';

describe('koreanForms', () => {
  it('takes every ending off in one step, leaving the noun or stem before it whole', () => {
    for (const e of KO_ENDINGS) expect(koreanForms(`고객${e}`)[1], e).toBe('고객');
  });

  it('meets a check word in the endings an answer writes it with', () => {
    for (const [word, base] of [
      ['공지합니다', '공지'],
      ['공지했다', '공지'],
      ['서울에서는', '서울'],
      ['고객들에게', '고객'],
      ['P1이라는', 'p1'],
    ] as const) {
      expect(koreanForms(word.toLowerCase()), word).toContain(base);
    }
  });

  it('strips the particles that may follow a one-syllable noun, and no others', () => {
    for (const [word, noun] of [
      ['물을', '물'],
      ['차를', '차'],
      ['물은', '물'],
      ['차는', '차'],
      ['맛과', '맛'],
      ['차와', '차'],
      ['날의', '날'],
      ['집에', '집'],
      ['물도', '물'],
    ] as const) {
      expect(koreanForms(word), word).toEqual([word, noun]);
    }
    expect(koreanForms('나이')).toEqual(['나이']);
    expect(koreanForms('보고')).toEqual(['보고']);
  });

  it('does not take a two-syllable word apart with a second ending (가을에 is 가을, not 가)', () => {
    expect(koreanForms('가을에')).toEqual(['가을에', '가을']);
    expect(koreanForms('마을을')).toEqual(['마을을', '마을']);
    expect(koreanForms('고양이가')).toEqual(['고양이가', '고양이', '고양']);
  });

  it('takes off at most three endings', () => {
    expect(koreanForms('고객들에게는도만')).toHaveLength(4);
  });
});

describe('isKoreanNegation', () => {
  it('reads 못 in every form of 못하다, and the usual endings of negation', () => {
    for (const w of [
      '못했다',
      '못해',
      '못한다',
      '못할',
      '못하게',
      '못합니다',
      '않는다',
      '아니다',
      '아닙니다',
      '아녜요',
      '없었다',
      '못',
      '안',
    ])
      expect(isKoreanNegation(w), w).toBe(true);
    for (const w of ['연못', '했다', '있었다', '한다']) expect(isKoreanNegation(w), w).toBe(false);
  });
});
