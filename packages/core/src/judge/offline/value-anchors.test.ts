import { describe, expect, it } from 'vitest';
import { judgeOffline } from './judge-offline.js';
import { plainCheck, expectVerdicts as table } from './offline-table.test-helpers.js';

describe('a different value for the same predicate contradicts, whatever the verb', () => {
  it('reads "finished in 1887" against "completed in 1889" as a conflict (EN)', () => {
    table([
      ['fact', 'The tower was completed in 1889', 'The tower was finished in 1887.', 'contradicts'],
      ['fact', 'States that the tower was completed in 1889', 'Construction was finished in 1887.', 'contradicts'],
      ['step', 'He paints the picture in June 1889', 'Van Gogh painted it in 1890 in Paris.', 'contradicts'],
      ['fact', 'The tower was completed in 1889', 'The tower was finished in 1889.', 'meets'],
    ]);
  });

  it('reads 2001년에 지정 against 2013년 등재 as a conflict (KO)', () => {
    table([
      [
        'fact',
        '김장 문화가 2013년 유네스코 인류무형문화유산에 등재되었다고 말한다',
        '김치는 2001년에 유네스코 세계문화유산으로 지정되었습니다.',
        'contradicts',
      ],
      ['step', '1443년 창제', '세종은 1446년에 한글을 창제했습니다.', 'contradicts'],
      ['step', '1443년 창제', '세종은 1443년에 한글을 창제했습니다.', 'meets'],
    ]);
  });

  it('leaves a value that belongs to another predicate alone: beginning is not completion', () => {
    table([
      ['fact', 'The tower was completed in 1889', 'Construction began in 1887.', 'missing'],
      // Building takes years: "built" is not read as "completed".
      ['fact', 'The tower was completed in 1889', 'It was built from 1887.', 'missing'],
      ['fact', '탑은 1889년에 완공되었다', '공사는 1887년에 시작되었다.', 'missing'],
    ]);
  });

  it('does not take a noun for the predicate: "the painting" is not "painted"', () => {
    table([
      [
        'step',
        'He paints the picture of the village in June 1889',
        'The painting moved to New York in 1941.',
        'missing',
      ],
    ]);
  });

  it('does not attach a value to a name next to it ("in Paris in September 1889")', () => {
    table([
      [
        'step',
        'He sends the canvas to his brother Theo in Paris in September 1889',
        'It was painted in 1890 in Paris.',
        'missing',
      ],
    ]);
  });

  it('leaves out "found", which is also the past of "find"', () => {
    table([
      [
        'fact',
        'The radio company was founded in Tokyo in 1946 by two engineers',
        'Old sets are often found in 1950s shops.',
        'missing',
      ],
      [
        'fact',
        'The radio company was founded in Tokyo in 1946 by two engineers',
        'Their firm was founded in 1950.',
        'contradicts',
      ],
    ]);
  });

  it('does not anchor aspects: their values belong to the entity compared', () => {
    table(
      [
        [
          'aspect',
          'Starry Night Over the Rhone was painted earlier, in Arles in 1888',
          'The Starry Night was painted in 1890.',
          'missing',
        ],
      ],
      'Which painting is this, and when was it painted?',
    );
  });

  it('reads synonyms of designing, retiring and winning as the same predicate (EN, KO)', () => {
    table([
      ['fact', 'The series was retired in 2008', 'The last trains were withdrawn in 1999.', 'contradicts'],
      ['fact', 'The series was retired in 2008', 'The series was withdrawn in 2008.', 'meets'],
      ['fact', 'The bridge was designed in 1931', 'Work began in 1933, two years after it was designed.', 'missing'],
      [
        'fact',
        '선수는 2004년에 금메달을 획득했다',
        '그는 2008년에 금메달을 땄고, 2004년에 우승했다.',
        'partially_meets',
      ],
      ['fact', '선수는 2004년에 금메달을 획득했다', '그 선수는 2008년에 금메달을 획득했습니다.', 'contradicts'],
    ]);
  });

  it('counts the distance to the predicate in content words, and equals by plain distance (EN)', () => {
    table([
      [
        'fact',
        'States that it bakes for only about 60 to 90 seconds',
        'Pizzerias bake it very hot, around 400 °C, for about two to three minutes.',
        'contradicts',
      ],
      ['fact', 'The bridge was designed in 1931', 'Work began in 1933, two years after it was designed.', 'missing'],
    ]);
  });

  it('reads phrases whose words mean the event only together: came out, went on sale, into service (EN)', () => {
    table([
      ['fact', 'States that it was released in 1979', 'It came out in 1984.', 'contradicts'],
      ['fact', 'States that it was released in 1979', 'It went on sale in 1982.', 'contradicts'],
      [
        'fact',
        'States that it was released in 1979',
        'It came out in 1979, and the company went public in 1984.',
        'meets',
      ],
      [
        'fact',
        'States that the series entered service in 1964',
        'The trains went into service in 1970.',
        'contradicts',
      ],
      [
        'fact',
        'States that the series entered service in 1964',
        'The trains went into service in 1964 and were taken out of service in 2008.',
        'partially_meets',
      ],
    ]);
  });

  it('reads "service started" as the opening and 다시 지었다 as the rebuilding (EN, KO)', () => {
    table([
      [
        'step',
        'The 0 Series entered service in October 1964',
        'It began running between Tokyo and Nagoya in 1959.',
        'contradicts',
      ],
      ['step', 'The last trains were retired in 2008', 'The last ones were taken off the line in 1999.', 'contradicts'],
      ['fact', 'The line opened in October 1964', 'Service started in 1966.', 'contradicts'],
      ['fact', 'The line opened in October 1964', 'Service started in October 1964.', 'meets'],
      ['step', '흥선대원군이 1867년에 중건했다', '경복궁은 1872년에 다시 지어졌습니다.', 'contradicts'],
      ['step', '흥선대원군이 1867년에 중건했다', '흥선대원군이 1867년에 다시 지었습니다.', 'meets'],
      // 세웠다 and 지었다 are building only after 다시: 조선을 세웠다 founds a state.
      ['step', '흥선대원군이 1867년에 중건했다', '흥선대원군이 1870년에 다시 세웠습니다.', 'contradicts'],
      // Built again is not the first building: 1867 is no other date for 1395's.
      ['step', '1395년에 창건되었다', '1395년에 지어졌고 1867년에 다시 지어졌다.', 'meets'],
    ]);
  });

  it('reads "resumed" and "returned to service" as going back into service, another event than the first (EN)', () => {
    table([
      [
        'step',
        'Return to service in November 2001 after modifications',
        '- 1976: passenger service began with two airlines.\n- 2001: flights resumed after modifications.',
        'partially_meets',
      ],
      ['step', 'Flights resumed in November 2001', 'The jet returned to service in 2003.', 'contradicts'],
      ['step', 'Flights resumed in November 2001', 'Flights resumed in November 2001.', 'meets'],
    ]);
  });

  it('takes a near value said with more of the claim over another value dated by the check’s verb (EN)', () => {
    const question = 'What was the Ford Model T, and how was it made?';
    table(
      [
        [
          'step',
          'Ford introduces the $5 workday in January 1914',
          "The Model T was launched by Henry Ford's company in 1908. In 1914 Ford began paying workers $5 a day.",
          'missing',
        ],
        [
          'step',
          'Ford introduces the $5 workday in January 1914',
          "The Model T was launched by Henry Ford's company in 1908. Ford introduced the $5 workday in 1912.",
          'contradicts',
        ],
      ],
      question,
    );
  });

  it('reads the check’s word said again as another event: the first building is not the rebuilding (KO, EN)', () => {
    const first = '1405년 태종이 창덕궁을 이궁으로 짓는다';
    const again = '1610년 광해군이 창덕궁을 다시 짓는다';
    table([
      // 다시 지었다 and "built again" are the rebuilding, so their years are no other first building.
      ['step', first, '창덕궁은 조선 초 태종이 이궁으로 지었다. 1610년에 다시 지었다.', 'partially_meets'],
      ['step', first, '창덕궁은 태종이 1410년에 이궁으로 지었다.', 'contradicts'],
      [
        'fact',
        'The palace was built in 1405',
        'The palace was built under King Taejong, and built again in 1610.',
        'partially_meets',
      ],
      ['fact', 'The palace was built in 1405', 'The palace was built under King Taejong in 1412.', 'contradicts'],
      // The check's own word said again is the rebuilding: 처음 지었고 is the first building.
      ['step', again, '창덕궁은 1405년에 처음 지었고, 광해군이 1610년에 중건했다.', 'meets'],
      ['step', again, '창덕궁은 1405년에 처음 지었고, 광해군이 1615년에 다시 지었다.', 'contradicts'],
      ['step', again, '창덕궁은 1615년에 다시 지었다.', 'contradicts'],
    ]);
  });

  it('reads another destruction of the subject as no date for the thing the check destroys (KO)', () => {
    const check = '1995~1996년 조선총독부 청사를 철거한다';
    table([
      [
        'step',
        check,
        '1592년 임진왜란 때 궁이 불타 버렸다. 1990년대 중반에 조선총독부 건물이 철거되었다.',
        'partially_meets',
      ],
      ['step', check, '1998년에 조선총독부 청사를 철거했다.', 'contradicts'],
      // The subject's own burning keeps its date: another war's fire contradicts it.
      ['fact', '1593년 임진왜란 때 불에 탔다', '1600년 병자호란 때 불탔다.', 'contradicts'],
    ]);
  });

  it('reads another structure as the object of the building as another thing than the subject (KO)', () => {
    const check = '1395년 태조가 경복궁을 짓는다';
    const q = '경복궁은 어떻게 지어졌나요?';
    table(
      [
        ['step', check, '1. 태조 4년(1395): 창건. 태종 12년(1412)에는 경회루를 크게 고쳐 지었다.', 'meets'],
        ['step', check, '태조는 1412년에 경복궁을 지었다.', 'contradicts'],
      ],
      q,
      '경복궁',
    );
  });

  it('reads a Korean phrase whose words have a value between them as the phrase (이름은 1955년에 정해졌다)', () => {
    table([
      ['fact', '이 별은 1955년에 이름이 정해졌다', '이 별의 이름은 1957년에 정해졌습니다.', 'contradicts'],
      ['fact', '이 별의 이름은 1955년에 정해졌다', '이 별은 1957년에 이름이 정해졌습니다.', 'contradicts'],
      ['fact', '이 별은 1955년에 이름이 정해졌다', '이 별의 이름은 1955년에 정해졌습니다.', 'meets'],
      ['fact', '이 별은 1955년에 이름이 정해졌다', '이 별은 1957년에 발견되었고, 이름은 1955년에 정해졌다.', 'meets'],
      ['fact', '이 별은 1955년에 이름이 정해졌다', '이 별은 1957년에 발견되었다.', 'missing'],
      ['fact', 'The star was named in 1955', 'The star was named in 1957.', 'contradicts'],
    ]);
  });

  it('reads 복구 as rebuilding, and its end with a reign and a hedge around the year (KO)', () => {
    const check = '광해군 때(1610년경) 다시 지어 법궁으로 쓴다';
    const later = '현 건물은 1804년 재건되었다.';
    table([
      // The rebuilding's end, dated with the king and 무렵, states the check's value: 1804 is another rebuilding.
      ['step', check, `선조 말에 시작된 복구가 광해군 2년(1610) 무렵 끝났다. ${later}`, 'meets'],
      ['step', check, `광해군 2년(1610) 무렵 복구되었다. ${later}`, 'meets'],
      // Alone, another rebuilding of the subject contradicts it.
      ['step', check, later, 'contradicts'],
      ['step', check, '창덕궁은 1620년에 복구되었다.', 'contradicts'],
      // 다시 before the year still makes the rebuilding.
      ['fact', '1867년에 다시 지었다', '다시 1867년에 지었다.', 'meets'],
    ]);
  });

  it('reads the event a length of time is counted from as no predicate of the value (EN)', () => {
    const check = 'States that on 30 May 1883, six days after the opening, a panic on the walkway killed 12 people';
    table([
      // The opening is the six days' reference: its own date is no other date of the panic.
      ['fact', check, 'It opened on 4 July 1883, on Independence Day.', 'missing'],
      ['fact', check, 'The bridge opened in 1883, about fourteen years after the project began.', 'missing'],
      ['fact', check, 'On 4 June 1883 a panic on the walkway killed 12 people.', 'contradicts'],
    ]);
  });

  it('reads 찍다 and 인쇄 as one event, printing (KO)', () => {
    const check = '1377년 7월 청주 흥덕사에서 금속활자로 인쇄되었다';
    table([
      ['fact', check, '1377년 7월 청주 흥덕사에서 금속활자로 찍었다.', 'meets'],
      ['fact', check, '1434년 한양에서 금속활자로 찍은 책이다.', 'contradicts'],
    ]);
  });

  it('reads another date as the same event’s only by the same predicate, when the check names a known one (EN)', () => {
    table([
      [
        'fact',
        'States that the tower was completed in 1889',
        'The Eiffel Tower was built for the World Fair. The tower hosted the 1900 World Fair as well.',
        'missing',
      ],
      ['fact', 'States that the tower was completed in 1889', 'The tower was finished in 1887.', 'contradicts'],
      // Not a date: a height has one slot, whatever the verb.
      ['fact', 'States that the tower is 330 m tall', 'The tower reaches 300 m.', 'contradicts'],
    ]);
  });

  it('reads Spanish, French and German predicates only when the check is in one of those languages', () => {
    const es = plainCheck('fact', 'La torre fue terminada en 1889');
    const r = judgeOffline({ answer: 'La obra se completó en 1887.', check: es, language: 'es' });
    expect(r.verdict).toBe('contradicts');
    // In English, "termin" would find "terminal": the Latin stems stay out.
    table([['fact', 'The line was completed in 1964', 'The terminal was built in 1962.', 'missing']]);
    const de = plainCheck('fact', 'Der Turm wurde 1889 fertiggestellt');
    expect(judgeOffline({ answer: 'Der Bau wurde 1887 vollendet.', check: de, language: 'de' }).verdict).toBe(
      'contradicts',
    );
  });
});

