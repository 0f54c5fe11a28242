import { describe, it } from 'vitest';
import { expectVerdicts as table, type VerdictRow } from './offline-table.test-helpers.js';

// Each row is worked out by hand: a value tied to the check's predicate contradicts it only when
// its clause is about the check's subject.

/** One fact check against several answers: [answer, expected verdict]. */
const against = (check: string, answers: ReadonlyArray<readonly [string, string]>): VerdictRow[] =>
  answers.map(([answer, verdict]) => ['fact', check, answer, verdict] as const);

describe('a value for the check’s event about another subject is no contradiction', () => {
  const q = 'When was the Gateway Arch built?';
  const check = 'The arch was completed in 1965';

  it('spares another building, a part of the subject and a thing beside it (EN)', () => {
    const spared = against(check, [
      ['The Gateway Arch stands in St. Louis. The nearby Old Courthouse was completed in 1862.', 'partially_meets'],
      ['The Gateway Arch stands in St. Louis. Its visitor centre was completed in 1976.', 'partially_meets'],
      ['The visitor centre beneath the arch was finished in 1976.', 'missing'],
      ['In 1862 the Old Courthouse was completed, a century before the arch.', 'partially_meets'],
      // A name that opens its sentence, and that the answer capitalises inside one as well.
      ['The Gateway Arch stands near the Old Courthouse. Courthouse was completed in 1862.', 'partially_meets'],
      // The check's own value beside another subject's: stated, and no conflict.
      ['The arch was completed in 1965; the Old Courthouse was completed in 1862.', 'meets'],
    ]);
    table(spared, q);
  });

  it('keeps the subject’s own clause: a pronoun, its name, a shared subject, its construction (EN)', () => {
    const kept = against(check, [
      ['The Gateway Arch stands in St. Louis. It was completed in 1961.', 'contradicts'],
      ['The Gateway Arch stands in St. Louis and was completed in 1961.', 'contradicts'],
      ['In 1961 the Gateway Arch was completed.', 'contradicts'],
      ['Construction of the arch finished in 1961.', 'contradicts'],
      ['The structure was completed in 1961, after two years of work.', 'contradicts'],
      // Capitalised only where it opens the sentence, it may be a common noun.
      ['Construction was completed in 1961.', 'contradicts'],
    ]);
    // A noun of the predicate after "its" names the event, not another subject.
    kept.push(
      ...against('The tower was renamed Elizabeth Tower in 2012', [
        ['The tower received its new name, Elizabeth Tower, in 2002.', 'contradicts'],
      ]),
    );
    table(kept, q);
  });

  it('reads the Korean topic: another palace is spared; the subject, a pronoun and a general name are not (KO)', () => {
    table(
      against('수원 화성은 1796년에 완공되었다', [
        ['수원 화성 옆의 화성행궁은 1789년에 완공되었다.', 'partially_meets'],
        ['수원 화성 옆의 팔달문은 1795년에 완공되었다.', 'partially_meets'],
        ['수원 화성은 1796년에 완공되었다. 화성행궁은 1789년에 완공되었다.', 'meets'],
        ['수원화성은 1794년에 완공되었다.', 'contradicts'],
        ['그것은 1794년에 완공되었다.', 'contradicts'],
        ['수원 화성은 정조 때 쌓았고, 1794년에 완공되었다.', 'contradicts'],
      ]),
      '수원 화성은 언제 지어졌나?',
    );
    // 김치 names 배추김치 more generally (a compound's head comes last).
    const kimchi = '배추김치는 2013년 유네스코 인류무형문화유산에 등재되었다';
    table(
      against(kimchi, [['김치는 2001년에 유네스코 세계문화유산으로 지정되었습니다.', 'contradicts']]),
      '배추김치란?',
    );
  });

  it('spares another thing named on the subject’s head, not a common noun on it (KO)', () => {
    const check = '창덕궁은 1610년에 다시 지어졌다';
    table(
      against(check, [
        // 경복궁 beside 창덕궁: another palace, whatever the verb's form.
        ['1868년 경복궁이 다시 지어졌다.', 'partially_meets'],
        ['이후 1868년 경복궁이 중건될 때까지 이곳이 법궁으로 쓰였다.', 'missing'],
        ['창덕궁은 1610년에 다시 지어졌고, 1868년 경복궁이 다시 지어졌다.', 'meets'],
        // 궁궐 and 왕궁 are common nouns: they may name the subject.
        ['1868년 궁궐이 다시 지어졌다.', 'contradicts'],
        ['1868년 왕궁이 다시 지어졌다.', 'contradicts'],
      ]),
      '창덕궁의 역사는?',
      '창덕궁',
    );
    // A hall, a pavilion or a gate named as the topic is another thing; the check's own hall is not.
    table(
      [
        ['fact', '1395년 조선 태조 때 법궁으로 지어졌다', '경회루는 1412년에 지어졌다.', 'missing'],
        ['fact', '1395년 조선 태조 때 법궁으로 지어졌다', '광화문은 1968년에 콘크리트로 지어졌다.', 'missing'],
        ['fact', '1395년 조선 태조 때 법궁으로 지어졌다', '경복궁은 1400년에 지어졌다.', 'contradicts'],
        ['fact', '근정전은 1867년에 다시 지어졌다', '근정전은 1870년에 다시 지어졌다.', 'contradicts'],
        // A line labelled with a hall's name is about the hall, every sentence of it.
        ['fact', '1395년 조선 태조 때 법궁으로 지어졌다', '- 경회루: 연회 장소. 1412년에 지어졌다.', 'missing'],
        ['fact', '1395년 조선 태조 때 법궁으로 지어졌다', '- 창건: 1412년에 지어졌다.', 'contradicts'],
        ['fact', '1395년 조선 태조 때 법궁으로 지어졌다', '- 경회루: 경복궁은 1412년에 지어졌다.', 'contradicts'],
      ],
      '이 궁궐은 어디인가요?',
      '경복궁',
    );
    // A shorter name of the subject is the subject (대장경 for 팔만대장경); another one on its head is not.
    table(
      against('팔만대장경은 1251년에 완성되었다', [
        ['대장경은 1248년에 완성되었다.', 'contradicts'],
        ['초조대장경이 1087년에 완성되었다.', 'missing'],
      ]),
      '팔만대장경이란?',
      '팔만대장경',
    );
  });

  it('reads the Japanese topic and the Chinese subject before 于 (JA, ZH)', () => {
    table(
      against('国立西洋美術館は1959年に開館した', [
        ['国立西洋美術館は上野公園にある。隣の東京文化会館は前川國男が設計し、1961年に開館した。', 'partially_meets'],
        ['国立西洋美術館は上野公園にある。それは1964年に開館した。', 'contradicts'],
      ]),
      '国立西洋美術館はいつ開館しましたか？',
    );
    table(
      against('东方明珠塔于1994年建成', [
        ['东方明珠塔旁边的国际会议中心于1999年建成。', 'partially_meets'],
        ['东方明珠塔于1991年建成。', 'contradicts'],
      ]),
      '东方明珠塔是什么时候建成的？',
    );
  });
});

