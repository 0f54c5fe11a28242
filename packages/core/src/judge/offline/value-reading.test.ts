import { describe, it } from 'vitest';
import { expectVerdicts as table } from './offline-table.test-helpers.js';

// The values the text analysis reads reach the judge: a different one contradicts, the same one meets.

describe('values after CJK punctuation, with CJK magnitudes, units after a space and spelled-out tens', () => {
  it('reads a year after a full-width comma (ZH)', () => {
    table([
      ['fact', '紫禁城于1420年建成', '紫禁城，1425年建成。', 'contradicts'],
      ['fact', '紫禁城于1420年建成', '紫禁城，1420年建成。', 'meets'],
    ]);
  });

  it('reads 万 and 만 with the unit after them, and katakana units (ZH, KO, JA)', () => {
    table([
      ['fact', '广场占地50万平方米', '广场占地44万平方米。', 'contradicts'],
      ['fact', '广场占地50万平方米', '广场占地50万平方米。', 'meets'],
      ['fact', '광장의 면적은 50만 제곱미터이다', '광장의 면적은 44만 제곱미터입니다.', 'contradicts'],
      ['fact', '東京タワーの高さは333メートル', '東京タワーの高さは333メートルです。', 'meets'],
    ]);
  });

  it('reads a unit after a space and a hyphenated number word (EN)', () => {
    table([
      ['fact', 'The upload limit is 50 MB', 'The upload limit is 20 MB.', 'contradicts'],
      ['fact', 'The upload limit is 50 MB', 'The upload limit is 50 MB per file, and 50 files at most.', 'meets'],
      ['fact', 'The dog weighs forty-four pounds', 'The dog weighs thirty pounds.', 'contradicts'],
      ['fact', 'The dog weighs forty-four pounds', 'The dog weighs 44 pounds.', 'meets'],
    ]);
  });

  it('reads a number written in words past its scale word, with or without "and" (EN)', () => {
    table([
      ['fact', 'The palace has 120 rooms', 'The palace has one hundred and twenty rooms.', 'meets'],
      ['fact', 'The palace has 120 rooms', 'The palace has a hundred twenty rooms.', 'meets'],
      ['fact', 'The palace has 120 rooms', 'The palace has one hundred and sixty rooms.', 'contradicts'],
    ]);
  });
});