describe('a Korean clause keeps its own predicate', () => {
  it('gives a value to the predicate after it, not to the one that ended the clause before', () => {
    table(
      [
        [
          'fact',
          '1995년 유네스코 세계유산에 등재되었다',
          '불국사는 1600년에 불탔고, 2000년에 유네스코 세계유산이 되었습니다.',
          'contradicts',
        ],
        [
          'fact',
          '1995년 유네스코 세계유산에 등재되었다',
          '불국사는 2000년에 다시 지었고 1995년에 세계유산이 되었다.',
          'meets',
        ],
        // The fire's own date is still the fire's.
        ['fact', '1593년에 불탔다', '불국사는 1600년에 불탔고, 1995년에 세계유산이 되었습니다.', 'contradicts'],
      ],
      '불국사는 언제 세계유산이 되었나?',
    );
  });

  it('reads a predicate after the value and past a comma as another clause’s, unless the date opens the sentence (EN)', () => {
    const span = 'States that its main span is 4,200 ft (1,280 m), the longest in the world when it opened';
    table([
      ['fact', span, 'Its main span is about 2,000 metres long.', 'contradicts'],
      ['fact', 'In 1889, the tower opened to the public', 'The tower opened to the public in 1900.', 'contradicts'],
    ]);
  });

  it('reads a verb of lasting as saying how long, not as another event (digestion takes a few hours)', () => {
    const check = 'The leaf seals and digests the prey over about ten days';
    table([
      ['step', check, 'The trap seals shut and digestion of the insect takes only a few hours.', 'contradicts'],
      ['step', check, 'The trap seals shut and digestion takes about ten days.', 'meets'],
    ]);
  });

  it('counts the reach to a Korean predicate from the end of a long date (1592년 4월 12일 … 발사한다)', () => {
    const check = '1592년 4월 12일 거북선에서 포를 시험 발사한다';
    const question = '거북선은 어떤 배였나요?';
    // The date is the firing's, not the ship's: another date of the ship's first battle is no other firing date.
    table([['step', check, '거북선은 1597년 칠천량 해전에서 처음 출전했습니다.', 'missing']], question);
    table([['step', check, '1592년 4월 20일 거북선에서 포를 시험 발사했다.', 'contradicts']], question);
  });

  it('reads a value in digits with a Latin unit (2~3mm) as Korean too: its predicate follows it', () => {
    // The plain 고기 of another sentence is not what the thickness is about: 썬다 is.
    const answer = '고구려 때는 이런 고기 요리가 없었다고 해요.\n1. 돼지고기 목살을 1cm 정도로 두툼하게 썬다.';
    table([
      ['fact', '고기를 2~3mm 두께로 얇게 썬다', answer, 'contradicts'],
      ['fact', '고기를 2~3mm 두께로 얇게 썬다', '고기 요리입니다. 목살을 2~3mm 두께로 썬다.', 'meets'],
    ]);
  });
});

