import { describe, it } from 'vitest';
import { expectNoContradiction, expectVerdicts as table } from './offline-table.test-helpers.js';

// The values the text analysis reads reach the judge: a different one contradicts, the same one meets.

describe('values after CJK punctuation, with CJK magnitudes, units after a space and spelled-out tens', () => {
  it('reads a year after a full-width comma (ZH)', () => {
    table([
      ['fact', '紫禁城于1420年建成', '紫禁城，1425年建成。', 'contradicts'],
      ['fact', '紫禁城于1420年建成', '紫禁城，1420年建成。', 'meets'],
    ]);
  });

  it('reads 万 and 만 with the unit after them, and katakana units (ZH, KO, JA)', () => {
    table([
      ['fact', '广场占地50万平方米', '广场占地44万平方米。', 'contradicts'],
      ['fact', '广场占地50万平方米', '广场占地50万平方米。', 'meets'],
      ['fact', '광장의 면적은 50만 제곱미터이다', '광장의 면적은 44만 제곱미터입니다.', 'contradicts'],
      ['fact', '東京タワーの高さは333メートル', '東京タワーの高さは333メートルです。', 'meets'],
    ]);
  });

  it('reads a day without its year in the year of the date before it (EN, KO)', () => {
    table([
      [
        'fact',
        'It opened to the public in May 1889',
        'It was inaugurated on 31 March 1889 and opened to the public on 15 May.',
        'meets',
      ],
      ['fact', 'It opened to the public in May 1889', 'It opened to the public on 15 June.', 'contradicts'],
      ['fact', '1889년 5월에 개방되었다', '1889년 3월 31일에 준공되어 5월 15일에 개방되었다.', 'meets'],
    ]);
  });

  it("reads the check's count said bare beside another, with the check's words after it (EN)", () => {
    table([
      ['step', 'Each lobe has three trigger hairs', 'The trap has six trigger hairs, three on each lobe.', 'meets'],
      ['step', 'Each lobe has three trigger hairs', 'Each lobe has six trigger hairs.', 'contradicts'],
      [
        'step',
        'Each lobe has three trigger hairs',
        'The trap has six trigger hairs, three of them large.',
        'contradicts',
      ],
    ]);
  });

  it('reads a bare Korean year of three digits as that year or a length, never as another length than a few years (KO)', () => {
    table([
      ['step', '679년 동궁을 짓는다', '문무왕 19년(679)에는 동궁을 지었습니다.', 'meets'],
      ['step', '679년 동궁을 짓는다', '679년에 동궁을 지었습니다.', 'meets'],
      ['step', '679년 동궁을 짓는다', '그 뒤 몇 년 지나 동궁을 지었습니다.', 'partially_meets'],
      // A bare 679년 may be a length: a year close to it is close, as before.
      ['step', '679년 동궁을 짓는다', '681년에 동궁을 지었습니다.', 'partially_meets'],
    ]);
  });

  it('reads a decade before a noun as the age of the thing, not a date of the event (EN)', () => {
    table([
      [
        'step',
        'James Sherwood launches the service with restored vintage cars (1982)',
        '1982: James Sherwood, who had bought two carriages in 1977, launches the service with restored 1920s cars.',
        'meets',
      ],
      ['fact', 'It was built in 1925', 'It was built in the 1960s.', 'contradicts'],
    ]);
  });

  it("reads counts that add up to the check's in one sentence as its parts (EN, KO)", () => {
    table([
      ['step', 'The crash killed 113 people', 'All 109 aboard and four people on the ground were killed.', 'meets'],
      ['step', 'The crash killed 113 people', 'The crash killed 109 people.', 'contradicts'],
      [
        'step',
        'The crash killed 113 people',
        'All 100 aboard and four people on the ground were killed.',
        'contradicts',
      ],
      ['fact', '전투에서 모두 12척이 싸웠다', '전투에서 판옥선 10척과 거북선 2척이 싸웠다.', 'meets'],
      // Small counts add up by chance: 5 and 1 are no parts of 6.
      [
        'fact',
        '세트를 이기면 2점을 받고, 6점을 먼저 얻으면 이긴다',
        '세트를 이기면 1점, 비기면 1점을 받고 5점을 먼저 얻으면 이긴다.',
        'contradicts',
      ],
    ]);
  });

  it("reads the check's value said with the whole claim as stated, whatever predicate is nearer (KO)", () => {
    table([
      [
        'fact',
        '1867년에 중건을 마쳤다',
        '1865년 중건을 시작해 1867년에 마쳤고, 1990년부터 복원 사업이 이어지고 있다.',
        'meets',
      ],
    ]);
  });

  it('reads dozens and hundreds, 수십 and 수백, as counts of their order of magnitude (EN, KO)', () => {
    table([
      ['fact', 'Only one worker died', 'Dozens of workers died.', 'contradicts'],
      ['fact', 'About 50 workers built it', 'Hundreds of workers built it.', 'contradicts'],
      ['fact', 'About 300 workers built it', 'Hundreds of workers built it.', 'partially_meets'],
      ['fact', '한 명만 죽었다', '수십 명이 죽었다.', 'contradicts'],
    ]);
  });

  it("reads a date inside the check's span as part of it, and one outside as another (EN, KO)", () => {
    table([
      ['fact', 'It was built between 1887 and 1889', 'It was built in 1889.', 'partially_meets'],
      ['fact', 'It was built between 1887 and 1889', 'It was built in 1895.', 'contradicts'],
      // A decade that overlaps the span is close, one outside it another date.
      [
        'step',
        "Bartholdi's workshop builds the statue in Paris (about 1876–1884)",
        'The statue was built in Paris over several years, from the late 1870s to the early 1880s.',
        'partially_meets',
      ],
      [
        'step',
        'The workshop builds the statue in Paris (about 1876–1884)',
        'It was built in Paris in the 1890s.',
        'contradicts',
      ],
      ['fact', '1865년부터 1867년까지 중건되었다', '1866년에 중건되었다.', 'partially_meets'],
      ['fact', '1865년부터 1867년까지 중건되었다', '1900년에 중건되었다.', 'contradicts'],
      ['fact', 'It took 2 years, 2 months and 5 days', 'It took five years to build.', 'contradicts'],
    ]);
    expectNoContradiction('fact', [
      ['It took 2 years, 2 months and 5 days', 'It took just over two years to build.'],
      ['It took 2 years, 2 months and 5 days', 'It took 2 years, 2 months and 5 days.'],
    ]);
  });

  it('reads a year before a name as the date of that name, not a count of it (EN)', () => {
    table([
      ['fact', "It was built for the 1889 World's Fair", 'It was built for the 1900 Paris Exposition.', 'contradicts'],
      [
        'fact',
        "It was built for the 1889 World's Fair",
        'It was built for the 1889 Exposition Universelle.',
        'partially_meets',
      ],
    ]);
  });

  it('reads "a few hours" and 며칠 against a value, and a vague value in a check as no value to require (EN, KO)', () => {
    table([
      ['step', 'Digestion takes about 5 to 12 days', 'Digestion takes only a few hours.', 'contradicts'],
      ['step', 'Digestion takes about a week', 'Digestion takes a few days.', 'partially_meets'],
      ['step', '배추를 6~8시간 절인다', '배추를 며칠 동안 절인다.', 'contradicts'],
      ['step', 'Let the dough rise for several hours', 'Let the dough rise for 8 to 24 hours.', 'meets'],
      // A list number is no value: "3." does not state "three trigger hairs".
      [
        'step',
        'Each lobe has three trigger hairs',
        '1. A single trigger hair sits on each lobe.\n3. It closes.',
        'partially_meets',
      ],
    ]);
  });

  it('reads a unit after a space and a hyphenated number word (EN)', () => {
    table([
      ['fact', 'The upload limit is 50 MB', 'The upload limit is 20 MB.', 'contradicts'],
      ['fact', 'The upload limit is 50 MB', 'The upload limit is 50 MB per file, and 50 files at most.', 'meets'],
      ['fact', 'The dog weighs forty-four pounds', 'The dog weighs thirty pounds.', 'contradicts'],
      ['fact', 'The dog weighs forty-four pounds', 'The dog weighs 44 pounds.', 'meets'],
    ]);
  });

  it('reads a number written in words past its scale word, with or without "and" (EN)', () => {
    table([
      ['fact', 'The palace has 120 rooms', 'The palace has one hundred and twenty rooms.', 'meets'],
      ['fact', 'The palace has 120 rooms', 'The palace has a hundred twenty rooms.', 'meets'],
      ['fact', 'The palace has 120 rooms', 'The palace has one hundred and sixty rooms.', 'contradicts'],
    ]);
  });

  it('compares values in other units: miles, feet, pounds, °F, weeks against months (EN, KO)', () => {
    table([
      ['fact', 'The journey covers up to 4,800 km', 'The journey covers up to 3,000 miles.', 'meets'],
      ['fact', 'The stone weighs 17 to 20 kg', 'The stone weighs 38 to 44 lb.', 'meets'],
      ['fact', 'The stone weighs 17 to 20 kg', 'The stone weighs 10 lb.', 'contradicts'],
      ['fact', 'The oven reaches 430-485 °C', 'The oven reaches 800-900 °F.', 'meets'],
      ['fact', 'The adults live about eight months', 'The adults live only about two weeks.', 'contradicts'],
      ['fact', '성충은 약 8개월을 산다', '성충은 약 2주를 산다.', 'contradicts'],
    ]);
  });

  it('reads an answer bound that allows the check value as no other value (EN, KO, ZH)', () => {
    table([
      ['fact', 'The adults live about eight months', 'The adults live for up to nine months.', 'partially_meets'],
      ['fact', 'The tower is 324 metres tall', 'The tower is more than 300 metres tall.', 'partially_meets'],
      ['fact', 'The tower is 324 metres tall', 'The tower is less than 300 metres tall.', 'contradicts'],
      ['fact', '성충은 약 8개월을 산다', '성충은 최대 9개월까지 산다.', 'partially_meets'],
      ['fact', '塔高324米', '塔高超过300米。', 'partially_meets'],
    ]);
  });

  it('reads a value in the other clause of a contrast as about the other thing (EN, KO)', () => {
    table([
      [
        'fact',
        'The migrating generation lives about eight months',
        'Summer adults live only two to six weeks, while the migrating generation lives much longer.',
        'partially_meets',
      ],
      [
        'fact',
        '이동 세대는 약 8개월을 산다',
        '여름 세대는 2~6주를 살지만 이동 세대는 훨씬 오래 산다.',
        'partially_meets',
      ],
    ]);
  });

  it('reads a long Korean check clause by clause: the value’s own clause says what it is about (KO)', () => {
    // 4분이며 closes its clause: the value is said of 정규 경기 시간, not of the next clause's winning.
    const check =
      '정규 경기 시간은 남녀 모두 4분이며, 점수가 같으면 골든스코어 연장전에서 먼저 점수를 얻은 선수가 이긴다';
    table([
      ['fact', check, '경기 시간은 5분이고, 시간이 끝났을 때 점수가 같으면 연장전을 합니다.', 'contradicts'],
      ['fact', check, '경기 시간은 4분이고, 점수가 같으면 연장전에서 먼저 점수를 얻은 선수가 이깁니다.', 'meets'],
      // One word of the clause is no sentence about it: 게임 alone for 게임 중 한쪽이 11점에 이르면.
      ['step', '게임 중 한쪽이 11점에 이르면 60초 이내로 쉰다', '21점을 먼저 따면 그 게임을 이긴다.', 'missing'],
    ]);
  });

  it('reads the check’s value said with more of its claim over another value dated by its anchor (EN)', () => {
    const check = 'Further servicing missions in 1997, 1999 and 2002 replace instruments, gyroscopes and solar arrays';
    const launch = 'The shuttle carried it up on mission STS-31 in April 1990.';
    table([
      [
        'step',
        check,
        `${launch}\n4. 1997, 1999 and 2002: further visits replaced instruments, gyroscopes and solar panels.`,
        'meets',
      ],
      ['step', check, launch, 'contradicts'],
    ]);
  });

  it('reads the check’s other value given to its own holder as that value (KO)', () => {
    const check = '백에게 덤을 주는데 한국·일본 규칙은 6집 반, 중국 규칙은 7집 반이다';
    table([
      ['fact', check, '한국 규칙에서는 백에게 6집 반의 덤을 준다.', 'partially_meets'],
      // Given to the other holder, it is another value for this one.
      ['fact', check, '중국 규칙에서는 백에게 6집 반의 덤을 준다.', 'contradicts'],
      // The check's other value with this value's predicate is still another value (1446 for 1443).
      [
        'fact',
        '세종은 1443년에 훈민정음을 만들고 1446년에 반포했다',
        '세종은 1446년에 훈민정음을 만들었다.',
        'contradicts',
      ],
    ]);
  });

  it('reads one of the check’s choices as the choice the check allows (KO, EN)', () => {
    const check = '정해진 게임 수(3게임 또는 4게임)를 먼저 이긴 쪽이 매치를 이긴다';
    table([
      ['step', check, '3게임을 먼저 이긴 선수가 매치를 이긴다.', 'meets'],
      ['step', check, '5게임을 먼저 이긴 선수가 매치를 이긴다.', 'contradicts'],
      ['fact', 'A match is best of three or five sets', 'A match is best of three sets.', 'meets'],
      ['fact', 'A match is best of three or five sets', 'A match is best of seven sets.', 'contradicts'],
    ]);
  });

  it('reads a count or a length per player or per period as no other count or length per team or in all (KO)', () => {
    table([
      ['fact', '한 엔드에 팀당 8개의 스톤을 던진다', '한 엔드에 선수마다 스톤을 2개씩 던진다.', 'partially_meets'],
      ['fact', '한 엔드에 팀당 8개의 스톤을 던진다', '한 엔드에 팀당 6개의 스톤을 던진다.', 'contradicts'],
      [
        'step',
        '16개 스톤을 모두 던지면 엔드가 끝난다',
        '선수마다 스톤을 2개씩 던지고, 모두 던지면 엔드가 끝난다.',
        'partially_meets',
      ],
      ['step', '16개 스톤을 모두 던지면 엔드가 끝난다', '12개 스톤을 모두 던지면 엔드가 끝난다.', 'contradicts'],
    ]);
    // A length of time each (20분씩) is no other length in all (한 시간짜리 경기).
    table([
      [
        'fact',
        '정규 경기는 20분씩 3피리어드로 진행된다',
        '한 시간짜리 경기가 세 피리어드로 나뉘어 진행된다.',
        'missing',
      ],
      ['fact', '정규 경기는 20분씩 3피리어드로 진행된다', '경기는 15분씩 3피리어드로 진행된다.', 'contradicts'],
    ]);
  });

  it('reads one end of the check’s span as that end, not another value for the other (KO, EN)', () => {
    const check = '주한 미군은 새벽 4시 반부터 약 새벽 6시 반까지 장비를 반입하였다';
    const span = 'From 1865 to 1867 the palace was rebuilt';
    table([
      ['fact', check, '새벽 4시 반부터 2시간여 동안 주한 미군은 장비를 반입하였다.', 'partially_meets'],
      ['fact', check, '새벽 4시 반부터 새벽 7시 반까지 주한 미군은 장비를 반입하였다.', 'contradicts'],
      ['fact', span, 'In 1865 the palace was rebuilt.', 'partially_meets'],
      ['fact', span, 'In 1880 the palace was rebuilt.', 'contradicts'],
    ]);
  });

  it('reads Chinese and Japanese numerals, yuan and classifiers: another thing counted is no conflict (ZH, JA)', () => {
    table([
      ['fact', '门票是60元', '门票为六十元，学生半价30元。', 'meets'],
      ['fact', '门票是60元', '门票为八十元。', 'contradicts'],
      ['fact', '每年约有700万人参观', '每年大约有七百万人参观。', 'meets'],
      ['fact', '每年约有700万人参观', '每年约有200万人参观，展出5个展厅。', 'contradicts'],
      ['fact', '毎年約300万人が訪れる', '毎年およそ三百万人が訪れる。', 'meets'],
      ['fact', '博物馆有5个展厅', '博物馆有5个展厅，每年约有700万人参观。', 'meets'],
      ['fact', '博物馆有5个展厅', '博物馆有3层。', 'missing'],
    ]);
  });

  it('reads a size or an area within a few per cent as the same one measured otherwise (EN, ZH, KO)', () => {
    table([
      ['fact', 'The palace covers 720,000 square metres', 'The palace covers about 0.72 km2.', 'meets'],
      [
        'fact',
        'The palace covers 720,000 square metres',
        'The palace covers 700,000 square metres.',
        'partially_meets',
      ],
      ['fact', '故宫占地72万平方米', '故宫占地70万平方米。', 'partially_meets'],
      ['fact', '故宫占地72万平方米', '故宫占地50万平方米。', 'contradicts'],
      ['fact', '파일은 2,000 MB까지 올릴 수 있다', '파일은 1,950 MB까지 올릴 수 있다.', 'partially_meets'],
    ]);
  });

  it('reads a decade in the check as stated by a year in it (EN, KO)', () => {
    table([
      ['fact', 'It was rebuilt in the 1860s', 'It was rebuilt between 1865 and 1867.', 'meets'],
      ['fact', 'It was rebuilt in the 1860s', 'It was rebuilt in the 1860s.', 'meets'],
      ['fact', 'It was rebuilt in the 1860s', 'It was rebuilt in 1872.', 'contradicts'],
      ['fact', '1860년대에 중건되었다', '1867년에 중건되었다.', 'meets'],
      ['fact', '1860년대에 중건되었다', '1880년대에 중건되었다.', 'contradicts'],
    ]);
  });

  it('reads the start of a span or of the event as no other date for it (KO, EN)', () => {
    table([
      ['fact', '흥선대원군이 1867년에 중건했다', '1865년 흥선대원군이 중건을 시작해 1867년에 완성했습니다.', 'meets'],
      [
        'fact',
        '흥선대원군이 1867년에 중건했다',
        '1865년부터 흥선대원군의 주도로 중건되어 1868년 고종이 옮겨 왔습니다.',
        'partially_meets',
      ],
      ['fact', '흥선대원군이 1867년에 중건했다', '흥선대원군이 1872년에 중건했습니다.', 'contradicts'],
      ['fact', 'The bridge was built in 1932', 'It was built from 1923 until 1932.', 'meets'],
      ['fact', 'The bridge was built in 1932', 'It was built from 1923.', 'partially_meets'],
      ['fact', 'The bridge was built in 1932', 'It was built until 1930.', 'contradicts'],
    ]);
  });

  it('reads a comma between a value and a predicate as half a word more (ZH)', () => {
    table([
      ['fact', '故宫于1420年建成', '北京故宫于1406年开始修建，1425年建成。', 'contradicts'],
      ['fact', '故宫于1420年建成', '北京故宫于1406年开始修建，1420年建成。', 'meets'],
    ]);
  });
});
