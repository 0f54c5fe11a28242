import { beforeAll, describe, expect, it } from 'vitest';
import { ABSTAIN_EN, ABSTAIN_KO, answerOffline, withMarker } from './baseline-agent.js';
import { fixtureSnapshot } from './fixture-wiki.test-helpers.js';
import { WikiIndex } from './wiki-index.js';

let index: WikiIndex;
beforeAll(() => {
  index = WikiIndex.build(fixtureSnapshot());
});

describe('WikiIndex', () => {
  it('indexes only current pages, chunked by block', () => {
    const pages = new Set(index.chunks.map((c) => c.page_id));
    expect(pages.has('POL-099')).toBe(false);
    expect(pages.has('HR-190')).toBe(false);
    expect(index.chunks.filter((c) => c.page_id === 'POL-101').every((c) => c.version === 2)).toBe(true);
    expect(index.chunks.map((c) => c.id)).toContain('OPS-102#block-1-6');
  });

  it('reads table rows with their header in chunk sentences', () => {
    const rows = index.chunks.filter((c) => c.page_id === 'POL-101').flatMap((c) => c.sentences);
    expect(rows).toContain('등급: P2; 고객 공지 시한: 2시간 이내');
    expect(rows).not.toContain('등급 | 고객 공지 시한');
  });
});

describe('offline baseline agent', () => {
  it("answers the SPEC's worked-example question from the current pages, citing OPS-102 and POL-101", () => {
    const out = answerOffline(index, {
      question_id: 'q-ko-001',
      question: 'P1 장애 때 담당자 호출과 고객 공지 시한은?',
    });
    expect(out.answer).toContain('15분 이내 호출한다 [OPS-102].');
    expect(out.answer).toContain('30분 이내 [POL-101].');
    expect(out.answer).not.toContain('60분');
    expect(out.citations?.flatMap((c) => c.page_ids).sort()).toEqual(['OPS-102', 'POL-101']);
    expect(out.retrieved.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(out.retrieved.every((r) => r.page_id !== 'POL-099')).toBe(true);
    expect(out.retrieved[0]).toMatchObject({ page_id: 'POL-101', version: 2 });
  });

  it('abstains in the language of the question when the wiki does not cover it', () => {
    const en = answerOffline(index, { question_id: 'x', question: 'Can employees bring their dogs to the office?' });
    expect(en.answer).toBe(ABSTAIN_EN);
    expect(en.citations).toEqual([]);
    const ko = answerOffline(index, { question_id: 'y', question: '사내 주차비 지원금은 한 달에 얼마인가요?' });
    expect(ko.answer).toBe(ABSTAIN_KO);
  });

  it('abstains on anything when the threshold is 1 + ε, answers with threshold 0', () => {
    const q = { question_id: 'z', question: 'What is the minimum password length?' };
    expect(answerOffline(index, q, { threshold: 0 }).answer).toContain('[SEC-401]');
    expect(answerOffline(index, q, { threshold: 1.01 }).answer).toBe(ABSTAIN_EN);
  });

  it('puts the marker before the closing punctuation', () => {
    expect(withMarker('고객에게 30분 이내 공지한다.', 'POL-101')).toBe('고객에게 30분 이내 공지한다 [POL-101].');
    expect(withMarker('Done!', 'A')).toBe('Done [A]!');
    expect(withMarker('no stop', 'A')).toBe('no stop [A].');
  });
});

describe('LLM baseline agent', () => {
  it('sends the retrieved chunks labelled with their page ids and the question, and keeps the reply as the answer', async () => {
    const { MockJudgeModel } = await import('@gamut/core/test');
    const { answerWithModel } = await import('./baseline-agent.js');
    const model = new MockJudgeModel({
      replies: ['담당자는 15분 이내 호출합니다 [OPS-102]. 고객에게는 30분 이내 공지합니다 [POL-101].'],
    });
    const out = await answerWithModel(
      index,
      { question_id: 'q-ko-001', question: 'P1 장애 때 담당자 호출과 고객 공지 시한은?' },
      model,
      { k: 4 },
    );
    expect(model.calls).toHaveLength(1);
    const prompt = MockJudgeModel.promptText(model.calls[0] as never);
    expect(prompt).toContain('[OPS-102] 온콜 호출 안내');
    expect(prompt).toContain('P1 장애가 발생하면 담당자를 15분 이내 호출한다.');
    expect(prompt).toContain('Question: P1 장애 때 담당자 호출과 고객 공지 시한은?');
    expect(prompt).not.toContain('[POL-099]');
    expect(model.calls[0]?.temperature).toBe(0);
    expect(out).toMatchObject({
      question_id: 'q-ko-001',
      agent: 'gamut-baseline-bm25+mock:mock-judge',
      answer: '담당자는 15분 이내 호출합니다 [OPS-102]. 고객에게는 30분 이내 공지합니다 [POL-101].',
    });
    expect(out.retrieved).toHaveLength(4);
  });
});
