import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../text/analyze-text.js';
import { clauseIds, conditionalClauses } from './clauses.js';
import { expectNoContradiction, expectVerdicts as table } from './offline-table.test-helpers.js';

// Where a negation reaches: its own clause, the word a Korean 없이 follows, a claim rather than a
// supposition. Hand-written cases, none taken from the labels.

describe('clauses', () => {
  it('breaks at contrasts, semicolons and Korean endings of contrast or condition, not at list commas', () => {
    const a = analyzeText('It has tomato, basil and cheese, but no ham; it is baked.');
    const ids = clauseIds(a);
    const at = (w: string) => ids[a.tokens.findIndex((t) => t.text === w)];
    expect(at('tomato')).toBe(at('cheese'));
    expect(at('ham')).not.toBe(at('cheese'));
    expect(at('baked')).not.toBe(at('ham'));
    const k = analyzeText('배추를 절이지만 무는 절이지 않습니다.');
    const kid = clauseIds(k);
    expect(kid[0]).not.toBe(kid[2]);
  });

  it('marks suppositions: if, unless, 쓰면, 넣는다면, but not the nouns 측면 or 이면', () => {
    for (const [text, conditional] of [
      ['If you have no basil, use oregano.', true],
      ['배추 대신 무를 쓰면 깍두기가 됩니다.', true],
      ['젓갈을 넣는다면 맛이 깊어집니다.', true],
      ['경제적 측면에서 중요합니다.', false],
      ['It has no basil.', false],
    ] as const) {
      const a = analyzeText(text);
      expect(conditionalClauses(a, clauseIds(a)).size > 0, text).toBe(conditional);
    }
  });
});

describe('a negation denies what is in its clause only', () => {
  it('does not contradict a claim the answer states in another clause (EN, KO)', () => {
    table([
      [
        'fact',
        'The palace served as the main royal palace of the Joseon dynasty',
        'It was the main royal palace of the Joseon dynasty, although it no longer serves as a royal residence.',
        'meets',
      ],
      [
        'fact',
        'It was the first portable cassette player',
        'It was not the first cassette player, but it was the first portable cassette player for personal listening.',
        'meets',
      ],
      [
        'step',
        '허리를 숙여 인사한다',
        '경기 전에는 허리를 숙여 인사하며, 인사 없이 경기를 시작하지 않습니다.',
        'meets',
      ],
      // -며 before a comma ends a clause as -고 does: the denial that follows is of "any time".
      ['step', '기합을 넣으며 동작한다', '정해진 동작에서 기합을 넣으며, 아무 때나 넣지 않는다.', 'meets'],
    ]);
  });

  it('still contradicts a claim denied in its own clause (EN, KO)', () => {
    table([
      [
        'fact',
        'The palace served as the main royal palace',
        'It never served as the main royal palace.',
        'contradicts',
      ],
      ['member', 'basil', 'It uses oregano, not basil.', 'contradicts'],
      ['member', '젓갈', '젓갈은 넣지 않고, 설탕을 넣습니다.', 'contradicts'],
      // A value further on in the clause is another claim, and "more than 100" is a bound, not "no … than".
      [
        'step',
        'A safety net saved 19 workers',
        'No safety net was used, and more than 100 workers died.',
        'contradicts',
      ],
      // The denial of 두부 in the next clause is not a denial of 된장; the amount differs.
      ['fact', '된장은 두 큰술을 넣는다', '된장은 한 큰술만 넣으며, 두부는 넣지 않습니다.', 'contradicts'],
      ['fact', '된장은 두 큰술을 넣는다', '된장 2큰술을 풀어 넣는다.', 'meets'],
    ]);
  });
});

