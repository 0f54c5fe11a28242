import { describe, it } from 'vitest';
import { expectNoContradiction, expectVerdicts as table } from './offline-table.test-helpers.js';

// Hand-written cases: the check names which instance came first, the answer another one, as a
// Korean compound with the same head (사천해전, 옥포해전: a 해전 each).

describe('another first of a kind', () => {
  const question = '거북선은 어떤 배인가요?';

  it('contradicts the check’s first instance with another of the same head said to be first (KO)', () => {
    table(
      [
        [
          'fact',
          '거북선이 처음 출전한 해전은 사천해전이다',
          '거북선은 1592년 옥포해전에서 처음 사용되었습니다.',
          'contradicts',
        ],
        [
          'step',
          '1592년 5월 사천해전에 처음 출전한다',
          '거북선은 1597년 칠천량 해전에서 처음 출전했습니다.',
          'contradicts',
        ],
      ],
      question,
    );
  });

  it('leaves the check’s instance named, another clause’s instance and a denial alone (KO)', () => {
    expectNoContradiction(
      'fact',
      [
        [
          '거북선이 처음 출전한 해전은 사천해전이다',
          '조선 수군은 옥포해전에서 처음 이겼고, 거북선은 사천해전에서 처음 나왔습니다.',
        ],
        [
          '거북선이 처음 출전한 해전은 사천해전이다',
          '거북선은 사천 앞바다 싸움에서 처음 나섰고, 이어 당항포 해전에도 나갔습니다.',
        ],
        ['거북선이 처음 출전한 해전은 사천해전이다', '거북선이 옥포해전에서 처음 쓰인 것은 아닙니다.'],
      ],
      question,
    );
    // An ordinal is a place in a row, no instance: 세 번째 경일 beside 첫 경일 is no other first.
    table(
      [
        [
          'fact',
          '초복은 하지 뒤 셋째 경일, 중복은 넷째 경일, 말복은 입추 뒤 첫 경일이다',
          '초복은 하지 뒤 세 번째 경일, 중복은 네 번째 경일, 말복은 입추 뒤 첫 경일로 정해진다.',
          'meets',
        ],
      ],
      '삼계탕은 언제 먹나요?',
    );
    // A reign year is no instance: 태종 13년 실록 names no other first record.
    table(
      [
        [
          'fact',
          '거북선이라는 이름이 1413년(태종 13년) 실록에 처음 나온다',
          '거북선이라는 이름이 1413년(태종 13년) 실록에 처음 나온다.',
          'meets',
        ],
      ],
      question,
    );
  });
});
