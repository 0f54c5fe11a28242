import { describe, it } from 'vitest';
import { expectVerdicts as table } from './offline-table.test-helpers.js';

describe('a difference denied: the answer calls the compared thing the same', () => {
  it('contradicts a stated difference (EN, KO)', () => {
    table([
      [
        'aspect',
        'New York-style pizza is larger, thinner and crisper',
        'New York pizza is basically the same thing as this pizza, just sold in slices.',
        'contradicts',
      ],
      [
        'aspect',
        'Karate uses more hand techniques than taekwondo',
        'Karate is essentially the same as taekwondo.',
        'contradicts',
      ],
      [
        'aspect',
        '가라테는 태권도보다 손기술을 더 많이 쓴다',
        '가라테는 태권도와 거의 똑같은 무술입니다.',
        'contradicts',
      ],
      ['aspect', '창덕궁은 경복궁과 달리 자연 지형을 살려 지었다', '창덕궁은 경복궁과 차이가 없습니다.', 'contradicts'],
    ]);
  });

  it('does not contradict a likeness the check states, another likeness, a denied sameness or a kept difference', () => {
    table([
      ['aspect', 'Both are played on ice', 'Bandy is played on ice, the same as curling.', 'meets'],
      [
        'aspect',
        'Karate uses more hand techniques than taekwondo',
        'Karate and taekwondo both come from the same tradition of unarmed combat.',
        'partially_meets',
      ],
      [
        'aspect',
        'New York-style pizza is larger, thinner and crisper',
        'New York pizza is not the same: it is larger and crisper.',
        'partially_meets',
      ],
      [
        'aspect',
        'New York-style pizza is larger, thinner and crisper',
        'New York pizza uses the same tomato sauce, but it is larger and thinner.',
        'partially_meets',
      ],
      [
        'aspect',
        '가라테는 태권도보다 손기술을 더 많이 쓴다',
        '가라테는 태권도와 비슷하지만 손기술을 더 많이 씁니다.',
        'meets',
      ],
    ]);
  });
});
