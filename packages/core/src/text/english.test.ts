import { describe, expect, it } from 'vitest';
import { analyzeText } from './analyze-text.js';
import { stemEnglish } from './english.js';

/** Each row: words that must share a stem, or a word that must be left as it is. One row per rule of `stemEnglish`. */
describe('stemEnglish', () => {
  it('makes the inflections of a word meet', () => {
    for (const group of [
      ["eiffel's", 'eiffel', "eiffels'"],
      ['policies', 'policy'],
      ['boxes', 'box'],
      ['watches', 'watch'],
      ['wishes', 'wish'],
      ['buzzes', 'buzz'],
      ['notices', 'notice', 'noticed', 'noticing'],
      ['running', 'run'],
      ['stopped', 'stop', 'stopping'],
      ['applied', 'applies', 'apply'],
      ['paged', 'paging'],
      ['quickly', 'quick'],
      ['calling', 'call', 'called'],
      ['missed', 'miss', 'missing'],
    ]) {
      expect(new Set(group.map(stemEnglish)).size, group.join(' ')).toBe(1);
    }
  });

  it('leaves words that only look inflected', () => {
    for (const w of ['bus', 'has', 'was', 'red', 'class', 'status', 'analysis', 'sing', 'bring', 'only', 'early'])
      expect(stemEnglish(w), w).toBe(w);
    expect(stemEnglish('ties')).toBe(stemEnglish('tie'));
    expect(stemEnglish('died')).toBe('died');
    expect(stemEnglish('shed')).toBe('shed');
    expect(stemEnglish('ice')).toBe('ice');
  });
});

describe('irregular verbs', () => {
  const key = (word: string) => analyzeText(word).tokens[0]?.forms.at(-1);
  it('gives a past form or participle its verb as the match key', () => {
    for (const group of [
      ['drove', 'driven', 'drive', 'drives'],
      ['built', 'build', 'building'],
      ['wrote', 'written', 'write'],
      ['took', 'taken', 'take'],
    ]) {
      expect(new Set(group.map(key)).size, group.join(' ')).toBe(1);
    }
  });

  it('meets a plural in -ies with its singular in -ie: bogie ~ bogies, movie ~ movies', () => {
    expect(key('bogie')).toBe(key('bogies'));
    expect(key('movie')).toBe(key('movies'));
    expect(key('policy')).toBe(key('policies'));
  });

  it('leaves past forms that are also other words alone', () => {
    expect(key('found')).not.toBe(key('find'));
    expect(key('left')).not.toBe(key('leave'));
    expect(key('saw')).not.toBe(key('see'));
  });
});
