import { describe, expect, it } from 'vitest';
import { indexTerms as analyze, questionKeys, stemWord as stem } from './index-terms.js';

describe('analyzer', () => {
  it('cuts Hangul into overlapping bigrams, so a word with a particle attached still matches', () => {
    expect(analyze('담당자를')).toEqual(['담당', '당자', '자를']);
    const doc = new Set(analyze('담당자는 15분 이내 호출한다'));
    const shared = analyze('담당자를 호출').filter((t) => doc.has(t));
    expect(shared).toEqual(['담당', '당자', '호출']);
  });

  it('keeps a lone syllable as a unigram, splits numbers from units and normalises width (NFKC)', () => {
    expect(analyze('30분 내 공지')).toEqual(['30', '분', '내', '공지']);
    expect(analyze('ＡＰＩ　１２３')).toEqual(['api', '123']);
    expect(analyze('1,000원 v2.5.1')).toEqual(['1000', '원', 'v2.5.1']);
  });

  it('lowercases, drops English stop words and stems lightly', () => {
    expect(analyze('The Notices were Released')).toEqual(['notic', 'releas']);
    for (const [a, b] of [
      ['notices', 'noticed'],
      ['policies', 'policy'],
      ['paging', 'paged'],
      ['requires', 'required'],
      ['running', 'run'],
    ]) {
      expect(stem(a as string)).toBe(stem(b as string));
    }
    expect(stem('class')).toBe('class');
    expect(stem('status')).toBe('status');
  });

  it('keys a question by its topic words: Korean stems without particles, no question words', () => {
    expect(questionKeys('P2 장애는 고객에게 언제까지 공지해야 하나요?')).toEqual(['p2', '장애', '고객', '공지']);
    expect(questionKeys('What is the minimum password length?')).toEqual(['minimum', 'password', 'length']);
  });
});
