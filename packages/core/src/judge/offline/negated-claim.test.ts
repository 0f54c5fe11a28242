import { describe, it } from 'vitest';
import { expectNoContradiction, expectVerdicts as table } from './offline-table.test-helpers.js';

// Hand-written cases, none taken from the labels: a check that denies something, answered by
// saying it.

describe('a denied claim, stated by the answer', () => {
  it('contradicts the affirmation of what the check denies (EN, KO)', () => {
    table([
      ['fact', 'It had no recording function', 'It had a recording function and a built-in microphone.', 'contradicts'],
      ['fact', 'It could not record', 'It could record from a built-in microphone.', 'contradicts'],
      ['fact', 'The trap does not close on a single touch', 'The trap closes on a single touch.', 'contradicts'],
      ['fact', '녹음 기능이 없었다', '녹음 기능이 있었다.', 'contradicts'],
      ['fact', '녹음을 할 수 없었다', '녹음을 할 수 있었다.', 'contradicts'],
      ['fact', '경복궁은 이궁이 아니었다', '경복궁은 이궁이었다.', 'contradicts'],
    ]);
  });

  it('does not contradict denials, questions, other subjects, leaving out, "only" or words far apart (EN, KO)', () => {
    expectNoContradiction('fact', [
      ['It could not record', 'It could not record, but a later model could record.'],
      ['It had no recording function', 'It had no recording function, unlike later models.'],
      [
        'The trap does not close on a single touch',
        'A single touch does not close the trap; it closes after a second.',
      ],
      ['녹음 기능이 없었다', '후속 모델은 녹음 기능이 있었다.'],
      ['녹음 기능이 없었다', '녹음 기능은 빼고 재생 기능만 넣었다.'],
      ['녹음을 할 수 없었다', '녹음을 할 수 있었을까?'],
      ['경복궁은 이궁이 아니었다', '경복궁은 법궁이었고 창덕궁이 이궁이었다.'],
      ['It does not need fertiliser', 'Fertiliser is needed only rarely.'],
      ['It does not eat flies only', 'It eats ants, spiders and flies.'],
      ['It is not native to Asia', 'It is native to North Carolina, and is grown in Asia as a houseplant.'],
      ['A single touch does not close the trap', 'A trap can only close a few times before it dies.'],
      ['경기 중에는 말하지 않는다', '경기 중 코치가 소리치는 것은 허용되지만 선수는 말하지 않는다.'],
    ]);
  });
});
