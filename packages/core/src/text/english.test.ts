import { describe, expect, it } from 'vitest';
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
