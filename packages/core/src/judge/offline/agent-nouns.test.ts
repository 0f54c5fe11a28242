import { describe, it } from 'vitest';
import { expectNoContradiction, factRows as rows, expectVerdicts as table } from './offline-table.test-helpers.js';

// Each row is worked out by hand: a maker named by a noun of the deed (designer, 설계자, 設計者,
// 设计者) contradicts a check naming another maker of the same deed, unless the answer names the
// check's maker too, the noun is another thing's, or it is denied.

describe('a maker named by a noun of the deed', () => {
  it('contradicts another maker of the subject (EN)', () => {
    table(
      rows('The arch was designed by Eero Saarinen', [
        ['The Gateway Arch stands in St. Louis. Its designer was Philip Johnson.', 'contradicts'],
        ['The architect, Philip Johnson, drew the Gateway Arch in 1947.', 'contradicts'],
        ['Philip Johnson was its designer.', 'contradicts'],
        ['The Gateway Arch in St. Louis is 192 metres tall. The designer was the American I. M. Pei.', 'contradicts'],
      ]),
      'Who designed the Gateway Arch?',
    );
  });

  it('spares another thing’s maker, another deed, a denial and the check’s maker beside another (EN)', () => {
    table(
      rows('The arch was designed by Eero Saarinen', [
        ["The Gateway Arch stands in St. Louis. The museum's architect was Philip Johnson.", 'missing'],
        ['The Gateway Arch stands in St. Louis. Its builder was the MacDonald Construction Company.', 'missing'],
        ['Its designer was not Philip Johnson.', 'missing'],
        ['Its designer was Eero Saarinen, and Philip Johnson was the architect of the museum nearby.', 'meets'],
      ]),
      'Who designed the Gateway Arch?',
    );
  });

  it('reads 설계자는 X이다 and 설계는 X가 맡았다, and spares another building’s designer (KO)', () => {
    table(
      rows('수원 화성은 정약용이 설계했다', [
        ['수원 화성은 정조 때 쌓은 성이다. 설계자는 채제공이다.', 'contradicts'],
        ['수원 화성은 정조 때 쌓은 성이다. 설계는 채제공이 맡았다.', 'contradicts'],
        ['수원 화성의 설계자는 채제공이었다.', 'contradicts'],
        ['수원 화성은 정조 때 쌓은 성이다. 행궁의 설계자는 채제공이다.', 'partially_meets'],
        ['설계자는 정약용이고, 채제공이 공사를 감독했다.', 'meets'],
      ]),
      '수원 화성은 누가 설계했나?',
    );
  });

  it('reads 設計者はXです and 设计者是X (JA, ZH)', () => {
    table(
      rows('国立西洋美術館はル・コルビュジエが設計した', [
        ['国立西洋美術館は上野公園にある。設計者は丹下健三です。', 'contradicts'],
        ['国立西洋美術館は上野公園にある。設計者はル・コルビュジエです。', 'meets'],
      ]),
      '国立西洋美術館は誰が設計しましたか？',
    );
    table(
      rows('国家大剧院由保罗·安德鲁设计', [['国家大剧院位于北京。设计者是贝聿铭。', 'contradicts']]),
      '谁设计了国家大剧院？',
    );
  });
});

describe('a person named by a role: another holder of the same role', () => {
  it('contradicts "Joseph Strauss, the chief engineer" with another chief engineer, not another engineer (EN)', () => {
    const check = 'Joseph Strauss, the chief engineer';
    const question = 'Who built the Golden Gate Bridge?';
    table(
      [
        ['member', check, 'It opened in 1937. Its chief engineer was John Roebling.', 'contradicts'],
        ['member', check, 'John Roebling was the chief engineer.', 'contradicts'],
        ['member', 'Jony Ive, the lead designer', 'Tony Fadell was the lead designer.', 'contradicts'],
        ['member', check, 'The chief engineer, Joseph Strauss, took the credit.', 'meets'],
      ],
      question,
    );
    // Another rank, another thing's role, the check's person named too: no other holder.
    expectNoContradiction(
      'member',
      [
        [check, 'The engineer was Charles Ellis.'],
        [check, "The Bay Bridge's chief engineer was Charles Purcell."],
        [check, 'Its chief engineer was John Roebling, or by most accounts Joseph Strauss.'],
        [check, 'Its chief engineer was not John Roebling.'],
      ],
      question,
    );
  });
});
