import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CompiledRubric } from '../schema/index.js';
import { compileMetaRubric } from './compile-meta-rubric.js';
import { parseMetaRubric } from './parse-meta-rubric.js';
import { endsInConsonant, withParticle } from './templates/index.js';
import { OBJECT, WITH } from './templates/korean-particles.js';

// The example meta-rubrics other tests and the demo use: q-0001 (SPEC §2), q-0002 (seven dishes), q-0003 (Korean).
const examples = readFileSync(
  fileURLToPath(new URL('../../../../fixtures/examples/meta-rubrics.jsonl', import.meta.url)),
  'utf8',
)
  .trim()
  .split('\n')
  .map((line) => {
    const r = parseMetaRubric(JSON.parse(line));
    if (!r.value) throw new Error(JSON.stringify(r.issues));
    return compileMetaRubric(r.value);
  });
const text = (rubric: CompiledRubric | undefined, id: string) => rubric?.checks.find((c) => c.id === id)?.text;
const [q1, q2, q3] = examples;

describe('English check texts (what the judge reads)', () => {
  it('fact that names its subject stays as written', () => {
    expect(text(q1, 'I1.fact')).toMatchInlineSnapshot(`"Identifies the dish as beef bourguignon."`);
  });
  it('strict-list member names the subject the label leaves out', () => {
    expect(text(q1, 'I2.m2')).toMatchInlineSnapshot(
      `"Mentions red wine as part of "Core ingredients" (subject: Beef bourguignon)."`,
    );
  });
  it('threshold enumerates every option', () => {
    expect(text(q2, 'I2.min2')).toMatchInlineSnapshot(
      `"Mentions at least 2 of the following for "Dishes known for using saffron": paella valenciana, risotto alla milanese, bouillabaisse, Hyderabadi biryani, lussekatter (Swedish saffron buns), Persian tahchin, Cornish saffron cake."`,
    );
  });
  it('option', () => {
    expect(text(q2, 'I2.o5')).toMatchInlineSnapshot(
      `"Mentions lussekatter (Swedish saffron buns) as one example of "Dishes known for using saffron"."`,
    );
  });
  it('step, sequence and full sequence', () => {
    expect([text(q1, 'I4.s2'), text(q1, 'I4.seq'), text(q1, 'I4.fullseq')]).toMatchInlineSnapshot(`
      [
        "Mentions this step of "How the recipe reached its modern form" (subject: Beef bourguignon): Escoffier codifies it.",
        "Gives these steps of "How the recipe reached its modern form" (subject: Beef bourguignon) in this order: Peasant dish in Burgundy → Julia Child popularises it in the US.",
        "Gives all of these steps of "How the recipe reached its modern form" (subject: Beef bourguignon) in this order: Peasant dish in Burgundy → Escoffier codifies it → Julia Child popularises it in the US.",
      ]
    `);
  });
  it('relationship entity and aspect', () => {
    expect([text(q1, 'I5.entity'), text(q1, 'I5.a1')]).toMatchInlineSnapshot(`
      [
        "Brings up coq au vin in relation to Beef bourguignon ("Compared with coq au vin").",
        "Compared with coq au vin: uses rooster or chicken instead of beef (subject: Beef bourguignon).",
      ]
    `);
  });
  it('nested and top-level insights', () => {
    expect([text(q1, 'I3.i1'), text(q1, 'I6.insight')]).toMatchInlineSnapshot(`
      [
        "States this about "Dishes that use the same braising method" (subject: Beef bourguignon): All are slow wine braises.",
        "It essentially always uses some red meat (subject: Beef bourguignon).",
      ]
    `);
  });
});

