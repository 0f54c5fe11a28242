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
    // The clause names the check's instance by its own part: 실내에서 … 경기 is the first 실내 경기.
    expectNoContradiction(
      'step',
      [
        [
          '1875년 몬트리올에서 첫 실내 경기가 열린다',
          '1875년 몬트리올에서 처음으로 실내에서 규칙을 갖춘 경기가 열렸다.',
        ],
        [
          '1920년 앤트워프 하계 올림픽에서 처음 올림픽 종목이 된다',
          '1920년 앤트워프 올림픽에서 처음 정식 종목으로 치러졌다.',
        ],
      ],
      '아이스하키는 어떤 스포츠인가요?',
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
