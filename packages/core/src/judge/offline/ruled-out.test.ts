import { describe, it } from 'vitest';
import { expectVerdicts as table } from './offline-table.test-helpers.js';

// Hand-written cases: a check that names what it rules out beside what it says (A가 아니라 B,
// "B rather than A") is contradicted by an answer that says A in its frame and never B.

describe('what a check rules out, said instead', () => {
  it('contradicts the ruled-out thing said in the check’s frame (KO, EN)', () => {
    table([
      ['fact', '가래떡은 찹쌀이 아니라 멥쌀가루로 만든다', '가래떡은 찹쌀로 만든 떡입니다.', 'contradicts'],
      [
        'insight',
        '인조는 항복하러 갈 때 정문인 남문이 아니라 서문으로 성을 나갔다',
        '인조는 정문인 남문으로 나가 항복하러 갔다.',
        'contradicts',
      ],
      [
        'fact',
        'States that sourdough is leavened by a starter rather than commercial yeast',
        'Sourdough bread is leavened with commercial yeast.',
        'contradicts',
      ],
    ]);
  });

  it('leaves an answer that says the kept thing too, denies or replaces the other, or contrasts them', () => {
    table([
      ['fact', '가래떡은 찹쌀이 아니라 멥쌀가루로 만든다', '찹쌀떡과 달리 가래떡은 멥쌀가루로 만든다.', 'meets'],
      ['fact', '가래떡은 찹쌀이 아니라 멥쌀가루로 만든다', '가래떡은 찹쌀이 아니라 멥쌀로 만든다.', 'meets'],
      [
        'fact',
        'States that sourdough is leavened by a starter rather than commercial yeast',
        'Unlike bread made with commercial yeast, sourdough is leavened by a starter.',
        'meets',
      ],
    ]);
  });

  it('reads no ruling out in "use it instead", "not merely" or "not only" (KO)', () => {
    table([
      // 닭을 대신 쓰면서: the chicken is what is used instead, not what is ruled out.
      ['fact', '꿩이 귀해 닭을 대신 쓰면서 꿩 대신 닭이라는 말이 생겼다', '꿩이 귀해서 닭을 썼다.', 'partially_meets'],
      // 단순한 음식이 아니라: more than food, still food.
      ['insight', '떡국은 단순한 음식이 아니라 새해의 세시풍속이다', '떡국은 새해에 먹는 음식이다.', 'partially_meets'],
    ]);
  });

  it('leaves an aspect alone: its ruled-out side is often the subject’s own (EN)', () => {
    table([
      [
        'aspect',
        'The Bay Bridge crosses the bay east to Oakland rather than north to Marin',
        'It connects the city to Marin County to the north.',
        'missing',
      ],
    ]);
  });
});