describe('measures and events named by their own words', () => {
  it('reads depth, width, length, population, awards and accession as predicates', () => {
    table([
      ['fact', 'The lake is 1,642 m deep', 'Its maximum depth is 1,200 metres.', 'contradicts'],
      ['fact', 'The Great Wall has a length of 21,196 km', 'The wall stretches for 8,850 km.', 'contradicts'],
      ['fact', '이 다리는 길이가 1,460m이다', '이 다리는 총 연장 2km에 이른다.', 'contradicts'],
      ['fact', '세종대왕은 1418년에 즉위했다', '세종대왕은 1420년에 왕위에 올랐다.', 'contradicts'],
      ['fact', 'He won the Nobel Prize in 1921', 'He was awarded the Nobel Prize in 1925.', 'contradicts'],
      ['fact', '서울의 인구는 약 940만 명이다', '서울은 인구가 1200만 명이다.', 'contradicts'],
      // A part's measure is another measure: the main span is no length of the whole bridge.
      ['fact', 'The bridge is 2,737 metres long', 'Its main span is 1,280 metres.', 'missing'],
      ['fact', 'The lake is 1,642 m deep', 'The lake is 636 km long and 1,642 m deep.', 'meets'],
    ]);
  });

  it('reads phrases of dying, breaking out and signing as those events', () => {
    table([
      ['fact', 'King Sejong died in 1450', 'King Sejong passed away in 1452.', 'contradicts'],
      ['fact', '세종은 1450년에 승하했다', '세종은 1452년에 세상을 떠났다.', 'contradicts'],
      ['fact', 'The war began in 1950', 'The war broke out in 1949.', 'contradicts'],
      ['fact', '한국전쟁은 1950년에 시작되었다', '한국전쟁은 1949년에 발발했다.', 'contradicts'],
      ['fact', 'The treaty was signed in 1876', 'The treaty was signed in 1882.', 'contradicts'],
      ['fact', '조약은 1876년에 체결되었다', '조약은 1882년에 서명되었다.', 'contradicts'],
      // Another event of the same sentence keeps its own date.
      [
        'fact',
        'King Sejong died in 1450',
        'King Sejong passed away in 1450, two years after his son was born in 1448.',
        'meets',
      ],
    ]);
  });
});

describe('durations, fees, areas, capacities and elevations named by their own words', () => {
  it('reads lasts/takes, admission/fee, covers/area, seats/holds and 해발 as those measures', () => {
    table(
      [
        ['fact', 'The exam lasts 3 hours', 'The exam takes 2 hours.', 'contradicts'],
        ['fact', '시험은 3시간 걸린다', '시험은 2시간이 소요된다.', 'contradicts'],
        ['fact', 'The ticket costs $25', 'Admission is $40.', 'contradicts'],
        ['fact', 'The stadium seats 66,000 people', 'The stadium holds 50,000 people.', 'contradicts'],
        ['fact', '한라산의 높이는 1,947m이다', '한라산은 해발 1,708m이다.', 'contradicts'],
        // A date of another event next to a duration keeps its own predicate.
        ['fact', 'The exam lasts 3 hours', 'The exam, first held in 1990, lasts 3 hours.', 'meets'],
      ],
      'How long is the exam (시험), what does a ticket cost, how many does the stadium seat, how high is 한라산?',
    );
  });
});