describe("an instruction's verb and object denied", () => {
  it('contradicts the step whatever else the check qualifies them with (EN, KO)', () => {
    table([
      [
        'step',
        'Rinse the rice until the water runs clear',
        'Do not rinse the rice, so the starch stays.',
        'contradicts',
      ],
      [
        'step',
        'Stretch each ball into a disc by hand',
        'Never stretch the ball; roll it out with a pin.',
        'contradicts',
      ],
      ['step', '쌀을 물이 맑아질 때까지 씻는다', '쌀은 씻지 않고 바로 넣습니다.', 'contradicts'],
    ]);
    // The qualifier denied is not the instruction denied; nor is another verb's or another object's.
    expectNoContradiction('step', [
      ['Rinse the rice until the water runs clear', 'Rinse the rice twice. Do not soak it.'],
      ['Rinse the rice until the water runs clear', 'Rinse the rice, though not until the water is clear.'],
    ]);
    expectNoContradiction('step', [['쌀을 물이 맑아질 때까지 씻는다', '쌀을 씻고, 콩은 씻지 않습니다.']]);
    table([['step', 'Rinse the rice until the water runs clear', 'Do not rinse the rice at all.', 'contradicts']]);
  });

  it('leaves a denial of the manner (with hot water) or of the excess (too long, 너무 오래) alone (EN, KO)', () => {
    expectNoContradiction('step', [
      ['Knead the dough until smooth', 'Do not knead the dough too long, or it gets tough.'],
      ['Rinse the rice until the water runs clear', 'Never rinse the rice with hot water; use cold water.'],
      ['Stretch each ball into a disc by hand', 'Do not stretch the ball with a rolling pin; use your hands.'],
      ['Salt the cabbage for several hours', 'Do not salt the cabbage for too long.'],
      ['배추를 소금에 절인다', '배추를 너무 오래 절이지 않도록 합니다.'],
    ]);
  });
});

describe('no need to do it', () => {
  it('denies the doing (필요가 없다), but not when it says "not necessarily" (꼭, 반드시) (KO)', () => {
    table([
      ['step', '고기를 양념에 재워 둔다', '고기는 미리 재워 둘 필요가 없습니다.', 'contradicts'],
      ['fact', '김치에는 젓갈을 넣는다', '젓갈은 넣을 필요가 없습니다.', 'contradicts'],
      // The verb that 필요 is of stands between: 넣을 필요가 없다 denies the 젓갈.
      ['member', '젓갈', '김치에 젓갈은 넣을 필요가 없습니다.', 'contradicts'],
    ]);
    expectNoContradiction('fact', [['김치에는 젓갈을 넣는다', '젓갈을 꼭 넣을 필요는 없지만 보통 넣습니다.']]);
  });
});

describe('a denied use reaches back to its own noun phrase', () => {
  it('stops at a Korean verb: what is not used is the machine, not the moving (KO)', () => {
    const answer = '무거운 돌은 사람의 힘으로 옮겼으며 거중기 같은 기계는 쓰지 않았습니다.';
    expectNoContradiction('step', [['1789년 묘를 수원으로 옮긴다', answer]]);
    table([['member', '거중기', answer, 'contradicts']]);
  });
});

describe("a negation on the other side of the check's bound affirms it", () => {
  it('reads "under 18 cannot" for "only 18 or over can" as the same rule (EN, KO)', () => {
    table([
      ['fact', 'Only members aged 18 or over can vote', 'Members under 18 cannot vote.', 'meets'],
      ['fact', 'Only members aged 18 or over can vote', 'Members over 18 cannot vote.', 'contradicts'],
      [
        'fact',
        'Black belts are given only from age 15',
        'Children under 15 get a poom belt instead of a black belt.',
        'meets',
      ],
      ['fact', '검은 띠는 만 15세 이상만 받을 수 있다', '만 15세 미만은 검은 띠 대신 품띠를 받는다.', 'meets'],
      ['fact', 'Trains run only above 200 km/h on this line', 'Below 200 km/h no train runs on this line.', 'meets'],
    ]);
  });
});

describe('a negation said of some cases only', () => {
  it('leaves the rule standing: some schools, 몇몇 도장, 어떤 집에서는, 넣지 않는 집도 있다 (EN, KO)', () => {
    expectNoContradiction('step', [
      ['격파 시험을 본다', '몇몇 도장은 격파 시험을 보지 않는다.'],
      ['배추를 소금물에 절인다', '어떤 집에서는 배추를 소금물에 절이지 않고 마른 소금을 뿌린다.'],
      ['Schools hold a breaking test', 'Some schools do not hold a breaking test.'],
      ['젓갈을 넣는다', '젓갈을 넣지 않고 소금으로만 간하는 집도 있다.'],
    ]);
    table([
      ['step', '격파 시험을 본다', '격파 시험은 보지 않는다.', 'contradicts'],
      ['fact', '젓갈을 넣는다', '젓갈을 넣지 않는다.', 'contradicts'],
    ]);
  });
});

