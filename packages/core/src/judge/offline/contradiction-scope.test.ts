import { describe, it } from 'vitest';
import { expectNoContradiction, expectVerdicts as table } from './offline-table.test-helpers.js';

// Each row is worked out by hand from the rule it tests; the rationale in a failure says which
// rule fired instead.

describe('a value stated with another predicate does not hide another value for the check’s own', () => {
  it('reads "finished in 1930 … opened in 1932" as another completion date (EN)', () => {
    table([
      [
        'fact',
        'The bridge was completed in 1932',
        'The bridge was finished in 1930. It opened in 1932.',
        'contradicts',
      ],
      // A synonym of the check's predicate next to its value states the predicate too.
      [
        'fact',
        'The bridge was completed in 1932',
        'The bridge was finished in 1932 and opened later that year.',
        'meets',
      ],
    ]);
  });

  it('gives a Korean value the verb that closes its clause, not the next clause’s (KO)', () => {
    const check = '세종대왕이 1443년에 훈민정음을 만들고 1446년에 반포했다';
    table([
      ['fact', check, '세종대왕은 1443년에 훈민정음을 창제하고 1446년에 반포했습니다.', 'meets'],
      // 1446년 is the check's own date for the proclamation: it is no override of 1443년 stated elsewhere.
      ['fact', check, '세종대왕이 1446년에 훈민정음을 만들었습니다.', 'contradicts'],
    ]);
  });

  it('reads a date before another name of the same event as another edition, when the check’s is named too', () => {
    const ko = '2000년 시드니 올림픽에서 정식 종목이 되었다';
    const en = 'It became an official sport at the 2000 Sydney Olympics';
    expectNoContradiction('step', [
      [ko, '1988년 서울 올림픽과 1992년 바르셀로나 올림픽의 시범 종목을 거쳐 시드니 대회부터 정식 종목이 되었습니다.'],
      [en, 'It was a demonstration sport at the 1988 Seoul Olympics and official from the Sydney Olympics on.'],
    ]);
    table([
      ['step', ko, '1988년 서울 올림픽에서 정식 종목이 되었습니다.', 'contradicts'],
      ['fact', en, 'It became an official sport at the 2004 Athens Olympics.', 'contradicts'],
    ]);
  });

  it('reads a value of one of a kind as no other date of the first of it, unless the answer says first too', () => {
    const check = 'The first World Cup match decided by a shoot-out was the 1982 semi-final';
    expectNoContradiction('fact', [
      [check, 'Famous shoot-outs include the 1994 World Cup final, decided on penalties.'],
    ]);
    table([
      ['fact', check, 'The first World Cup match decided by a shoot-out was the 1994 final.', 'contradicts'],
      ['fact', '1592년 5월 사천해전에 처음 출전한다', '거북선은 1597년 칠천량 해전에 처음 출전했다.', 'contradicts'],
    ]);
  });

  it("reads the check's other value given another predicate as that value, in any count of persons (EN)", () => {
    const check = 'A safety net under the deck saved 19 workers, though 11 men died during construction';
    table([
      [
        'insight',
        check,
        'Eleven workers died during construction, and a safety net under the deck saved many others.',
        'partially_meets',
      ],
      [
        'insight',
        check,
        'The safety net under the deck saved 19 people, though eleven workers died during construction.',
        'meets',
      ],
      [
        'insight',
        check,
        'A safety net under the deck saved 25 men, though 11 men died during construction.',
        'contradicts',
      ],
    ]);
  });
});

describe('negation reaches only what it denies', () => {
  it('reads 없 written onto a word as a denial of that word only (KO)', () => {
    table([
      ['fact', '10명이 함께 사용하기에 만족스러웠다', '10명이 함께 사용하기 불편함없이 만족했다.', 'meets'],
      ['fact', '10명이 함께 사용하기 불편함이 많았다', '10명이 함께 사용하기 불편함없이 만족했다.', 'contradicts'],
    ]);
  });

  it('reads 다름 아닌 ("none other than") as affirming (KO)', () => {
    table([
      [
        'fact',
        '그 법은 유대인에게 인식표 착용을 강제했다',
        '그 법은 다름 아닌 유대인에게 인식표 착용을 강제하는 법이었다.',
        'meets',
      ],
    ]);
  });

  it('reads "no commercial yeast" as denying a kind the check does not name (EN)', () => {
    table([
      [
        'fact',
        'Sourdough is leavened with a starter of wild yeast',
        'Sourdough rises thanks to a starter of wild yeast, so no commercial yeast is needed.',
        'meets',
      ],
    ]);
  });

  it('ends a Korean clause at -며 and at -고 before a comma (KO)', () => {
    table([
      [
        'fact',
        '학생회 임원들이 이번에 정식 방영한다',
        '1기는 한국에 정식으로 방영되지 않았으며 학생회 임원들이 이번에 정식 방영한다.',
        'meets',
      ],
      ['fact', '참기름을 한 숟가락 두른다', '참기름을 두르고, 들기름은 쓰지 않습니다.', 'partially_meets'],
    ]);
  });

  it('reads a value in a negated clause as denied, not stated (EN)', () => {
    table([
      ['fact', 'The line opened in 1964', 'The line opened in 1963 as planned.', 'contradicts'],
      ['fact', 'The line opened in 1964', 'The line did not open in 1963 as planned.', 'partially_meets'],
    ]);
  });

  it('lets a verb’s negation deny a quality further on in its clause (EN)', () => {
    table([
      ['fact', 'Its walls are thick', 'Its walls are thin.', 'contradicts'],
      ['fact', 'Its walls are thick', 'Its walls are not at all thin.', 'partially_meets'],
    ]);
  });
});

