import { describe, expect, it } from 'vitest';
import { Check } from '../../schema/compiled-rubric.js';
import { analyzeText } from '../../text/analyze-text.js';
import { affirmingCue } from './affirming-negation.js';
import { judgeOffline } from './judge-offline.js';
import { expectVerdicts as table } from './offline-table.test-helpers.js';

// Rules that keep the offline judge from calling an answer that meets a check a contradiction.

describe('negation cues that affirm', () => {
  it('reads a negated leaving-out, a double negation and "not … until" as affirming (EN)', () => {
    table([
      ['member', 'smoked paprika', 'Never skip the smoked paprika: it carries the dish.', 'meets'],
      ['member', 'smoked paprika', "Don't forget the smoked paprika at the end.", 'meets'],
      ['member', 'smoked paprika', 'You cannot make a real goulash without smoked paprika.', 'meets'],
      ['member', 'smoked paprika', 'There is no doubt smoked paprika is what gives the colour.', 'meets'],
      ['fact', 'States that the bridge opened in 1937', 'The bridge did not open until 1937.', 'meets'],
    ]);
  });

  it('still reads a plain negation and a plain "without" as negating (EN)', () => {
    table([
      ['member', 'smoked paprika', 'This goulash has no smoked paprika.', 'contradicts'],
      ['member', 'smoked paprika', 'It is made without smoked paprika.', 'contradicts'],
      ['member', 'smoked paprika', 'The stew has no onions and is cooked without smoked paprika.', 'contradicts'],
      ['fact', 'States that the bridge opened in 1937', 'The bridge did not open in 1937.', 'contradicts'],
    ]);
  });

  it('reads 빼놓을 수 없는, 없어서는 안 될, 잊지 않는다 and 틀림없이 as affirming (KO)', () => {
    table([
      ['member', '들기름', '이 나물에 빼놓을 수 없는 재료는 들기름입니다.', 'meets'],
      ['member', '들기름', '들기름은 이 나물에 없어서는 안 될 재료입니다.', 'meets'],
      ['member', '들기름', '마지막에 들기름을 넣는 것을 잊지 않습니다.', 'meets'],
      ['member', '들기름', '들기름을 넣지 않으면 안 됩니다.', 'meets'],
      ['member', '들기름', '틀림없이 들기름이 들어갑니다.', 'meets'],
    ]);
  });

  it('still reads 넣지 않는다 and 없이 as negating (KO)', () => {
    table([
      ['member', '들기름', '이 나물에는 들기름을 넣지 않습니다.', 'contradicts'],
      ['member', '들기름', '들기름 없이 무칩니다.', 'contradicts'],
    ]);
  });

  it('reads "not everyone", "none … without", 뿐만 아니라 and 수밖에 없다 as affirming (EN, KO)', () => {
    table([
      ['member', 'smoked paprika', 'Not everyone likes smoked paprika, but it is the classic spice.', 'meets'],
      ['member', 'smoked paprika', 'None of it works without smoked paprika.', 'meets'],
      ['member', '들기름', '참기름 뿐만 아니라 들기름도 넣습니다.', 'meets'],
      ['member', '들기름', '들기름을 넣을 수밖에 없습니다.', 'meets'],
    ]);
  });

  it('stops a negation at another verb: "did not cut the cabbage" still salts the cabbage (EN, KO)', () => {
    table([
      ['step', 'Salt the whole cabbage', 'Do not cut the cabbage; salt it whole.', 'meets'],
      ['step', 'Salt the whole cabbage', 'Salt it without cutting the cabbage.', 'partially_meets'],
      ['step', '배추를 소금에 절인다', '배추를 자르지 않고 통째로 소금에 절입니다.', 'meets'],
      ['member', '들기름', '참기름을 넣지 않고 들기름을 넣습니다.', 'meets'],
      ['member', '김치', '맵지 않은 김치입니다.', 'meets'],
      // A verb of using passes the negation on to what it uses.
      ['member', 'smoked paprika', 'It does not use smoked paprika.', 'contradicts'],
      ['member', '들기름', '들기름은 넣지 않고 참기름을 넣습니다.', 'contradicts'],
    ]);
  });

  it('names the affirming cue by position', () => {
    const a = analyzeText('Never skip it. Never add it.');
    expect(affirmingCue(a, 0)).toBe(true);
    expect(affirmingCue(a, 3)).toBe(false);
  });
});

describe('an identification the answer states whole', () => {
  it('meets when what the answer says it is ends in the check’s name (EN, KO)', () => {
    table([
      [
        'fact',
        'Identifies the bridge as the Golden Gate Bridge',
        'This is the famous red suspension bridge in San Francisco, the Golden Gate Bridge.',
        'meets',
      ],
      ['fact', '건물을 남대문으로 식별한다', '이것은 서울의 대표적인 성문인 남대문입니다.', 'meets'],
    ]);
  });

  it('still contradicts when the check’s name comes only in a comparison', () => {
    table([
      [
        'fact',
        'Identifies the bridge as Tower Bridge, a bascule bridge finished in 1894',
        'This is London Bridge, which is often confused with Tower Bridge.',
        'contradicts',
      ],
    ]);
  });
});

