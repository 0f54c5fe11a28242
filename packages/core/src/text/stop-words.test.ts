import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeText } from './analyze-text.js';
import { indexTerms, questionKeys } from './index-terms.js';
import { foldText, normalizeWithOffsets } from './normalize.js';
import { EN_FUNCTION_WORDS, EN_RETRIEVAL_STOP_WORDS, EN_STOP_WORDS, KO_QUESTION_STEMS } from './stop-words.js';

describe('stop words', () => {
  it('every retrieval stop word leaves no index term, so a query and a page meet on their topic words only', () => {
    for (const w of EN_RETRIEVAL_STOP_WORDS) expect(indexTerms(`${w} notice`), w).toEqual(['notic']);
    expect(indexTerms('How long does the P1 notice take?')).toEqual(['p1', 'notic', 'tak']);
    expect(indexTerms('Yes, it is not required')).toEqual(['requir']);
  });

  it('every check stop word is a stop token of a check, function words included', () => {
    for (const w of EN_STOP_WORDS)
      expect(
        analyzeText(w).tokens.every((t) => t.stop),
        w,
      ).toBe(true);
    for (const w of EN_FUNCTION_WORDS) expect(EN_STOP_WORDS.has(w), w).toBe(true);
    expect(
      analyzeText('The answer mentions roughly the fresh basil')
        .tokens.filter((t) => !t.stop)
        .map((t) => t.text),
    ).toEqual(['fresh', 'basil']);
  });

  it('negations are retrieval stop words but not check stop words: the check judge reads them', () => {
    expect(EN_RETRIEVAL_STOP_WORDS.has('not')).toBe(true);
    expect(analyzeText('not').tokens[0]).toMatchObject({ stop: false, negation: true });
  });

  it('every Korean question stem is left out of a question’s topic keys', () => {
    for (const s of KO_QUESTION_STEMS) expect(questionKeys(`장애 ${s}요`), s).toEqual(['장애']);
    expect(questionKeys('P2 장애는 고객에게 언제까지 공지해야 하나요?')).toEqual(['p2', '장애', '고객', '공지']);
  });
});

describe('foldText', () => {
  it('is the text of normalizeWithOffsets, without the offsets', () => {
    expect(foldText('ＡＰＩ　１２３ — “Quote” ℃')).toBe('api 123 - "quote" °c');
    expect(foldText('a ３½-inch drive, ½ cup')).toBe(normalizeWithOffsets('a ３½-inch drive, ½ cup').text);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        expect(foldText(s)).toBe(normalizeWithOffsets(s).text);
      }),
      { numRuns: 500 },
    );
  });
});