describe('two values conflict only when they count the same thing', () => {
  it('reads the counter written onto a bare number (KO)', () => {
    table([
      ['fact', '지원대상을 3분기에 최종 선발한다', '9월 중에 지원대상을 최종 선발할 계획이다.', 'partially_meets'],
      // A particle is no counter: 403을 and 404를 are two codes.
      ['fact', '서버는 403을 반환한다', '서버는 404를 반환합니다.', 'contradicts'],
    ]);
  });

  it('reads a speed as no length: 210 km/h, per hour, 시속 (EN, KO)', () => {
    table([
      [
        'fact',
        'The train ran at 210 km/h on the line',
        'The line is 515 km long, and the train ran on it.',
        'partially_meets',
      ],
      [
        'fact',
        'The train ran at 210 km/h on the line',
        'The train ran on the line at 250 kilometres per hour.',
        'contradicts',
      ],
      ['fact', '열차는 시속 210km로 달렸다', '열차는 515km 구간을 달렸다.', 'missing'],
      ['fact', '열차는 시속 210km로 달렸다', '열차는 시속 250km로 달렸다.', 'contradicts'],
    ]);
  });

  it('reads "also" and 에도 as adding a value, so another one is no conflict (EN, KO)', () => {
    table([
      ['fact', 'The team won the title in 2004', 'The team won the title in 2000.', 'contradicts'],
      ['fact', 'The team also won the title in 2004', 'The team won the title in 2000.', 'partially_meets'],
      ['fact', '2층에도 식당이 있다', '1층 식당 때문에 저녁에는 시끄럽습니다.', 'partially_meets'],
    ]);
  });
});

describe('another filler of the check’s slot', () => {
  it('reads 쌓다 as a verb of material, within the clause that says it (KO)', () => {
    table([['fact', '화강암과 벽돌로 쌓았다', '둘레는 약 3km이고 흙으로 쌓았습니다.', 'contradicts']]);
  });

  it('reads another subject of a Korean verb of a known deed as another maker (KO)', () => {
    table([
      ['fact', '정약용이 설계했다', '채제공이 설계했습니다.', 'contradicts'],
      // A title written with the name: 태조 is the check's 태조 이성계.
      ['fact', '태조 이성계가 창건했다', '태조가 창건했습니다.', 'partially_meets'],
    ]);
  });

  it('reads another subject of a claim only one thing makes as another answer (KO)', () => {
    table([
      ['fact', '전주비빔밥이 가장 널리 알려져 있다', '진주비빔밥이 가장 널리 알려져 있습니다.', 'contradicts'],
      ['fact', '전주비빔밥이 널리 알려져 있다', '진주비빔밥이 널리 알려져 있습니다.', 'partially_meets'],
    ]);
  });
});

describe('what is used and what is not', () => {
  it('reads "is not needed" and "does not have" in a check as ruling its words out (EN)', () => {
    table([
      ['fact', 'Commercial yeast is not needed', 'Sourdough is made with commercial yeast.', 'contradicts'],
      ['fact', 'It does not have a backlit screen', 'Its screen was backlit.', 'contradicts'],
    ]);
  });

  it('reads an answer that says the check’s ingredient is not used as contradicting it (EN, KO)', () => {
    table([
      ['fact', '참기름을 한 숟가락 두른다', '참기름은 쓰지 않습니다.', 'contradicts'],
      ['fact', 'Drizzle the salad with olive oil', 'The salad does not use olive oil.', 'contradicts'],
    ]);
  });

  it('reads "only" against an answer that adds others to the very thing (EN, KO)', () => {
    table([
      [
        'fact',
        'Monarch caterpillars feed only on milkweed',
        'The caterpillars eat milkweed and other plants such as dandelions.',
        'contradicts',
      ],
      [
        'fact',
        'Monarch caterpillars feed only on milkweed',
        'The caterpillars eat only milkweed, unlike other caterpillars.',
        'partially_meets',
      ],
      ['fact', '사우어크라우트는 소금만으로 절인다', '사우어크라우트는 소금 외에도 설탕을 넣어 절인다.', 'contradicts'],
    ]);
  });
});

