import { describe, it } from 'vitest';
import { expectVerdicts as table } from './offline-table.test-helpers.js';

describe('one word of the claim replaced in the same frame', () => {
  it('contradicts another word in the slot of the check’s missing one (EN, KO)', () => {
    table([
      ['fact', 'The festival is held every spring', 'The festival is held every autumn.', 'contradicts'],
      ['fact', 'The temple is made of wood', 'The temple is made of stone.', 'contradicts'],
      ['fact', '이 절은 나무로 지어졌다', '이 절은 돌로 지어졌습니다.', 'contradicts'],
      ['fact', '축제는 매년 봄에 열린다', '축제는 매년 가을에 열립니다.', 'contradicts'],
    ]);
  });

  it('leaves a slot that holds several values, a name, a wider word or a comparison alone', () => {
    table([
      // "with" takes a list: mozzarella does not deny basil.
      ['fact', 'The pizza is topped with basil', 'The pizza is topped with mozzarella.', 'partially_meets'],
      // Names nest (Naples is in Italy, in the Campania region): a wider place says less.
      ['fact', 'The dish originated in Naples', 'The dish originated in Italy.', 'partially_meets'],
      ['fact', 'The dish originated in Naples', 'The dish originated in the Campania region.', 'partially_meets'],
      // A general word may be the specific one: granite is a stone.
      ['fact', 'The statue is made of granite', 'The statue is made of stone.', 'partially_meets'],
      // A Korean place with 에 may nest too; only a closed set (seasons, days) excludes.
      ['fact', '천문대는 보현산에 위치한다', '천문대는 경상북도에 위치합니다.', 'partially_meets'],
      [
        'fact',
        'The festival is held every spring',
        'The festival is held every autumn rather than in summer.',
        'partially_meets',
      ],
    ]);
  });

  it('reads the small words after the slot as part of the frame, and an acronym as a common noun (EN)', () => {
    table([
      ['step', 'Insert a cassette and press play', 'Insert a record and press play.', 'contradicts'],
      ['step', 'Insert a cassette and press play', 'Insert a CD and press play.', 'contradicts'],
      ['step', 'Insert a cassette and press play', 'Insert a cassette and press play.', 'meets'],
    ]);
  });

  it('reads a Korean compound and its first part as one thing: 양념장 is a 양념 (KO)', () => {
    table([
      [
        'step',
        '간장, 설탕, 마늘 등을 섞어 양념장을 만든다',
        '간장에 설탕과 마늘을 섞어 양념을 만든 다음 고기를 재운다.',
        'meets',
      ],
      [
        'step',
        '간장, 설탕, 마늘 등을 섞어 양념장을 만든다',
        '간장에 설탕과 마늘을 섞어 반죽을 만든 다음 고기를 재운다.',
        'contradicts',
      ],
    ]);
  });

  it('needs the rest of the frame in order in one sentence, and the slot where the check has it', () => {
    table([
      ['fact', 'The festival is held every spring', 'Preparations begin in autumn.', 'missing'],
      ['fact', 'The festival is held every spring', 'Every autumn, the festival is held.', 'partially_meets'],
      ['fact', 'The festival is held every spring', 'The festival is held every autumn and every spring.', 'meets'],
      ['fact', '축제는 매년 봄에 열린다', '가을에는 준비를 시작합니다.', 'missing'],
    ]);
  });
});
