import { describe, it } from 'vitest';
import { expectVerdicts as table } from './offline-table.test-helpers.js';

describe('a value conflict only when the answer does not also state the check’s value', () => {
  it('does not contradict a check about 404 when the answer returns 404 instead of 403 (EN, KO)', () => {
    table([
      ['fact', 'Servers return 404', 'Some servers return 404 instead of 403.', 'meets'],
      ['fact', 'The server returns HTTP 404 for hidden pages', 'Some servers return 404 instead of 403.', 'meets'],
      ['fact', 'A missing page gives 404 not found', 'A missing page gives a 404.', 'meets'],
      ['fact', '서버는 404를 반환한다', '일부 서버는 403 대신 404를 반환합니다.', 'meets'],
    ]);
  });

  it('still contradicts the value the answer puts aside or replaces', () => {
    table([
      ['fact', 'Servers return 403', 'Some servers return 404 instead of 403.', 'contradicts'],
      ['fact', 'Servers return 403', 'Servers return 404.', 'contradicts'],
      ['fact', '서버는 403을 반환한다', '서버는 404를 반환합니다.', 'contradicts'],
    ]);
  });
});

describe('entity names match as whole words or whole compounds', () => {
  it('does not credit 된장찌개 or a 김치 side dish with a 김치찌개 identification or member (KO)', () => {
    table([
      // Not met, and more: the answer says the dish is another one (see identification.test.ts).
      ['fact', '음식을 김치찌개로 식별한다', '이것은 된장찌개입니다. 김치와 함께 먹습니다.', 'contradicts'],
      ['fact', '음식을 김치찌개로 식별한다', '된장찌개에 김치를 곁들여 먹습니다.', 'missing'],
      ['member', '김치찌개', '된장찌개에 김치를 곁들여 먹습니다.', 'missing'],
      ['member', '김치', '김치찌개를 끓입니다.', 'missing'],
      ['member', '김치찌개', '김치찌개를 끓입니다.', 'meets'],
      ['member', '김치찌개', '김치 찌개를 끓입니다.', 'meets'],
      // A compound is a kind of its head: 된장찌개 is a 찌개, 배추김치 is a 김치.
      ['member', '찌개', '된장찌개를 끓입니다.', 'meets'],
      ['member', '김치', '배추김치를 담급니다.', 'meets'],
    ]);
  });

  it('does not find "ham" in "hamburger" (EN)', () => {
    table([
      ['member', 'ham', 'It comes with a hamburger.', 'missing'],
      ['member', 'ham', 'It comes with ham and cheese.', 'meets'],
      ['fact', 'Identifies the dish as a ham sandwich', 'This is a hamburger with a sandwich roll.', 'missing'],
    ]);
  });

  it('keeps loose compound matching for steps: 소금 in 소금물, 공지 in 고객공지', () => {
    table([
      ['step', '배추를 소금에 절인다', '먼저 배추를 소금물에 절여 둡니다.', 'meets'],
      ['fact', '공지 채널', '고객공지는 #status 채널로 보냅니다.', 'meets'],
    ]);
  });
});

describe('what the answer names as replaced contradicts a check that claims it', () => {
  it('contradicts a member the answer replaces (EN "instead of", "rather than"; KO 대신, 아니라)', () => {
    table([
      ['member', 'fresh basil', 'It is topped with dried oregano instead of basil.', 'contradicts'],
      ['member', 'fresh basil', 'It is topped with oregano rather than basil.', 'contradicts'],
      ['member', 'fresh basil', 'It is topped with basil instead of oregano.', 'partially_meets'],
      ['member', '젓갈', '보통 젓갈 대신 설탕을 넣어 단맛을 냅니다.', 'contradicts'],
      ['member', '젓갈', '설탕 대신 젓갈을 넣습니다.', 'meets'],
      ['member', '젓갈', '젓갈이 아니라 설탕을 넣습니다.', 'contradicts'],
    ]);
  });

  it('never contradicts an option: what an answer puts aside or dates otherwise leaves it missing', () => {
    table([
      [
        'option',
        'pizza marinara',
        'Besides the margherita, there is a pizza bianca instead of the marinara.',
        'missing',
      ],
      [
        'option',
        'the 2006 World Cup final, Italy v France',
        'The 1994 World Cup final, Italy v Brazil, went to penalties.',
        'missing',
      ],
      ['option', 'pizza marinara', 'Besides the margherita, Naples has the pizza marinara.', 'meets'],
    ]);
  });

  it('does not contradict a related entity or aspect the answer brings up as replaced', () => {
    table([
      ['related_entity', '한자', '백성들이 어려운 한자 대신 쉽게 글을 쓰게 했습니다.', 'meets'],
      ['related_entity', 'Latin', 'It was written in English rather than Latin.', 'meets'],
    ]);
  });
});

describe('single characters of scripts without an alphabet are words', () => {
  it('requires an archaic jamo letter (ㆍ) instead of meeting a check with nothing to match', () => {
    table([
      ['option', 'ㆍ(아래아)', '지금은 쓰지 않는 글자가 있습니다.', 'missing'],
      ['option', 'ㆍ(아래아)', '옛 글자로 ㆍ(아래아)가 있습니다.', 'meets'],
    ]);
  });
});
