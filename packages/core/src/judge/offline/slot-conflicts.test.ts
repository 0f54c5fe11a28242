import { describe, expect, it } from 'vitest';
import { judgeOffline } from './judge-offline.js';
import { plainCheck, expectVerdicts as table } from './offline-table.test-helpers.js';

// Contradictions in words: the answer fills a slot of the check's claim with something else and
// never states what the check says there.

describe('quality: an antonym of the check’s word, said of the same thing', () => {
  it('contradicts when the answer says only the opposite (EN, KO)', () => {
    table([
      [
        'fact',
        'States that the loaf is heavy and dense',
        'The loaf is light as air, lighter than most breads of its size.',
        'missing',
      ],
      ['fact', 'States that the loaf is heavy and dense', 'The loaf is surprisingly lightweight.', 'contradicts'],
      [
        'insight',
        'Although the first launch was a failure, the rocket became a workhorse',
        'The first launch was a great success.',
        'contradicts',
      ],
      ['fact', '이 떡은 쫄깃하고 부드럽다고 말한다', '이 떡은 딱딱하고 질깁니다.', 'contradicts'],
      ['aspect', '호밀빵은 더 무겁다', '호밀빵은 가볍고 구수합니다.', 'contradicts'],
      ['step', 'The red fruits ripen in early summer', 'The red fruits ripen in late summer.', 'contradicts'],
    ]);
  });

  it('does not contradict when the answer also says the check’s side, compares, negates, or speaks of something else', () => {
    table([
      ['step', 'The red fruits ripen in early summer', 'By late June the red fruits split open.', 'partially_meets'],
      [
        'fact',
        'States that the loaf is heavy and dense',
        'The crust is light, but the loaf itself is heavy.',
        'partially_meets',
      ],
      [
        'aspect',
        'Rye bread is denser and heavier than wheat bread',
        'Compared with rye bread, wheat bread is lighter.',
        'partially_meets',
      ],
      ['fact', 'States that the loaf is heavy', 'The loaf is not lightweight.', 'partially_meets'],
      [
        'aspect',
        'The viceroy is smaller and has a black line',
        'The monarch is a large orange and black butterfly.',
        'missing',
      ],
      ['fact', '이 떡은 부드럽다고 말한다', '떡보다 과자가 딱딱합니다. 이 떡은 쫄깃합니다.', 'partially_meets'],
    ]);
  });
});

describe('place: where the subject is kept or located', () => {
  it('contradicts another place said of the subject (EN, KO)', () => {
    table([
      [
        'fact',
        'States that the manuscript is kept at the British Library in London',
        'It is kept at the Bodleian Library in Oxford.',
        'contradicts',
      ],
      [
        'fact',
        '훈민정음 해례본은 간송미술관에 소장되어 있다',
        '훈민정음 해례본은 국립중앙박물관에 소장되어 있습니다.',
        'contradicts',
      ],
    ]);
  });

  it('does not contradict when the answer names the check’s place too, or speaks of other things', () => {
    table([
      [
        'fact',
        'States that the manuscript is kept at the British Library in London',
        'Other copies are kept at the Bodleian Library in Oxford.',
        'partially_meets',
      ],
      [
        'fact',
        'States that the manuscript is kept at the British Library in London',
        'It is kept at the British Library; a copy is kept at the Bodleian Library.',
        'partially_meets',
      ],
      [
        'fact',
        '훈민정음 해례본은 간송미술관에 소장되어 있다',
        '해례본은 간송미술관에 소장되어 있고, 복제본은 국립중앙박물관에 전시되어 있습니다.',
        'meets',
      ],
    ]);
  });

  it('does not contradict a place the check names itself at another level: 광주 for 광주시 남한산 (KO)', () => {
    const check = '남한산성은 경기도 광주시 남한산에 있는 조선의 산성이다';
    table([
      ['fact', check, '남한산성은 경기도 광주에 있는 조선 시대의 산성입니다.', 'meets'],
      ['fact', check, '남한산성은 광주시에 있는 조선 시대의 산성입니다.', 'meets'],
      ['fact', check, '남한산성은 서울에 있는 조선 시대의 산성입니다.', 'contradicts'],
    ]);
  });
});

