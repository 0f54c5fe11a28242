import { describe, expect, it } from 'vitest';
import { matchesTerms, searchTerms } from './text-search.js';

describe('viewer search', () => {
  it('needs every word, in any order and case, across the texts given', () => {
    const t = searchTerms('  Pizza   NAPLES ');
    expect(t).toEqual(['pizza', 'naples']);
    expect(matchesTerms(t, ['A pizza', null, 'from Naples'])).toBe(true);
    expect(matchesTerms(t, ['A pizza from Rome'])).toBe(false);
  });
  it('folds full-width letters (NFKC) and matches Korean inside a word', () => {
    expect(matchesTerms(searchTerms('ＰＩＺＺＡ'), ['pizza'])).toBe(true);
    expect(matchesTerms(searchTerms('김치'), ['배추김치를 담급니다'])).toBe(true);
  });
  it('matches everything with an empty query', () => {
    expect(matchesTerms(searchTerms('   '), [])).toBe(true);
  });
});