describe('a maker of another thing is no other maker of the subject', () => {
  it('spares "X designed the nearby museum" and keeps "X designed it" (EN)', () => {
    table(
      against('The arch was designed by Eero Saarinen', [
        ['The Gateway Arch is in St. Louis. The architect Philip Johnson designed the nearby museum.', 'missing'],
        ['The Gateway Arch is in St. Louis. Philip Johnson designed it in 1947.', 'contradicts'],
        ['The Gateway Arch is in St. Louis. Philip Johnson designed the arch in 1947.', 'contradicts'],
      ]),
      'Who designed the Gateway Arch?',
    );
  });

  it('spares a relative’s dates, and keeps the person’s own (EN, KO, ZH)', () => {
    table(
      against('Sejong was born in 1397', [
        ['Sejong the Great ruled Joseon. His son Munjong was born in 1414.', 'partially_meets'],
        ['Sejong the Great ruled Joseon. His son was born in 1414.', 'partially_meets'],
        ['Sejong the Great ruled Joseon. He was born in 1400.', 'contradicts'],
      ]),
      'When was Sejong born?',
    );
    table(
      against('세종대왕은 1397년에 태어났다', [
        ['세종대왕은 조선의 왕이다. 그의 아들 문종은 1414년에 태어났다.', 'partially_meets'],
        ['세종대왕은 1400년에 태어났다.', 'contradicts'],
      ]),
      '세종대왕은 언제 태어났나?',
    );
    table(
      against('乾隆帝于1711年出生', [['乾隆帝是清朝皇帝。他的儿子嘉庆帝于1760年出生。', 'partially_meets']]),
      '乾隆帝何时出生？',
    );
  });

  it('reads Spanish clauses the same way (ES)', () => {
    const check = 'El palacio fue terminado en 1934';
    const es = 'El Palacio de Bellas Artes está en la Ciudad de México.';
    table(
      against(check, [
        [`${es} El cercano Palacio Postal fue terminado en 1907.`, 'partially_meets'],
        [`${es} Fue terminado en 1920.`, 'contradicts'],
        [`${es} El Palacio de Bellas Artes fue terminado en 1920.`, 'contradicts'],
      ]),
      '¿Cuándo se terminó el Palacio de Bellas Artes?',
    );
  });
});