describe('material: what the subject is made of', () => {
  it('contradicts another material (EN, KO)', () => {
    table([
      ['fact', 'States that the statue is made of copper', 'The statue is made of bronze.', 'contradicts'],
      ['fact', '돌하르방이 현무암으로 만들어졌다고 말한다', '돌하르방은 화강암으로 만들어졌습니다.', 'contradicts'],
    ]);
  });

  it('does not contradict a fuller description, or the material of a part', () => {
    table([
      [
        'fact',
        'States that the statue is made of copper',
        'The statue is made of copper sheets over an iron frame.',
        'meets',
      ],
      ['fact', 'States that the statue is made of copper', 'Its base is made of granite.', 'missing'],
      [
        'fact',
        '돌하르방이 현무암으로 만들어졌다고 말한다',
        '돌하르방은 현무암으로 만든 석상입니다. 받침은 시멘트로 만들었습니다.',
        'partially_meets',
      ],
    ]);
  });
});

describe('kind: an ordinary thing where the check names a special one', () => {
  it('contradicts "a regular pot" for "a clay pot" (EN, KO)', () => {
    table([
      ['step', 'Cook the rice in a clay pot', 'Cook the rice in a regular pot.', 'contradicts'],
      ['step', '밥은 무쇠 솥에 짓는다', '밥은 일반 솥에 짓습니다.', 'contradicts'],
    ]);
  });

  it('does not contradict when the answer names the special one too', () => {
    table([
      [
        'step',
        'Cook the rice in a clay pot',
        'A regular pot works, though a clay pot is best: cook the rice in it.',
        'meets',
      ],
    ]);
  });
});

describe('kind: 보통 alone is "usually", not an ordinary thing', () => {
  it('contradicts 보통의 오븐 but not 보통 판자를 격파한다 (KO)', () => {
    table([
      ['step', '나무 판자를 격파한다', '보통 판자를 손이나 발로 격파합니다.', 'partially_meets'],
      ['step', '장작 오븐에 굽는다', '보통의 오븐에 굽습니다.', 'contradicts'],
    ]);
  });
});

describe('agent: a name before the verb of the check’s deed', () => {
  it('contradicts when another name does the deed, in any form of its verb (EN)', () => {
    table([
      [
        'fact',
        'States that the lighthouse was designed by Robert Stevenson',
        'Thomas Telford designed the lighthouse.',
        'contradicts',
      ],
      [
        'fact',
        'States that the lighthouse was designed by Robert Stevenson',
        'The lighthouse was the work of the engineer Thomas Telford, who designed it in 1810.',
        'contradicts',
      ],
      [
        'fact',
        'States that the novel was written by Charlotte Bronte',
        'Jane Austen wrote the novel in 1847.',
        'contradicts',
      ],
    ]);
  });

  it('does not contradict when the check’s maker is named too, or the name is the subject’s or another deed’s (EN)', () => {
    table([
      [
        'fact',
        'States that the lighthouse was designed by Robert Stevenson',
        'Thomas Telford designed many bridges, but Robert Stevenson designed this lighthouse.',
        'meets',
      ],
      [
        'fact',
        'States that the lighthouse was designed by Robert Stevenson',
        'Thomas Telford visited the lighthouse.',
        'missing',
      ],
      ['fact', 'States that the novel was written by Charlotte Bronte', 'Construction wrote nothing.', 'missing'],
      [
        'fact',
        'States that the novel was written by Charlotte Bronte',
        'The Novel Society wrote a review of it.',
        'partially_meets',
      ],
    ]);
  });
});

