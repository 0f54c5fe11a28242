import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Check } from '../../schema/compiled-rubric.js';
import { analyzeText } from '../../text/analyze-text.js';
import { createOfflineJudge, judgeOffline } from './judge-offline.js';

type CheckFields = { kind: string; content?: string; options?: string[]; min?: number; order?: string[] };
const check = (f: CheckFields): Check =>
  Check.parse({
    id: 'I1.x',
    tier: 'answer_critical',
    text: f.content ?? 'check',
    item: 'I1',
    secondary: false,
    snippets: [],
    ...f,
  });
const fact = (content: string) => check({ kind: 'fact', content });
const verdict = (c: Check, answer: string, question?: string) => judgeOffline({ answer, check: c, question });

describe('offline judge: facts and other plain checks', () => {
  it('meets an English fact written with other inflections and names the terms found', () => {
    const r = verdict(
      fact("Designed by Gustave Eiffel's engineering company"),
      'The design came from the engineering company of Gustave Eiffel, which designs bridges.',
    );
    expect(r.verdict).toBe('meets');
    expect(r.rationale).toContain(
      'lexical baseline: found "designed", "gustave", "eiffel\'s", "engineering", "company"',
    );
    expect(r.quote).toContain('Gustave Eiffel');
  });

  it('meets a Korean fact through particles (서울에서 matches 서울)', () => {
    const r = verdict(fact('본사는 서울에 있다'), '이 회사의 본사는 서울에서 운영됩니다.');
    expect(r.verdict).toBe('meets');
    expect(r.found).toEqual(['본사', '서울']);
  });

  it('matches a Korean compound term inside a longer word', () => {
    expect(verdict(fact('공지 채널'), '고객공지는 #status 채널로 보냅니다.').verdict).toBe('meets');
  });

  it('gives missing, not a guess, for a paraphrase without shared words', () => {
    const r = verdict(fact('The dish is braised slowly in red wine'), 'It is cooked for hours in a Burgundy vintage.');
    expect(r.verdict).toBe('missing');
    expect(r.rationale).toContain('missing "dish", "braised", "slowly", "red", "wine"');
  });

  it('gives partially_meets when only part of the key terms is there', () => {
    const r = verdict(check({ kind: 'member', content: 'red wine' }), 'Beef is simmered in wine with onions.');
    expect(r.verdict).toBe('partially_meets');
    expect(r.rationale).toBe('lexical baseline: found "wine"; missing "red"');
  });

  it('weighs words of the question less: naming the subject alone is not the fact', () => {
    const c = fact('The tower was designed by Koechlin');
    expect(verdict(c, 'The tower is in Paris.', 'Who designed this tower?').verdict).toBe('missing');
    expect(verdict(c, 'Maurice Koechlin drew it.', 'Who designed this tower?').verdict).toBe('meets');
  });

  it('meets related entities and aspects by their words', () => {
    expect(
      verdict(check({ kind: 'related_entity', content: 'coq au vin' }), 'Compare it with coq au vin.').verdict,
    ).toBe('meets');
    expect(
      verdict(check({ kind: 'aspect', content: 'uses chicken instead of beef' }), 'That one uses chicken.').verdict,
    ).toBe('partially_meets');
  });
});

describe('offline judge: wording the check leaves open', () => {
  it('treats words in parentheses as elaboration: the head word meets', () => {
    const c = check({ kind: 'member', content: 'tomato (crushed tomatoes, typically San Marzano type)' });
    const r = verdict(c, 'A simple tomato sauce goes on first.');
    expect(r.verdict).toBe('meets');
    expect(r.missing).toEqual([]);
  });

  it('meets a Korean plain-form verb through its conjugations (절인다 ~ 절여, 만든다 ~ 만들어)', () => {
    expect(
      verdict(check({ kind: 'step', content: '배추를 소금에 절인다' }), '먼저 배추를 소금물에 절여 둡니다.').verdict,
    ).toBe('meets');
    expect(verdict(check({ kind: 'step', content: '양념을 만든다' }), '고춧가루로 양념을 만들어 둡니다.').verdict).toBe(
      'meets',
    );
  });

  it('weighs the entity words down in list checks: a shared word alone is not the option', () => {
    const c = check({ kind: 'option', content: 'pizza fritta' });
    const input = { check: c, question: 'What is this dish?', subject: 'Pizza margherita' };
    expect(judgeOffline({ ...input, answer: 'Pizza is popular everywhere.' }).verdict).toBe('missing');
    expect(judgeOffline({ ...input, answer: 'In Naples, pizza fritta is sold on the street.' }).verdict).toBe('meets');
  });
});

