import { describe, expect, it } from 'vitest';
import { analyzeText } from './analyze-text.js';
import { extractQuantities } from './quantities.js';

const words = (text: string) =>
  analyzeText(text)
    .tokens.filter((t) => !t.stop && !t.inQuantity)
    .map((t) => t.text);

describe('Japanese: words without spaces', () => {
  it('cuts a sentence into words and drops particles', () => {
    expect(words('エッフェル塔は1889年に完成しました。')).toEqual(['エッフェル塔', '完成']);
  });

  it('splits sentences at 。 with no space after it', () => {
    const a = analyzeText('塔は完成した。次に塗装した。');
    expect(a.sentences.map((x) => a.original.slice(x.start, x.end)).filter((x) => x)).toEqual([
      '塔は完成した。',
      '次に塗装した。',
    ]);
  });
});

describe('dates written with 年 月 日 (ja, zh)', () => {
  it('reads them like Korean 년 월 일', () => {
    expect(extractQuantities('1889年6月').map((q) => q.value)).toEqual(['1889-06']);
    expect(extractQuantities('1964年10月1日に開業').map((q) => q.value)).toEqual(['1964-10-01']);
    expect(extractQuantities('于1889年建成').map((q) => q.value)).toEqual(['1889']);
  });
});

describe('Chinese: words without spaces', () => {
  it('joins names the dictionary does not know back into one word (埃菲尔铁塔)', () => {
    expect(words('埃菲尔铁塔于1889年建成。')).toEqual(['埃菲尔铁塔', '建成']);
  });
});

describe('Thai: words without spaces', () => {
  it('cuts Thai into words', () => {
    expect(words('หอไอเฟลสร้างเสร็จ').length).toBeGreaterThan(1);
  });
});
