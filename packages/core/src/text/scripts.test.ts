import { describe, expect, it } from 'vitest';
import { analyzeText } from './analyze-text.js';
import { EN_NEGATIONS } from './english.js';
import { foldLatin, OTHER_NEGATIONS, OTHER_STOP_WORDS, RU_ENDINGS, stemCyrillic, withoutElision } from './scripts.js';

describe('lists of other scripts and languages', () => {
  it('takes every Russian ending off, longest first, so a word’s cases meet', () => {
    for (const e of RU_ENDINGS) expect(stemCyrillic(`башн${e}`), e).toBe('башн');
    expect(new Set(['башня', 'башни', 'башню', 'башнями'].map(stemCyrillic))).toEqual(new Set(['башн']));
    expect(stemCyrillic('дом')).toBe('дом');
  });

  it('every Spanish, French, German and Russian function word is a stop token', () => {
    for (const w of OTHER_STOP_WORDS)
      expect(
        analyzeText(w).tokens.every((t) => t.stop),
        w,
      ).toBe(true);
  });

  it('every negation word reads as a negation', () => {
    for (const w of [...EN_NEGATIONS, ...OTHER_NEGATIONS]) expect(analyzeText(w).tokens[0]?.negation, w).toBe(true);
  });

  it('folds diacritics and ligatures, and strips French elision', () => {
    expect(['diseñada', 'Fußgänger', 'æther', 'œuvre', 'søren', 'łódź'].map((w) => foldLatin(w.toLowerCase()))).toEqual(
      ['disenada', 'fussganger', 'aether', 'oeuvre', 'soren', 'lodz'],
    );
    expect(["l'architecte", "d'eiffel", "qu'il", "n'a"].map(withoutElision)).toEqual([
      'architecte',
      'eiffel',
      'il',
      "n'a",
    ]);
  });
});
