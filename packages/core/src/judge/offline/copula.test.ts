import { describe, it } from 'vitest';
import { expectVerdicts as table } from './offline-table.test-helpers.js';

describe('another name for what the check names with "is"', () => {
  it('contradicts when the answer names the same thing otherwise and never as the check does (EN, KO)', () => {
    table([
      ['fact', 'States that the main gate is Gwanghwamun', 'The main gate is Sungnyemun.', 'contradicts'],
      ['fact', 'States that its mascot was Hodori', 'Its mascot was Soohorang.', 'contradicts'],
      ['fact', '정문이 광화문이라고 말한다', '정문은 숭례문입니다.', 'contradicts'],
    ]);
  });

  it('does not contradict the check’s name, a description, a denial or another thing (EN, KO)', () => {
    table([
      [
        'fact',
        'States that the main gate is Gwanghwamun',
        'The main gate is the Gwanghwamun Gate, rebuilt in 2010.',
        'meets',
      ],
      ['fact', 'States that the main gate is Gwanghwamun', 'The main gate is a large wooden gate.', 'partially_meets'],
      [
        'fact',
        'States that the throne hall is Geunjeongjeon',
        'The throne hall is not Gyeonghoeru.',
        'partially_meets',
      ],
      ['fact', '정문이 광화문이라고 말한다', '정문은 광화문이고, 동문은 건춘문입니다.', 'meets'],
      ['fact', '정문이 광화문이라고 말한다', '정문은 웅장한 문입니다.', 'partially_meets'],
    ]);
  });
});

describe("a value or another one of the head's kind is no other name", () => {
  it('does not read 머리 발차기는 3점이고 or "the north gate is" as another name for the check\'s thing (EN, KO)', () => {
    table([
      ['fact', '발차기가 특징이다', '몸통 발차기는 2점, 머리 발차기는 3점이다.', 'partially_meets'],
      ['fact', 'The main gate is Gwanghwamun', 'The north gate is Sinmumun.', 'missing'],
      ['fact', '경복궁의 정문은 광화문이다', '경복궁의 정문은 숭례문입니다.', 'contradicts'],
    ]);
  });
});