describe('an identification by a description of the same thing', () => {
  it('leaves "the famous tower" for "the Eiffel Tower" to the key terms, and still contradicts another name (EN)', () => {
    table([
      [
        'fact',
        'Identifies the building as the Chrysler Building, an Art Deco skyscraper',
        'This is a famous building in New York.',
        'missing',
      ],
      [
        'fact',
        'Identifies the building as the Chrysler Building, an Art Deco skyscraper',
        'This is the Empire State Building in New York.',
        'contradicts',
      ],
    ]);
  });
});

describe('a more precise date inside the check’s date states it', () => {
  it('meets a year with a month of that year, and not a month with its year only (EN, KO)', () => {
    table([
      [
        'fact',
        'States that the bridge opened in 1937',
        'Opened in May 1937, it was the longest span of its day.',
        'meets',
      ],
      ['fact', '다리가 1937년에 개통되었다고 말한다', '다리는 1937년 5월에 개통되었습니다.', 'meets'],
      ['fact', 'States that the bridge opened in May 1937', 'The bridge opened in 1937.', 'partially_meets'],
    ]);
  });
});

describe('what a check rules out, put aside by "instead of using"', () => {
  it('does not contradict a check without a tool when the answer uses something instead of it (EN)', () => {
    table([
      [
        'step',
        'Mix the batter by hand, without an electric mixer',
        'Mix it with a spoon instead of using an electric mixer.',
        'partially_meets',
      ],
      ['step', 'Mix the batter by hand, without an electric mixer', 'Mix it with an electric mixer.', 'contradicts'],
    ]);
  });
});

describe('a value that belongs to another predicate of the sentence', () => {
  it('is no conflict even in a sentence about the check’s subject (EN, KO)', () => {
    table([
      [
        'step',
        'She moves to the village in April 1921',
        'She published the novel in July 1921 in the village, to which she had moved that spring.',
        'partially_meets',
      ],
      ['step', 'She moves to the village in April 1921', 'She moved to the village in July 1921.', 'contradicts'],
      [
        'fact',
        '그녀가 1921년에 마을로 이사했다고 말한다',
        '그녀는 1923년에 소설을 출간했고, 그 전에 마을로 이사했다.',
        'partially_meets',
      ],
    ]);
  });
});

describe('sequences: equally good places for a step', () => {
  const seq = (order: string[]) =>
    Check.parse({
      id: 'I1.x',
      tier: 'answer_critical',
      text: 'steps',
      item: 'I1',
      secondary: false,
      snippets: [],
      kind: 'full_sequence',
      order,
    });

  it('keeps the order when a step’s words also occur, as well, in an earlier sentence (EN)', () => {
    const order = ['Heat the pan', 'Pour in the batter', 'The batter bubbles at the edges', 'Flip the pancake'];
    const answer =
      'Pancake batter bubbles quickly on a hot surface. Heat the pan, pour in the batter, wait until it bubbles at the edges, then flip the pancake.';
    expect(judgeOffline({ answer, check: seq(order) }).verdict).toBe('meets');
  });

  it('places a step at the value it states, and not at the subject’s own name (EN)', () => {
    const dated = [
      'She moves to the village in April 1921',
      'She writes the novel in July 1921',
      'The novel is published in 1923',
    ];
    const answer =
      'The novel made her name. In April 1921 she moved to the village; she wrote it there in July 1921, and it came out, published by a small press, in 1923.';
    expect(judgeOffline({ answer, check: seq(dated) }).verdict).toBe('meets');
    const order = ['Heat the iron', 'The iron steams the shirt', 'Hang the shirt'];
    const named = 'A steam iron is a household tool. Heat it, press it over the shirt, then hang the shirt.';
    expect(judgeOffline({ answer: named, check: seq(order) }).verdict).toBe('contradicts');
    expect(judgeOffline({ answer: named, check: seq(order), subject: 'Steam iron' }).verdict).toBe('partially_meets');
  });

  it('reads "B after A" and 굽기 전에 as telling the steps backwards, not as an inversion (EN, KO)', () => {
    const order = ['Heat the pan', 'Pour in the batter', 'Flip the pancake'];
    expect(
      judgeOffline({
        answer: 'Heat the pan. Pour in the batter, and flip the pancake after the batter sets.',
        check: seq(order),
      }).verdict,
    ).toBe('meets');
    expect(
      judgeOffline({ answer: 'Heat the pan. Flip the pancake after you pour in the batter.', check: seq(order) })
        .verdict,
    ).toBe('meets');
    const ko = ['팬을 달군다', '반죽을 붓는다', '전을 뒤집는다'];
    expect(
      judgeOffline({ answer: '팬을 달굽니다. 전을 뒤집기 전에 반죽을 붓고 기다립니다.', check: seq(ko) }).verdict,
    ).toBe('meets');
  });

  it('still finds a step out of order when no sentence keeps it in place (EN, KO)', () => {
    const order = ['Heat the pan', 'Pour in the batter', 'Flip the pancake'];
    const answer = 'Flip the pancake when done. First heat the pan, then pour in the batter.';
    expect(judgeOffline({ answer, check: seq(order) }).verdict).toBe('contradicts');
    const ko = ['팬을 달군다', '반죽을 붓는다', '전을 뒤집는다'];
    expect(
      judgeOffline({ answer: '전을 뒤집어 익힙니다. 먼저 팬을 달구고 반죽을 붓습니다.', check: seq(ko) }).verdict,
    ).toBe('contradicts');
  });
});