describe('a negation of a top rank the check does not claim', () => {
  it('denies the rank, not the quality (EN, KO)', () => {
    table([
      ['fact', '검은 띠는 높은 단계이다', '검은 띠는 가장 높은 단계가 아니라 새로운 시작을 뜻한다.', 'meets'],
      ['fact', 'It is a tall building', 'It is not the tallest building in the city.', 'partially_meets'],
      ['fact', '검은 띠는 높은 단계이다', '검은 띠는 높은 단계가 아니다.', 'contradicts'],
      ['fact', 'It is the tallest building', 'It is not the tallest building.', 'contradicts'],
    ]);
  });
});

describe('a list member replaced as the place of an activity', () => {
  it('is still a member: 근정전 대신 사정전에서 일했다, "worked in X instead of Y" (EN, KO)', () => {
    const q = '경복궁의 주요 건물은 무엇인가요?';
    table(
      [
        ['member', '근정전', '근정전 대신 사정전에서 평소 업무를 보았다.', 'meets'],
        ['member', '근정전', '왕은 근정전이 아니라 사정전에서 일했다.', 'meets'],
        ['member', 'Geunjeongjeon', 'The king worked in Sajeongjeon instead of Geunjeongjeon.', 'meets'],
        ['member', '배추', '배추 대신 무를 쓴다.', 'contradicts'],
        ['member', '배추', '배추 대신 무에 양념을 바른다.', 'contradicts'],
        ['member', 'basil', 'It is topped with oregano instead of basil.', 'contradicts'],
        // The word said before what is put aside is stated.
        [
          'member',
          'Jacobs bogies',
          'Neighbouring coaches ride on a shared Jacobs bogie rather than two bogies each.',
          'meets',
        ],
        ['step', 'Bake it in a home oven', 'Bake it in a wood-fired oven instead of a home oven.', 'contradicts'],
      ],
      q,
    );
  });
});

describe('an old name given up in a change', () => {
  it('is no denial of a check that tells the change, or of an old name the answer also gives (KO, EN)', () => {
    table([
      [
        'fact',
        "2011년에 공식 명칭이 '안압지'에서 '동궁과 월지'로 바뀌었다",
        "2011년 '안압지'가 아니라 '동궁과 월지'가 공식 명칭이 되었습니다.",
        'meets',
      ],
      [
        'member',
        '안압지(조선 시대에 붙은 이름)',
        "조선 시대에는 '안압지'라고 불렀습니다. 2011년 '안압지' 대신 '동궁과 월지'라는 이름으로 바뀌었습니다.",
        'meets',
      ],
      ['member', '배추', '배추 대신 무를 쓴다.', 'contradicts'],
    ]);
  });
});

describe('a clause closed by -인데', () => {
  it('keeps what it states apart from the denial after it (KO)', () => {
    const gates = '사방의 대문은 북쪽 장안문, 남쪽 팔달문, 동쪽 창룡문, 서쪽 화서문';
    table(
      [
        ['member', '팔달문(남문)', `${gates}인데, 정문은 남문이 아니라 한양을 바라보는 장안문이다.`, 'meets'],
        ['member', '팔달문(남문)', '정문은 팔달문이 아니라 장안문이고, 남문이 아니라 북문이다.', 'contradicts'],
      ],
      '수원 화성의 4대문은?',
    );
  });
});

