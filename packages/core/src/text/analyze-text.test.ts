import { describe, expect, it } from 'vitest';
import { analyzeText } from './analyze-text.js';

const sentences = (text: string) =>
  analyzeText(text)
    .sentences.map((s) => text.slice(s.start, s.end).trim())
    .filter((s) => s !== '');

describe('analyzeText sentences', () => {
  it('keeps an apostrophe inside Latin words only: a quote mark in Korean ends the word', () => {
    const words = (t: string) => analyzeText(t).tokens.map((x) => x.text);
    expect(words("'안압지'에서 '동궁과 월지'로")).toEqual(['안압지', '에서', '동궁과', '월지', '로']);
    expect(words("Eiffel's tower, l'architecte, don't")).toEqual(["eiffel's", 'tower', "l'architecte", "don't"]);
  });

  it('does not end a sentence at a title or abbreviation before a name or phrase', () => {
    expect(sentences('The Gateway Arch in St. Louis was completed in 1965. It is 192 m tall.')).toEqual([
      'The Gateway Arch in St. Louis was completed in 1965.',
      'It is 192 m tall.',
    ]);
    expect(sentences('Dr. Kim and Mt. Fuji, e.g. the north face, vs. the south.')).toHaveLength(1);
  });

  it('still ends a sentence after units, ordinals and other words that look alike', () => {
    expect(sentences('It took 200 ms. Then it stopped.')).toHaveLength(2);
    expect(sentences('She came 1st. Then he came.')).toHaveLength(2);
    expect(sentences('We met on the first. Then we left.')).toHaveLength(2);
    expect(sentences('버전 2.3은 빠르다. 1.5는 느리다.')).toHaveLength(2);
  });
});

describe('analyzeText forms', () => {
  it('gives an English noun of an action its verb’s stem: digestion ~ digests, fermentation ~ ferments', () => {
    const key = (w: string) => analyzeText(w).tokens[0]?.forms.at(-1);
    expect(key('digestion')).toBe(key('digests'));
    expect(key('completion')).toBe(key('completed'));
    expect(key('fermentation')).toBe(key('ferments'));
    expect(key('creation')).toBe(key('creates'));
    // Short stems are left alone: a station is no "stat", a nation no "nat".
    expect(analyzeText('station nation version').tokens.map((t) => t.forms)).toEqual([
      ['station'],
      ['nation'],
      ['version'],
    ]);
  });
});
