import { describe, it } from 'vitest';
import { expectVerdicts as table } from './offline-table.test-helpers.js';

// Hand-written cases, none taken from the labels: a check's two events told in the other order.

describe('order: two events of the check in the other order', () => {
  it('contradicts "after" for "before", and the two actions swapped (EN, KO)', () => {
    table([
      ['step', 'Bow to the opponent before the match', 'Bow to the opponent after the match.', 'contradicts'],
      ['step', 'Bow to the opponent before the match', 'After the match, bow to the opponent.', 'contradicts'],
      ['step', 'Salt the cabbage before rinsing it', 'Rinse the cabbage before salting it.', 'contradicts'],
      ['step', '경기 전에 상대에게 경례한다', '경기가 끝난 후에 상대에게 경례한다.', 'contradicts'],
      ['step', '배추를 절인 뒤 씻는다', '배추를 씻은 뒤 절인다.', 'contradicts'],
      ['step', 'Salt the cabbage, then rinse it', 'Rinse the cabbage, then salt it.', 'contradicts'],
      ['step', 'Salt the cabbage before rinsing it', 'Rinse the cabbage, then salt it.', 'contradicts'],
    ]);
  });

  it('does not contradict the same order told another way, both orders, or another event (EN, KO)', () => {
    table([
      ['step', 'Bow to the opponent before the match', 'Before the match, bow to the opponent.', 'meets'],
      ['step', 'Bow to the opponent before the match', 'Bow to the opponent before and after the match.', 'meets'],
      [
        'step',
        'Bow to the opponent before the match',
        'Bow to the opponent before the match, and again after it.',
        'meets',
      ],
      ['step', '경기 전에 상대에게 경례한다', '경기 전에 상대에게 경례하고, 경기 후에도 다시 경례한다.', 'meets'],
      ['step', '배추를 절인 뒤 씻는다', '절인 배추는 물에 씻은 뒤 물기를 뺀다.', 'meets'],
      ['step', 'Salt the cabbage before rinsing it', 'After salting, rinse the cabbage well.', 'meets'],
      ['step', 'Salt the cabbage before rinsing it', 'Salt the cabbage and then rinse it.', 'meets'],
      [
        'fact',
        'The trap reopens after the prey is digested',
        'After the trap reopens, it can catch another insect.',
        'partially_meets',
      ],
    ]);
  });
});
