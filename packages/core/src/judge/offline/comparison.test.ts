import { describe, it } from 'vitest';
import { expectVerdicts as table } from './offline-table.test-helpers.js';

describe('comparison: the same quality between the same two things, turned round', () => {
  it('contradicts the other thing given more, or the subject given less (EN, KO)', () => {
    table([
      ['aspect', 'The monarch is larger than the viceroy', 'The viceroy is larger than the monarch.', 'contradicts'],
      ['aspect', 'The monarch is larger than the viceroy', 'The monarch is smaller than the viceroy.', 'contradicts'],
      [
        'fact',
        'The tower is more popular than the museum',
        'The museum is more popular than the tower.',
        'contradicts',
      ],
      ['aspect', 'Rye bread is denser than wheat bread', 'Wheat bread is denser than rye bread.', 'contradicts'],
      [
        'aspect',
        'Neapolitan pizza is thinner than New York pizza',
        'New York pizza is thinner and crispier than Neapolitan pizza.',
        'contradicts',
      ],
      ['aspect', '경복궁은 창덕궁보다 크다', '창덕궁이 경복궁보다 큽니다.', 'contradicts'],
      ['aspect', '경복궁은 창덕궁보다 크다', '경복궁은 창덕궁보다 작습니다.', 'contradicts'],
      ['aspect', '호밀빵은 밀빵보다 더 무겁다', '밀빵이 호밀빵보다 더 무겁습니다.', 'contradicts'],
    ]);
  });

  it('does not contradict the same comparison, said either way round', () => {
    table([
      ['aspect', 'The monarch is larger than the viceroy', 'The monarch is larger than the viceroy.', 'meets'],
      [
        'aspect',
        'The monarch is larger than the viceroy',
        'The viceroy is smaller than the monarch.',
        'partially_meets',
      ],
      ['aspect', '경복궁은 창덕궁보다 크다', '경복궁은 창덕궁보다 훨씬 큽니다.', 'meets'],
      ['aspect', '경복궁은 창덕궁보다 크다', '창덕궁은 경복궁보다 작습니다.', 'partially_meets'],
    ]);
  });
});