describe('offline judge: values', () => {
  it('meets a value written in another form (90분 = 1시간 30분, ₩500,000 = 50만 원)', () => {
    expect(verdict(fact('회의는 90분 동안 진행된다'), '회의는 1시간 30분 동안 진행됩니다.').verdict).toBe('meets');
    expect(verdict(fact('가입비는 50만 원이다'), '가입비는 ₩500,000입니다.').verdict).toBe('meets');
    expect(verdict(fact('Launched on March 1, 2026'), 'It launched on 2026-03-01.').verdict).toBe('meets');
    expect(verdict(fact('The plan costs $1.2k per year'), 'The plan costs $1,200 a year.').verdict).toBe('meets');
  });

  it('contradicts when the answer states a different value of the same kind and unit (45분 where the check says 30분)', () => {
    const r = verdict(fact('고객 공지는 30분 이내에 한다'), '고객 공지는 장애 발생 후 45분 이내에 합니다.');
    expect(r.verdict).toBe('contradicts');
    expect(r.rationale).toContain('states "45분" where the check says "30분"');
    expect(r.values[0]).toMatchObject({ status: 'conflict' });
  });

  it('does not count the same number with a different unit as a conflict', () => {
    const r = verdict(fact('고객 공지는 30분 이내에 한다'), '고객 공지 대상은 전체 고객의 30%입니다.');
    expect(r.verdict).toBe('partially_meets');
    expect(r.rationale).toContain('value "30분" not stated');
  });

  it('does not count a different value about another subject as a conflict', () => {
    const c = fact('The tower was completed in 1889');
    const answer = 'Work on the foundations began in 1887. The tower was completed in 1889.';
    expect(verdict(c, answer).verdict).toBe('meets');
    expect(verdict(c, 'Work on the foundations began in 1887.').verdict).toBe('missing');
    expect(verdict(c, 'The tower was completed in 1890.').verdict).toBe('contradicts');
  });

  it('meets a value inside the range the check gives', () => {
    const c = fact('Bakes in a wood-fired oven at 430-485 °C');
    expect(verdict(c, 'It bakes in a wood-fired oven at 450 °C.').verdict).toBe('meets');
    expect(verdict(c, 'It bakes in a wood-fired oven at 250 °C.').verdict).toBe('contradicts');
  });

  it('gives partially_meets for a hedged value close to the stated one', () => {
    expect(verdict(fact('The tower is 330 metres tall'), 'The tower is about 324 metres tall.').verdict).toBe(
      'partially_meets',
    );
  });
});

describe('offline judge: negation', () => {
  it('contradicts an English fact negated next to its key terms', () => {
    const r = verdict(
      fact('The tower was designed by Eiffel'),
      'The tower was not designed by Eiffel; his engineers drew it.',
    );
    expect(r.verdict).toBe('contradicts');
    expect(r.rationale).toContain('negated: "not"');
  });

  it('reads English negation to the right only: "no" after the term negates something else', () => {
    const c = check({ kind: 'member', content: 'pizza marinara' });
    expect(verdict(c, 'Pizza marinara, which has no cheese, is the oldest.').verdict).toBe('meets');
    expect(verdict(c, 'There is no pizza marinara on the menu.').verdict).toBe('contradicts');
  });

  it('does not read "not only" as a negation', () => {
    expect(
      verdict(fact('Designed by Eiffel'), 'It was not only designed by Eiffel but also built by him.').verdict,
    ).toBe('meets');
  });

  it('contradicts a negated Korean fact (운영하지 않는다)', () => {
    expect(verdict(fact('주말에도 고객센터를 운영한다'), '고객센터는 주말에는 운영하지 않습니다.').verdict).toBe(
      'contradicts',
    );
  });
});