describe('아니다 denies its complement', () => {
  it('spares the topic when the complement names something else, denies it when it names the subject', () => {
    const q = '태권도는 어떤 종목으로 이루어져 있나?';
    table(
      [
        ['member', '격파', '격파는 올림픽 종목이 아니다.', 'meets'],
        ['member', '격파', '격파는 올림픽 종목은 아니지만 시범에서 자주 보인다.', 'meets'],
        ['member', '격파', '격파는 태권도의 종목이 아니다.', 'contradicts'],
        ['member', '올리브유', '올리브유는 주재료가 아니다.', 'meets'],
        ['member', '젓갈', '젓갈은 들어가는 재료가 아니다.', 'contradicts'],
        ['member', '배추', '주재료는 배추가 아니라 무이다.', 'contradicts'],
        ['fact', '근정전은 정전이다', '근정전은 왕의 침전이 아니다.', 'meets'],
        ['fact', '근정전은 정전이다', '근정전은 정전이 아니다.', 'contradicts'],
      ],
      q,
    );
  });
});

describe('negations that affirm or deny something else', () => {
  it('reads "no … taller than", "not … unless", 예외 없이 and 없이 … 않 as affirmations (EN, KO)', () => {
    table([
      [
        'fact',
        'The tower was the tallest structure in the world until 1930',
        'Until 1930, no structure in the world was taller than the tower.',
        'meets',
      ],
      [
        'fact',
        'The trap closes when two hairs are touched',
        'The trap does not close unless two hairs are touched.',
        'meets',
      ],
      ['fact', '태권도는 발차기를 중시한다', '태권도는 예외 없이 발차기를 중시합니다.', 'meets'],
      ['fact', '김치는 소금으로 절인다', '김치는 소금 없이 절이지 않습니다.', 'meets'],
    ]);
  });

  it('keeps 없이 and 없다 denying the word right before them (KO)', () => {
    table([
      ['member', '젓갈', '젓갈 없이 만듭니다.', 'contradicts'],
      ['member', '젓갈', '젓갈은 전혀 없습니다.', 'contradicts'],
    ]);
  });

  it('does not contradict a supposition, or a check that sets the replaced thing aside itself (EN, KO)', () => {
    table([
      ['member', '배추', '배추 대신 무를 쓰면 깍두기가 됩니다.', 'meets'],
      ['member', 'basil', 'If you have no basil, use oregano.', 'meets'],
      ['fact', 'Taekwondo emphasises kicks over punches', 'Taekwondo emphasises kicks instead of punches.', 'meets'],
      ['member', 'basil', 'It uses oregano instead of basil.', 'contradicts'],
      ['member', '젓갈', '보통 젓갈 대신 설탕을 넣어 단맛을 냅니다.', 'contradicts'],
    ]);
  });

  it('spares the claim when the negation denies its opposite or only that every case is so (EN, KO)', () => {
    table([
      [
        'insight',
        'Van Gogh considered it a failure',
        'Van Gogh did not consider it a success; he called it a failure in a letter.',
        'meets',
      ],
      ['insight', 'Van Gogh considered it a failure', 'Van Gogh did not consider it a failure.', 'contradicts'],
      [
        'fact',
        '근정전에서 즉위식을 했다',
        '모든 왕이 근정전에서 즉위식을 한 것은 아니지만, 여러 왕이 이곳에서 즉위했습니다.',
        'meets',
      ],
      ['fact', '근정전에서 즉위식을 했다', '왕들은 근정전에서 즉위식을 하지 않았습니다.', 'contradicts'],
    ]);
  });

  it('reads a Korean word said again after the negation as stated (KO)', () => {
    table([
      ['fact', '백성을 위해 만들었다', '백성이 글을 쓰지 못하는 것을 안타깝게 여겨 백성을 위해 만들었습니다.', 'meets'],
      ['fact', '백성을 위해 만들었다', '백성을 위해 만들지 않았습니다.', 'contradicts'],
    ]);
  });
});

describe('nothing more so than it: a superlative said by a denied existence', () => {
  it('reads 보다 … 없다 as the superlative, and a denied verb after 보다 as a denial (KO)', () => {
    table([
      [
        'fact',
        '명정전은 조선 궁궐의 정전 가운데 가장 오래된 건물이다',
        '조선 궁궐의 정전 가운데 명정전보다 오래된 건물은 없다.',
        'meets',
      ],
      ['fact', '김치는 배추로 만든다', '김치는 무보다 배추로 만들지 않는다.', 'contradicts'],
    ]);
  });
});
