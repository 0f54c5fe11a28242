import { describe, expect, it } from 'vitest';
import { highlightSegments, locateQuote } from './highlight.js';

describe('locateQuote', () => {
  it('finds an exact quote', () => {
    expect(locateQuote('The dish is beef bourguignon.', 'beef bourguignon')).toEqual([12, 28]);
  });
  it('finds a re-flowed quote ignoring case and whitespace, mapped to original offsets', () => {
    const text = 'Slow cooked\n  in RED wine.';
    const at = locateQuote(text, 'cooked in red wine');
    expect(at).toEqual([5, 25]);
    expect(text.slice(...(at as [number, number]))).toBe('cooked\n  in RED wine');
  });
  it('returns null for a quote that is not there or empty', () => {
    expect(locateQuote('abc', 'xyz')).toBeNull();
    expect(locateQuote('abc', '   ')).toBeNull();
  });
  it('finds Korean text', () => {
    expect(locateQuote('이 음식은 배추김치입니다.', '배추김치')).toEqual([6, 10]);
  });
});

describe('highlightSegments', () => {
  it('splits text into plain and marked runs that join back to the text', () => {
    const text = 'A <script>x</script> B and C';
    const segs = highlightSegments(text, ['<script>x</script>', null, 'C']);
    expect(segs).toEqual([
      { text: 'A ', marks: [] },
      { text: '<script>x</script>', marks: [0] },
      { text: ' B and ', marks: [] },
      { text: 'C', marks: [2] },
    ]);
    expect(segs.map((s) => s.text).join('')).toBe(text);
  });
  it('gives overlapping quotes segments with both marks', () => {
    const segs = highlightSegments('abcdef', [[1, 4], 'cde']);
    expect(segs).toEqual([
      { text: 'a', marks: [] },
      { text: 'b', marks: [0] },
      { text: 'cd', marks: [0, 1] },
      { text: 'e', marks: [1] },
      { text: 'f', marks: [] },
    ]);
  });
  it('ignores offsets outside the text', () => {
    expect(highlightSegments('abc', [[2, 9]])).toEqual([{ text: 'abc', marks: [] }]);
  });
});