describe('offline judge: threshold and coverage', () => {
  const options = ['beef', 'red wine', 'bacon', 'pearl onions'];
  it('meets at N options, partially_meets at N−1 and missing below', () => {
    const c = check({ kind: 'threshold', options, min: 3 });
    expect(verdict(c, 'Beef, red wine and pearl onions.').verdict).toBe('meets');
    const partial = verdict(c, 'Beef braised in red wine.');
    expect(partial.verdict).toBe('partially_meets');
    expect(partial.rationale).toBe(
      'lexical baseline: 2 of 4 options mentioned (needs 3); found "beef", "red wine"; missing "bacon", "pearl onions"',
    );
    expect(verdict(c, 'Beef only.').verdict).toBe('missing');
  });

  it('does not count an option with only half of its words, nor names outside the list', () => {
    const c = check({ kind: 'coverage', options, min: 2 });
    expect(verdict(c, 'Beef with white wine, carrots and onions.').verdict).toBe('partially_meets');
  });

  it('counts Korean options with particles attached', () => {
    const c = check({ kind: 'threshold', options: ['소고기', '레드 와인', '베이컨'], min: 2 });
    expect(verdict(c, '소고기를 레드 와인에 오래 끓입니다.').verdict).toBe('meets');
  });
});

describe('offline judge: sequences', () => {
  const order = ['peasant dish in Burgundy', 'Escoffier codifies the recipe', 'Julia Child popularises it in America'];
  const c = check({ kind: 'sequence', order });
  it('meets when all steps appear in order', () => {
    const r = verdict(
      c,
      'It began as a peasant dish in Burgundy. Escoffier codified it. Julia Child popularised it in America.',
    );
    expect(r.verdict).toBe('meets');
  });

  it('contradicts when all steps appear out of order', () => {
    const r = verdict(
      c,
      'Julia Child popularised it in America before Escoffier codified it, long after Burgundy peasants made it.',
    );
    expect(r.verdict).toBe('contradicts');
    expect(r.rationale).toContain('out of order');
  });

  it('gives partially_meets with a step missing and missing with one step only', () => {
    expect(verdict(c, 'A Burgundy peasant dish, later popularised in America by Julia Child.').verdict).toBe(
      'partially_meets',
    );
    expect(verdict(c, 'Julia Child made it famous in America.').verdict).toBe('missing');
  });

  it('places a step where the answer describes it, not at a passing mention of one of its words', () => {
    const k = check({
      kind: 'sequence',
      order: ['salt the cabbage', 'make the chili paste', 'spread the paste between the leaves'],
    });
    const answer =
      'You need cabbage, chili paste and salt. First salt the cabbage overnight. ' +
      'Then make the chili paste with garlic. Finally spread the paste between the leaves.';
    expect(verdict(k, answer).verdict).toBe('meets');
  });

  it('places a dated step where its date is said, not in a sentence that names its words with another date', () => {
    const k = check({
      kind: 'sequence',
      order: [
        'Commercial service begins on 21 January 1976 with British Airways and Air France',
        'An Air France jet crashes near Paris on 25 July 2000',
        'Retirement in 2003',
      ],
    });
    const answer =
      'Paying passengers were first carried on 21 January 1976, by BA to Bahrain and by Air France to Rio. ' +
      'On 25 July 2000 an Air France jet came down near Paris. ' +
      'The fleet was retired in 2003: Air France in May, British Airways on 24 October.';
    expect(verdict(k, answer).verdict).toBe('meets');
    // Said with another date only, the step is where the answer puts it: after the crash.
    const late =
      'On 25 July 2000 an Air France jet came down near Paris. ' +
      'Commercial service with British Airways and Air France began in 2001. The fleet was retired in 2003.';
    expect(verdict(k, late).verdict).toBe('contradicts');
  });

  it('places a step where its words come together, not at an earlier word of it that opens the sentence', () => {
    const k = check({ kind: 'sequence', order: ['배추를 소금에 절인다', '고춧가루로 양념을 만든다'] });
    expect(verdict(k, '만드는 방법은 먼저 배추를 소금에 절이고, 고춧가루와 마늘을 섞어 양념을 만듭니다.').verdict).toBe(
      'meets',
    );
    const e = check({ kind: 'sequence', order: ['salt the cabbage', 'make the chili paste'] });
    expect(verdict(e, 'To make it, first salt the cabbage, then mix chili and garlic to make the paste.').verdict).toBe(
      'meets',
    );
  });

  it('reads the order where the answer tells it, not at a definition that names a later step first (KO)', () => {
    const k = check({
      kind: 'sequence',
      order: ['배추를 소금에 절인다', '절인 배추를 씻는다', '고춧가루로 양념을 만든다'],
    });
    const answer =
      '배추김치는 절인 배추에 고춧가루로 만든 양념을 넣은 음식입니다. 만드는 과정은 배추를 소금에 절여 씻고, 양념을 만들어 넣습니다.';
    expect(verdict(k, answer).verdict).toBe('meets');
    // Told only the other way round, it is still an inversion.
    expect(verdict(k, '먼저 고춧가루로 양념을 만들고, 그다음 배추를 소금에 절여 씻습니다.').verdict).toBe(
      'contradicts',
    );
  });

  it('reads no order from a step’s words borrowed by another step’s own sentence (KO)', () => {
    const k = check({
      kind: 'sequence',
      order: [
        '코트 중앙에서 스로오프로 전반을 시작한다',
        '패스와 드리블로 공격해 골 에어리어 밖에서 슛을 던져 골을 노린다',
        '골이 들어가면 실점한 팀이 중앙에서 스로오프로 경기를 다시 시작한다',
      ],
    });
    const steps = (third: string) =>
      `1. 코트 가운데에서 스로오프로 시작한다.\n2. 패스해서 공격하고 슛을 던진다.\n3. ${third}`;
    // Item 3 is the restart: its 골 에어리어 and 던져 are the goalkeeper's, no second shot.
    const restart = '골이 들어가면 골을 먹은 팀 골키퍼가 골 에어리어에서 공을 던져 경기를 다시 시작한다.';
    expect(verdict(k, steps(restart)).verdict).toBe('meets');
    // The restart told before the attack is still an inversion.
    const reversed =
      '1. 코트 가운데에서 스로오프로 시작한다.\n2. 골이 들어가면 실점한 팀이 스로오프로 경기를 다시 시작한다.\n3. 패스와 드리블로 공격해 슛을 던져 골을 노린다.';
    expect(verdict(k, reversed).verdict).toBe('contradicts');
  });

  it('reads no order from a step said only by the subject’s name ("used in curling" for "the stone curls")', () => {
    const k = check({
      kind: 'sequence',
      order: ['The player releases the stone', 'The stone curls in the direction of its spin'],
    });
    const answer = 'A curling stone is a heavy stone used in curling. The player releases the stone down the ice.';
    const r = judgeOffline({ answer, check: k, subject: 'Curling stone' });
    expect(r.verdict).not.toBe('contradicts');
    expect(r.rationale).toContain('in order: "The player releases the stone"');
    // Told with words of its own, the order is read: here, backwards.
    const told = 'The stone curls in the direction of its spin. Then the player releases the stone.';
    expect(judgeOffline({ answer: told, check: k, subject: 'Curling stone' }).verdict).toBe('contradicts');
  });

  it('reads "Before X, Y" and steps dated in clauses of their own in the order they happen (EN)', () => {
    const k = check({
      kind: 'sequence',
      order: ['Stretch each ball into a disc by hand', 'Bake it in a very hot wood-fired oven'],
    });
    expect(
      verdict(k, 'Before baking it in a very hot wood-fired oven, stretch each ball into a disc by hand.').verdict,
    ).toBe('meets');
    const d = check({ kind: 'sequence', order: ['Construction begins in 1887', 'The tower is completed in 1889'] });
    expect(verdict(d, 'The tower was completed in 1889. Construction had begun in 1887.').verdict).toBe('meets');
    // Dated the other way round, it is an inversion.
    expect(verdict(d, 'The tower was completed in 1887. Construction had begun in 1889.').verdict).toBe('contradicts');
  });

  it('reads a process told in prose after a bulleted list of parts from the prose (EN)', () => {
    const k = check({
      kind: 'sequence',
      order: [
        'The rover travels folded in the lander',
        'The wheels unfold and lock into place',
        'After checks, the astronauts drive it away from the lander',
      ],
    });
    const parts = '- Each wheel had its own motor.\n- It could carry twice its weight in astronauts and gear.\n\n';
    const prose =
      'The rover travelled folded in the lander. On the Moon its wheels unfolded and locked into place. ' +
      'After a quick check they drove off.';
    expect(verdict(k, parts + prose).verdict).not.toBe('contradicts');
  });

  it('reads a numbered timeline whose items give each step its date, over a comparison after it (EN)', () => {
    const k = check({
      kind: 'sequence',
      order: [
        "Porsche receives the people's-car commission in 1934",
        'Civilian production starts under British Army control in 1945',
        "The Beetle passes the Model T's production record in 1972",
        'The last Beetle leaves the Puebla line in 2003',
      ],
    });
    const answer = [
      '**Production timeline**',
      '1. 1934: commission given to Porsche.',
      '2. 1938: factory cornerstone laid.',
      '3. 1945: output restarted under the British military government.',
      "4. 17 February 1972: car number 15,007,034 rolled off the line, surpassing the Model T's total.",
      '5. 30 July 2003: the final one was driven off the line at Puebla, Mexico.',
      '',
      '**Beetle vs. Model T**',
      "Both were cars for the ordinary family; Ford's record of roughly fifteen million units was the one overtaken in 1972.",
    ].join('\n');
    expect(verdict(k, answer).verdict).not.toBe('contradicts');
  });

  it('reads steps from the prose that tells them better than a list that mentions some (KO)', () => {
    const k = check({
      kind: 'sequence',
      order: [
        '바벨을 바닥에서 끌어올려 어깨 위에 얹는다(클린)',
        '선 자세로 일어선다',
        '다리 반동을 이용해 바벨을 머리 위로 밀어 올린다(저크)',
        "심판의 '다운' 신호를 받고 바벨을 내린다",
      ],
    });
    const list =
      '**경기 방식**\n- 인상: 바벨을 한 번의 동작으로 바닥에서 머리 위까지 들어 올립니다.\n' +
      '- 용상: 바벨을 먼저 어깨 높이까지 올린 뒤, 다시 머리 위로 밀어 올립니다.\n' +
      '- 선수는 각 종목에서 세 번씩 시도할 수 있습니다.\n\n';
    const prose =
      '**용상 동작 순서**\n바벨을 바닥에서 끌어올려 어깨에 얹고(클린), 일어선 다음, 다리 반동으로 머리 위로 ' +
      "밀어 올립니다(저크). 심판이 '다운' 신호를 주면 바벨을 내립니다.\n\n선수들은 자세 훈련에도 많은 시간을 씁니다.";
    const question = '역도는 어떤 규칙으로 겨루는 종목이며, 경기 방식과 장비도 알려 주세요.';
    expect(verdict(k, list + prose, question).verdict).not.toBe('contradicts');
  });

  it('reads a numbered procedure from its list, not from a passing mention before it (EN)', () => {
    const k = check({
      kind: 'sequence',
      order: [
        'Import CDs into iTunes',
        'iTunes automatically syncs the library to the iPod',
        'Eject the iPod and play songs, browsing with the scroll wheel',
      ],
    });
    const intro = 'It had a scroll wheel for navigating menus.\n\n';
    const list = '1. Import your CDs into iTunes.\n2. Let iTunes sync your songs to the iPod.\n3. Eject it and play.';
    expect(verdict(k, intro + list).verdict).not.toBe('contradicts');
    // Reversed in the list, it is an inversion.
    const reversed =
      '1. Eject it, play songs and browse them.\n2. Import your CDs into iTunes.\n3. Let iTunes sync your songs to the iPod.';
    expect(verdict(k, intro + reversed).verdict).toBe('contradicts');
  });

  it('reads one numbered item as one stage told whole, and prefers the list to a mention after it (EN)', () => {
    const k = check({
      kind: 'sequence',
      order: [
        'Water is split, releasing oxygen',
        'The light-dependent reactions produce ATP',
        'The Calvin cycle makes sugar',
      ],
    });
    const list =
      '1. The light-dependent reactions, which make ATP. Oxygen is released as water is split.\n2. The Calvin cycle, which makes sugar.\n\n';
    expect(verdict(k, `${list}Respiration releases water and oxygen again.`).verdict).toBe('meets');
    // Across items the order is the list's.
    const apart =
      '1. The Calvin cycle makes sugar.\n2. The light-dependent reactions make ATP.\n3. Water is split, releasing oxygen.';
    expect(verdict(k, apart).verdict).toBe('contradicts');
  });

  it('places a step the overview tells best in the list item that names it, after the steps before it (EN)', () => {
    const k = check({
      kind: 'sequence',
      order: [
        'The main cables are spun from steel wire',
        'The deck is hung from vertical suspenders',
        'The bridge opens to the public in May 1883',
      ],
    });
    const overview = 'The bridge was opened to the public on the twenty-fourth of May, 1883.\n\n';
    const list =
      '1. The cables were spun from steel wire.\n2. The deck was hung from suspenders.\n3. Traffic began and it opened that spring.';
    expect(verdict(k, overview + list).verdict).toBe('meets');
    // A list that never names the opening leaves the overview's place, before the cables: an inversion.
    const without = '1. The cables were spun from steel wire.\n2. The deck was hung from suspenders.';
    expect(verdict(k, overview + without).verdict).toBe('contradicts');
  });

  it('weighs a numbered item of two sentences as one place (KO)', () => {
    const k = check({
      kind: 'sequence',
      order: [
        '1902년 중화전을 2층 건물로 세운다',
        '1904년 4월 불이 나 중화전이 불탄다',
        '1906년 중화전을 단층 건물로 다시 짓는다',
      ],
    });
    const list =
      '1. 1902년: 중화전이 지붕이 두 겹인 2층 건물로 세워짐.\n2. 1904년 4월: 불이 나 중화전이 잿더미가 됨.\n3. 1906년: 중화전 재건. 다만 국고가 바닥나 단층으로 줄였다.';
    expect(verdict(k, list).verdict).toBe('meets');
  });

  it('orders Korean steps by first mention', () => {
    const k = check({ kind: 'full_sequence', order: ['장애 감지', '담당자 호출', '고객 공지'] });
    expect(verdict(k, '장애를 감지하면 담당자를 호출하고, 이어서 고객에게 공지합니다.').verdict).toBe('meets');
    expect(verdict(k, '고객에게 먼저 공지한 뒤 장애를 감지하고 담당자를 호출합니다.').verdict).toBe('contradicts');
  });
});

