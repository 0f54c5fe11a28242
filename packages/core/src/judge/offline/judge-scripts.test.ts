import { describe, it } from 'vitest';
import { expectVerdicts as table } from './offline-table.test-helpers.js';

describe('Japanese: words without spaces', () => {
  it('judges ja checks by their words, values and negation', () => {
    table([
      ['fact', 'エッフェル塔は1889年に完成した', 'エッフェル塔は1889年に完成しました。', 'meets'],
      ['fact', 'エッフェル塔は1889年に完成した', 'エッフェル塔は1887年に完成しました。', 'contradicts'],
      ['member', '東京タワー', 'これは東京タワーです。', 'meets'],
      ['member', '寿司', '回転寿司が人気です。', 'meets'],
      ['member', '寿司', '天ぷらが人気です。', 'missing'],
    ]);
  });
});

describe('Chinese: words without spaces', () => {
  it('judges zh checks by their words, with substring matching as the fallback', () => {
    table([
      ['fact', '埃菲尔铁塔于1889年建成', '埃菲尔铁塔在1889年建成，是巴黎的地标。', 'meets'],
      ['fact', '埃菲尔铁塔于1889年建成', '埃菲尔铁塔在1887年建成。', 'contradicts'],
      ['member', '铁塔', '这座埃菲尔铁塔很高。', 'meets'],
      ['member', '巴黎', '它位于伦敦。', 'missing'],
    ]);
  });
});

describe('Thai: words without spaces', () => {
  it('matches a Thai term across the segmenter’s cuts', () => {
    table([
      ['member', 'หอไอเฟล', 'นี่คือหอไอเฟลในปารีส', 'meets'],
      ['member', 'หอไอเฟล', 'นี่คือโตเกียวทาวเวอร์', 'missing'],
    ]);
  });
});

describe('Cyrillic, and accented Latin for es, fr, de', () => {
  it('matches Russian words across case endings', () => {
    table([
      ['fact', 'Башня построена в 1889 году', 'Эту башню построили в 1889 году.', 'meets'],
      ['fact', 'Башня не построена из дерева', 'Башня построена из железа.', 'partially_meets'],
    ]);
  });

  it('matches without diacritics and case, and reads each language’s negation (es)', () => {
    table([
      ['fact', 'La torre fue diseñada por Eiffel', 'La Torre fue disenada por EIFFEL.', 'meets'],
      ['fact', 'La torre fue diseñada por Eiffel', 'La torre no fue diseñada por Eiffel.', 'contradicts'],
      ['member', 'albahaca fresca', 'Lleva albahaca fresca.', 'meets'],
    ]);
  });

  it('strips French elision and reads ne … pas (fr)', () => {
    table([
      ['fact', "La tour a été conçue par l'ingénieur Eiffel", "Eiffel, l'ingénieur, a conçu la tour.", 'meets'],
      ['fact', 'La tour a été achevée en 1889', 'La tour a été achevée en 1887.', 'contradicts'],
      ['member', 'basilic frais', "Elle n'a pas de basilic frais.", 'contradicts'],
    ]);
  });

  it('compares other languages’ function words as written: English "Seine" is not German "sein"', () => {
    table([['fact', 'Mentions the Seine', 'The capital is Paris, on the Seine.', 'meets']]);
  });

  it('folds ß and umlauts and reads nicht / kein (de)', () => {
    table([
      ['fact', 'Der Turm wurde aus Eisen gebaut', 'Der Turm wurde aus Eisen gebaut.', 'meets'],
      ['member', 'Fußgängerbrücke', 'Eine FUSSGÄNGERBRÜCKE führt hinüber.', 'meets'],
      ['member', 'Basilikum', 'Es enthält kein Basilikum.', 'contradicts'],
    ]);
  });
});
