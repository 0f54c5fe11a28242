import { describe, it } from 'vitest';
import { expectNoContradiction, expectVerdicts as table } from './offline-table.test-helpers.js';

// Hand-written cases: the check's head noun with one modifier of a closed set of kinds, the
// answer's with another of the same set.

describe('a thing of another kind', () => {
  it('contradicts the same head with another modifier of its set (EN, KO)', () => {
    table(
      [
        [
          'fact',
          'It is a suspension bridge',
          'The Golden Gate Bridge is a cantilever bridge in San Francisco.',
          'contradicts',
        ],
        [
          'step',
          'Connect the iPod to the Mac with a FireWire cable',
          'Plug the iPod into your PC with a USB cable.',
          'contradicts',
        ],
        ['member', 'a steam locomotive', 'The line was first worked by a diesel locomotive.', 'contradicts'],
        ['step', '소고기를 얇게 썬다', '돼지고기 목살을 1cm 정도로 두툼하게 썬다.', 'contradicts'],
        ['fact', '고기를 간장 양념에 재운다', '고기를 고추장 양념에 버무립니다.', 'contradicts'],
      ],
      'What is the Golden Gate Bridge?',
    );
  });

  it('leaves the check’s kind named too, another head, a comparison, a denial and an unrelated sentence alone', () => {
    expectNoContradiction(
      'fact',
      [
        ['It is a suspension bridge', 'Unlike the cantilever Bay Bridge, it is a suspension bridge.'],
        ['It is a suspension bridge', 'It is a suspension bridge; the approach spans are a cantilever bridge.'],
        ['It is a suspension bridge', 'It is not a cantilever bridge.'],
        ['It is a suspension bridge', 'Oakland has a cantilever bridge too.'],
        ['Connect it with a FireWire cable', 'Charge it with a USB charger.'],
      ],
      'What is the Golden Gate Bridge?',
    );
    expectNoContradiction('step', [
      ['소고기를 얇게 썬다', '소고기나 돼지고기를 얇게 썬다.'],
      ['소고기를 얇게 썬다', '양파를 얇게 썬다.'],
    ]);
    // Another time or model, or a kind of the subject named with the other modifier.
    expectNoContradiction(
      'fact',
      [
        [
          'The first Shinkansen trains were electric trains',
          'Before the Shinkansen, the line was run by steam trains.',
        ],
      ],
      'What is the Shinkansen 0 Series?',
    );
    expectNoContradiction('member', [['a FireWire port', 'It synced with Macs. Later models switched to a USB port.']]);
    expectNoContradiction(
      'step',
      [['소고기를 얇게 썬다', '돼지불고기는 돼지고기를 얇게 썰어 만듭니다.']],
      '불고기는 어떻게 만드나요?',
    );
  });
});