describe('predicates of the events values date, in more words', () => {
  it('reads 창건 with the verbs of building, and 다시 지었다 as another event (KO)', () => {
    table([
      ['fact', '경복궁은 1395년에 창건되었다', '경복궁은 1500년에 처음 세워졌습니다.', 'contradicts'],
      ['fact', '경복궁은 1395년에 창건되었다', '경복궁은 1867년에 다시 세워졌습니다.', 'missing'],
      ['fact', '경복궁은 1867년에 중건되었다', '경복궁은 1865년에 재건되었습니다.', 'contradicts'],
      // Rebuilding after a loss and a modern restoration are two events (1867년 중건, 1990년부터 복원).
      ['fact', '경복궁은 1867년에 중건되었다', '경복궁은 1990년부터 복원되었습니다.', 'missing'],
      ['fact', '1592년 임진왜란 때 소실되었다', '1597년 정유재란 때 불타 버렸습니다.', 'contradicts'],
      [
        'fact',
        '태권도는 2000년 정식 종목으로 채택되었다',
        '태권도는 1988년 정식 종목으로 채택되었습니다.',
        'contradicts',
      ],
    ]);
  });

  it('reads Korean phrases at their second word: 불에 탔다, 운행을 시작했다, 종목이 되었다 (KO)', () => {
    table([
      ['fact', '1593년 임진왜란 때 불에 탔다', '1600년 병자호란 때 불탔고, 이후 다시 지었습니다.', 'contradicts'],
      ['fact', '이 노선은 1964년에 개통되었다', '이 노선은 1965년에 운행을 시작했습니다.', 'contradicts'],
      ['fact', '최홍희가 태권도를 창시했다', '이소룡이 태권도를 창시했습니다.', 'contradicts'],
      ['fact', '이 노선은 1964년에 개통되었다', '이 노선은 1964년에 운행을 시작했습니다.', 'meets'],
      [
        'fact',
        '태권도는 2000년 올림픽 정식 종목으로 채택되었다',
        '태권도는 1996년 올림픽에서 정식 종목이 되었습니다.',
        'contradicts',
      ],
    ]);
  });

  it('reads leaving service, first sales and selling prices as their events (EN)', () => {
    table([
      ['fact', 'The trains were retired in 2008', 'The last trains left service in 1999.', 'contradicts'],
      ['fact', 'The line entered service in 1964', 'The trains began service in 1965.', 'contradicts'],
      ['fact', 'The capital moved to Kyoto in 794', 'The capital was relocated to Kyoto in 784.', 'contradicts'],
      // Naming and renaming are two events: 1890 dates the first.
      ['fact', 'The street was renamed in 1920', 'The street was named in 1890 and renamed in 1920.', 'meets'],
      ['fact', 'The Walkman went on sale in July 1979', 'The Walkman was first sold in 1980.', 'contradicts'],
      // A phrase's -ing word is its predicate, not a gerund naming a thing.
      ['fact', 'The Walkman went on sale in July 1979', 'Sony began selling the Walkman in 1980.', 'contradicts'],
      ['fact', 'It was priced at 33,000 yen', 'It sold for 50,000 yen.', 'contradicts'],
      ['fact', 'More than 3,000 cars were produced', 'Only 1,500 cars were manufactured.', 'contradicts'],
      ['fact', 'The hall was rebuilt in 1867', 'The hall was reconstructed in 1901.', 'contradicts'],
      ['fact', 'The hall was rebuilt in 1867', 'The hall was restored in 1990.', 'missing'],
    ]);
  });

  it('reads recognition as an inscription, the end of construction as a completion, and more release and opening words', () => {
    table([
      ['fact', 'UNESCO recognised it in 2017', 'UNESCO listed it in 2010.', 'contradicts'],
      ['fact', 'It was inscribed by UNESCO in 2017', 'UNESCO recognized it as heritage in 2010.', 'contradicts'],
      ['fact', 'The tower was completed in 1889', 'Construction ended in 1887.', 'contradicts'],
      ['fact', 'The tower was completed in 1889', 'Construction began in 1887 and ended in 1889.', 'missing'],
      ['fact', '다리는 1932년에 완공되었다', '1930년에 공사가 끝났다.', 'contradicts'],
      ['fact', '1964년에 개통되었다', '1966년에 문을 열었다.', 'contradicts'],
      ['fact', '2006년에 출시되었다', '2004년에 처음 선보였다.', 'contradicts'],
      ['fact', '2006年发售', '2004年发布。', 'contradicts'],
    ]);
  });
});
