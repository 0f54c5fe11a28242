import { describe, it } from 'vitest';
import { expectVerdicts as table } from './offline-table.test-helpers.js';

describe('values written in words and in other units, whole answers', () => {
  it('reads Korean numerals in words, Sino-Korean and native (KO)', () => {
    table([
      ['fact', '상자에는 사과가 120개 들어 있다', '상자에는 사과가 백이십 개 들어 있습니다.', 'meets'],
      ['fact', '상자에는 사과가 120개 들어 있다', '상자에는 사과가 백오십 개 들어 있습니다.', 'contradicts'],
      ['fact', '그는 스무 살에 입대했다', '그는 20세에 입대했습니다.', 'meets'],
      ['fact', '그는 20세에 입대했다', '그는 서른 살에 입대했습니다.', 'contradicts'],
      ['fact', '회원은 1만 2천 명이다', '회원은 만 이천 명입니다.', 'meets'],
      ['fact', '탑은 이십오 년에 걸쳐 지어졌다', '탑은 25년에 걸쳐 지어졌습니다.', 'meets'],
      // Another subject's count is no conflict.
      ['fact', '상자에는 사과가 120개 들어 있다', '상자에는 사과가 120개, 배가 서른 개 들어 있습니다.', 'meets'],
    ]);
  });

  it('reads キロ alone as what it is compared with, and 万 with kana units (JA, ZH)', () => {
    table([
      ['fact', '荷物の重さは20キロだ', '荷物の重さは20kgです。', 'meets'],
      ['fact', '荷物の重さは20キロだ', '荷物の重さは35kgです。', 'contradicts'],
      ['fact', '駅から城まで5キロある', '駅から城までは5キロメートルです。', 'meets'],
      ['fact', '大桥全长两千米', '大桥全长2公里。', 'meets'],
      ['fact', '大桥全长两千米', '大桥全长五千米。', 'contradicts'],
    ]);
  });

  it('reads Spanish, French and German number words and unit names (ES, FR, DE)', () => {
    table([
      ['fact', 'El puente mide doscientos metros', 'El puente mide 200 metros.', 'meets'],
      ['fact', 'El puente mide doscientos metros', 'El puente mide 350 metros.', 'contradicts'],
      ['fact', 'La tour mesure trois cents mètres', 'La tour mesure 300 mètres.', 'meets'],
      ['fact', 'La tour mesure trois cents mètres', 'La tour mesure 450 mètres.', 'contradicts'],
      ['fact', 'Der Turm ist zweihundert Meter hoch', 'Der Turm ist 200 Meter hoch.', 'meets'],
      ['fact', 'Der Turm ist zweihundert Meter hoch', 'Der Turm ist dreihundert Meter hoch.', 'contradicts'],
    ]);
  });

  it('reads "forty pounds" as a weight that converts (EN)', () => {
    table([
      ['fact', 'The stone weighs forty pounds', 'The stone weighs 18 kilograms.', 'meets'],
      ['fact', 'The stone weighs forty pounds', 'The stone weighs 40 pounds and has two handles.', 'meets'],
      ['fact', 'The stone weighs forty pounds', 'The stone weighs 60 pounds.', 'contradicts'],
      ['fact', 'The stone weighs forty pounds', 'The stone weighs 40 kg.', 'contradicts'],
    ]);
  });
});

describe('approximations', () => {
  it('does not contradict a hedged value with one that rounds to it, in any language', () => {
    table([
      ['fact', 'The whole cycle takes about a month', 'The whole cycle takes about three weeks.', 'partially_meets'],
      ['fact', '알에서 성충까지 약 한 달이 걸린다', '알에서 성충까지 3주 정도 걸립니다.', 'partially_meets'],
      ['fact', '城まで約5キロメートルある', '城までは5.3キロメートルほどです。', 'partially_meets'],
      ['fact', 'Le cycle dure environ un mois', 'Le cycle dure environ 3 semaines.', 'partially_meets'],
    ]);
  });

  it('still contradicts a clearly different value, hedged or not', () => {
    table([
      ['fact', 'The whole cycle takes about a month', 'The whole cycle takes about a year.', 'contradicts'],
      ['fact', 'The whole cycle takes about a month', 'The whole cycle takes about a week.', 'contradicts'],
      ['fact', '알에서 성충까지 약 한 달이 걸린다', '알에서 성충까지 약 1년이 걸립니다.', 'contradicts'],
      ['fact', 'Its arch spans 503 metres', 'Its arch spans about 450 metres.', 'contradicts'],
      ['fact', 'Der Zyklus dauert etwa einen Monat', 'Der Zyklus dauert etwa ein Jahr.', 'contradicts'],
    ]);
  });
});

describe('near misses that stay no contradiction', () => {
  it('keeps ranges, negations, hedges and values about something else apart', () => {
    table([
      ['fact', 'The stone weighs forty pounds', 'It weighs between 38 and 44 pounds.', 'partially_meets'],
      [
        'fact',
        'The stone weighs forty pounds',
        'The stone does not weigh sixty pounds; it weighs forty pounds.',
        'meets',
      ],
      [
        'fact',
        'The cycle takes about a month',
        'The cycle takes about a month; the adult then lives about a year.',
        'meets',
      ],
      ['fact', '그는 스무 살에 입대했다', '그는 스무 살에 입대했고 서른 살에 전역했습니다.', 'meets'],
      [
        'fact',
        'El puente mide doscientos metros',
        'El puente mide doscientos metros y la torre cincuenta metros.',
        'meets',
      ],
    ]);
  });

  it('leaves a value it cannot read unread rather than guessing', () => {
    table([
      // 이 and 오 alone are words, not numbers: no value is stated, so none conflicts.
      ['fact', '상자에는 사과가 120개 들어 있다', '이 상자에는 사과가 많이 들어 있습니다.', 'partially_meets'],
      ['fact', 'The stone weighs forty pounds', 'The stone weighs a ton of trouble.', 'partially_meets'],
    ]);
  });
});