describe('analyzeText', () => {
  it('splits sentences at full stops and line breaks but not inside numbers', () => {
    const a = analyzeText('Version 2.3 ships.\n- Step one\n- Step two');
    expect(a.sentences.map((s) => a.original.slice(s.start, s.end).trim())).toEqual([
      'Version 2.3 ships.',
      '- Step one',
      '- Step two',
    ]);
  });
});

describe('createOfflineJudge', () => {
  it('is the CheckJudge with id offline and returns ok outcomes', async () => {
    const judge = createOfflineJudge();
    expect(judge.id).toBe('offline');
    const out = await judge.judge({
      questionId: 'q1',
      question: 'Who designed it?',
      answer: 'Gustave Eiffel designed it.',
      check: fact('designed by Gustave Eiffel'),
      language: 'en',
    });
    expect(out).toEqual({
      status: 'ok',
      verdict: 'meets',
      rationale: 'lexical baseline: found "designed", "gustave", "eiffel"',
      quote: 'Gustave Eiffel designed it.',
    });
  });
});

describe('offline judge on arbitrary text', () => {
  it('always returns one of the four verdicts with a lexical-baseline rationale', () => {
    const kinds = fc.constantFrom(
      check({ kind: 'fact', content: '고객 공지는 30분 이내 (영업일 기준)' }),
      check({ kind: 'threshold', options: ['beef', '레드 와인', '2026-03-01'], min: 2 }),
      check({ kind: 'sequence', order: ['장애 감지', 'call the on-call engineer', 'notify customers'] }),
    );
    fc.assert(
      fc.property(kinds, fc.string({ maxLength: 200 }), (c, answer) => {
        const r = judgeOffline({ answer, check: c, question: answer.slice(0, 20) });
        expect(['meets', 'partially_meets', 'missing', 'contradicts']).toContain(r.verdict);
        expect(r.rationale.startsWith('lexical baseline: ')).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