describe('agent: who did it', () => {
  it('contradicts another maker of the same deed, when the check’s maker is named nowhere (EN)', () => {
    table([
      [
        'fact',
        'States that the bridge was designed by Joseph Strauss',
        'The bridge was designed by Leon Moisseiff.',
        'contradicts',
      ],
      [
        'fact',
        'States that the bridge was designed by Joseph Strauss',
        'It was designed by Joseph Strauss; the towers were designed by Irving Morrow.',
        'meets',
      ],
      [
        'fact',
        'States that the bridge was designed by Joseph Strauss',
        'The bridge was painted by Irving Morrow.',
        'missing',
      ],
    ]);
  });

  it('takes a maker the check names in its agent phrase as no other maker, not one of another clause (EN)', () => {
    table([
      [
        'fact',
        "Says it was designed by Nintendo's R&D1 team led by Gunpei Yokoi",
        'It was designed by Gunpei Yokoi and his team at Nintendo.',
        'partially_meets',
      ],
      [
        'fact',
        "Says it was designed by Nintendo's R&D1 team led by Gunpei Yokoi",
        'It was designed by Satoru Okada.',
        'contradicts',
      ],
      [
        'fact',
        'Says the rover was built by Boeing, with General Motors supplying the wheels',
        'It was built by General Motors.',
        'contradicts',
      ],
    ]);
  });

  it('reads the subject of a Korean passive verb as what was done, not who did it (KO)', () => {
    table([
      ['fact', '정약용이 설계했다', '채제공이 설계했습니다.', 'contradicts'],
      [
        'fact',
        '각저총 벽화에 씨름하는 모습이 그려져 있다',
        '각저총 벽화에 씨름하는 두 사람이 그려져 있습니다.',
        'meets',
      ],
    ]);
  });
});

describe('what a check rules out, named as a contrast', () => {
  it('does not contradict when the answer does what the check says as well (EN, KO)', () => {
    table([
      [
        'step',
        'Knead the dough by hand, without a mixer',
        'Some bakers use a mixer, but knead the dough by hand.',
        'meets',
      ],
      ['step', 'Knead the dough by hand, without a mixer', 'Put it in a mixer for ten minutes.', 'contradicts'],
      ['step', '반죽은 기계 없이 손으로 치댄다', '기계를 쓰는 집도 있지만 반죽은 손으로 치댑니다.', 'meets'],
    ]);
  });
});

describe('place: a Korean verb that describes the subject after it', () => {
  it('reads 서울 중구에 있는 창덕궁 as a claim about 창덕궁 (KO)', () => {
    const question = '창덕궁은 어디에 있나요?';
    for (const [answer, verdict] of [
      ['이것은 서울 중구에 있는 창덕궁입니다.', 'contradicts'],
      ['이것은 서울 종로구에 있는 창덕궁입니다.', 'meets'],
    ] as const) {
      const r = judgeOffline({ answer, check: plainCheck('fact', '서울 종로구에 있다'), question });
      expect(r.verdict, `${answer}: ${r.rationale}`).toBe(verdict);
    }
  });
});

describe('a slot in an English clause of its own', () => {
  it('reads ", and it was designed by" as about the subject when the sentence opens with it (EN)', () => {
    const question = 'What is it?';
    for (const [check, answer, verdict] of [
      [
        'It was designed by Maurice Koechlin',
        'It was built for the 1900 Paris Exposition, and it was designed by Gustave Eiffel himself.',
        'contradicts',
      ],
      ['It is made of copper', 'It was shipped from France, and it is made of bronze.', 'contradicts'],
      ['It is made of copper', 'The pedestal was built in New York, and it is made of granite.', 'partially_meets'],
    ] as const) {
      const r = judgeOffline({ answer, check: plainCheck('fact', check), question });
      expect(r.verdict, `"${check}" against "${answer}": ${r.rationale}`).toBe(verdict);
    }
  });
});