describe('Korean check texts', () => {
  it('member with the right object particle', () => {
    expect([text(q3, 'I2.m1'), text(q3, 'I2.m3')]).toMatchInlineSnapshot(`
      [
        "‘배추김치의 주재료’ 중 하나로 배추를 언급한다.",
        "‘배추김치의 주재료’ 중 하나로 마늘을 언급한다.",
      ]
    `);
  });
  it('threshold and coverage of a long list', () => {
    expect([text(q3, 'I3.min2'), text(q3, 'I3.cov6')]).toMatchInlineSnapshot(`
      [
        "‘배추김치 말고 다른 김치의 종류’에 해당하는 다음 중 적어도 2개를 언급한다: 깍두기, 총각김치, 열무김치, 백김치, 동치미, 파김치, 갓김치, 오이소박이.",
        "‘배추김치 말고 다른 김치의 종류’에 해당하는 다음 중 적어도 6개를 언급한다: 깍두기, 총각김치, 열무김치, 백김치, 동치미, 파김치, 갓김치, 오이소박이.",
      ]
    `);
  });
  it('step and sequences', () => {
    expect([text(q3, 'I4.s2'), text(q3, 'I4.seq'), text(q3, 'I4.fullseq')]).toMatchInlineSnapshot(`
      [
        "‘배추김치를 담그는 과정’의 단계로 다음을 언급한다: 절인 배추를 씻어 물기를 뺀다.",
        "‘배추김치를 담그는 과정’의 다음 단계를 이 순서대로 제시한다: 배추를 소금에 절인다 → 고춧가루, 마늘, 생강, 젓갈로 양념소를 만든다 → 배추 잎 사이사이에 양념소를 바른다 → 익을 때까지 숙성·발효시킨다.",
        "‘배추김치를 담그는 과정’의 다음 단계를 모두 이 순서대로 제시한다: 배추를 소금에 절인다 → 절인 배추를 씻어 물기를 뺀다 → 고춧가루, 마늘, 생강, 젓갈로 양념소를 만든다 → 배추 잎 사이사이에 양념소를 바른다 → 익을 때까지 숙성·발효시킨다.",
      ]
    `);
  });
  it('relationship, insights and a fact that needs its subject', () => {
    expect([
      text(q3, 'I5.entity'),
      text(q3, 'I5.a1'),
      text(q3, 'I3.i1'),
      text(q3, 'I6.insight'),
      text(q3, 'I7.fact'),
    ]).toMatchInlineSnapshot(`
      [
        "김치와 관련지어 사우어크라우트를 언급한다 (‘독일의 사우어크라우트와의 비교’).",
        "독일의 사우어크라우트와의 비교: 둘 다 배추류 채소를 소금에 절여 젖산 발효시킨다 (대상: 김치).",
        "‘배추김치 말고 다른 김치의 종류’에 대해 다음을 언급한다: 재료와 지역, 계절에 따라 종류가 매우 다양하다.",
        "여러 김치는 모두 채소를 소금에 절여 발효시켜 오래 두고 먹는 저장 음식이다.",
        "김장 문화는 2013년 유네스코 인류무형문화유산에 등재되었다 (대상: 김치).",
      ]
    `);
  });
});

describe('Korean particles', () => {
  it.each([
    ['배추', false],
    ['고춧가루', false],
    ['마늘', true],
    ['생강', true],
    ['코코뱅', true],
    ['서울(Seoul)', true],
    ['2013', true], // 삼
    ['2', false], // 이
    ['pasta', false],
    ['coq au vin', true],
    ['time', true],
    ['Escoffier', undefined],
  ])('%s ends in a consonant: %s', (word, expected) => {
    expect(endsInConsonant(word)).toBe(expected);
  });

  it('chooses 을/를 and 과/와, and writes both forms when the ending is unknown', () => {
    expect(withParticle('배추', OBJECT)).toBe('배추를');
    expect(withParticle('마늘', OBJECT)).toBe('마늘을');
    expect(withParticle('김치', WITH)).toBe('김치와');
    expect(withParticle('사우어크라우트', WITH)).toBe('사우어크라우트와');
    expect(withParticle('쌀', WITH)).toBe('쌀과');
    expect(withParticle('Escoffier', OBJECT)).toBe('Escoffier을(를)');
  });
});

describe('language choice', () => {
  it('the same items in a Korean meta-rubric use the Korean templates', () => {
    const r = parseMetaRubric({
      question_id: 'q',
      question: '?',
      language: 'ko',
      items: [
        { id: 'L', type: 'flexible_list', tier: 'valuable', text: '예', members: [{ text: '가' }], baseline: [1] },
      ],
    });
    expect(r.value && compileMetaRubric(r.value).checks[0]?.text).toBe(
      '‘예’에 해당하는 다음 중 적어도 1개를 언급한다: 가.',
    );
  });
});
