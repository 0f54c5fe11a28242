import { describe, expect, it } from 'vitest';
import { sentenceSpans } from './sentences.js';

describe('sentences', () => {
  it('splits English and Korean sentences, keeping abbreviations and versions whole', () => {
    const t = 'Call e.g. the on-call. Upgrade to v2.5.1 today! 고객에게 공지한다. 다음은?';
    expect(sentenceSpans(t).map((s) => t.slice(s.start, s.end))).toEqual([
      'Call e.g. the on-call.',
      'Upgrade to v2.5.1 today!',
      '고객에게 공지한다.',
      '다음은?',
    ]);
  });
});