describe('a filler or a maker named only elsewhere does not state the claim', () => {
  it("contradicts another material or maker when the check's is named only in another sentence (EN)", () => {
    table([
      [
        'fact',
        'It is made of copper',
        'The copper skin was cast in one piece in a foundry. It is made of bronze.',
        'contradicts',
      ],
      [
        'fact',
        'Its inner frame was designed by Gustave Eiffel',
        'Gustave Eiffel was famous for his bridges in France. The inner frame was designed by Maurice Koechlin.',
        'contradicts',
      ],
      [
        'fact',
        'It was designed by Joseph Strauss',
        'Joseph Strauss was the chief engineer; it was designed by Leon Moisseiff and Charles Ellis.',
        'contradicts',
      ],
    ]);
  });

  it('keeps the claim when the filler or maker is said with it (EN)', () => {
    table([
      ['fact', 'It is made of copper', 'It is made of copper sheets; its frame is made of iron.', 'meets'],
      [
        'fact',
        'It was designed by Joseph Strauss',
        'Designed by Joseph Strauss, it took four years; the towers were designed by Irving Morrow.',
        'meets',
      ],
    ]);
  });
});

describe('places nest and materials have general names', () => {
  it('does not contradict a wider place or a general material (EN, KO)', () => {
    table([
      ['fact', 'States that the observatory is located in Arequipa', 'It is located in Peru.', 'missing'],
      ['fact', '천문대는 보현산에 위치한다고 말한다', '천문대는 경상북도에 위치합니다.', 'partially_meets'],
      ['fact', 'States that the statue is made of copper', 'The statue is made of metal.', 'partially_meets'],
      ['fact', '돌하르방이 현무암으로 만들어졌다고 말한다', '돌하르방은 돌로 만들어졌습니다.', 'missing'],
    ]);
  });

  it("reads a kind of the check's general material as stating it, and another class as another material (EN, KO)", () => {
    table([
      ['fact', 'The palace was rebuilt in stone', 'The palace was rebuilt in granite.', 'meets'],
      ['fact', 'It is made of stone', 'It is made of granite.', 'meets'],
      ['fact', 'It is made of metal', 'It is made of wrought iron.', 'meets'],
      ['fact', '돌로 지었다', '화강암으로 지었다.', 'meets'],
      ['fact', 'The palace was rebuilt in stone', 'The palace was rebuilt in wood.', 'contradicts'],
      ['fact', 'It is made of metal', 'It is made of wood.', 'contradicts'],
      ['fact', 'It is made of wrought iron', 'It is made of steel.', 'contradicts'],
      ['fact', '화강암으로 쌓았다', '대리석으로 쌓았다.', 'contradicts'],
    ]);
  });
});

describe('a one-word maker opening the sentence', () => {
  it('is a name when the deed is done to the subject, and no name otherwise', () => {
    table(
      [
        [
          'fact',
          'The Mona Lisa was painted by Leonardo da Vinci',
          'Michelangelo painted the Mona Lisa.',
          'contradicts',
        ],
        ['fact', 'The Mona Lisa was painted by Leonardo da Vinci', 'Leonardo painted the Mona Lisa.', 'missing'],
        // A plural common noun, and a deed done to another thing, name no maker of the subject.
        ['fact', 'The Mona Lisa was painted by Leonardo da Vinci', 'Copyists painted the Mona Lisa often.', 'missing'],
        [
          'fact',
          'The Mona Lisa was painted by Leonardo da Vinci',
          'Raphael painted a portrait after seeing it.',
          'missing',
        ],
      ],
      'Who painted the Mona Lisa?',
    );
  });
});

describe('quality: open and closed', () => {
  it('reads closed as the opposite of open, and spares an opening event', () => {
    table(
      [
        ['fact', 'The museum is open on Mondays', 'The museum is closed on Mondays.', 'contradicts'],
        ['fact', 'The museum is open on Mondays', 'The museum is open on Mondays and closed on Tuesdays.', 'meets'],
        ['fact', 'The museum opened in 1990', 'The museum opened in 1990 and closed in 2001.', 'meets'],
      ],
      "What are the museum's hours?",
    );
  });
});
