import { describe, expect, it } from 'vitest';
import { WikiPage } from '../schema/wiki.js';
import { goldenSetFlags } from './golden-flags.js';
import { golden, PAGES, Q1, question } from './rag-fixtures.test-helpers.js';

const page = (page_id: string, body: string, status = 'current', version = 1) =>
  WikiPage.parse({ page_id, title: page_id, status, version, body });

describe('goldenSetFlags: another page states a fact’s values', () => {
  it('flags POL-102 for F2 (it states "30분"), not the historical OPS-102 v1 or the archived POL-099', () => {
    // F1 "15분" is on OPS-102 v2 only (its own page); F2 "30분" is on POL-101 (its page), POL-102 (current:
    // flagged), OPS-102 v1 (historical) and nowhere else; POL-099 says 60분 and is archived.
    expect(goldenSetFlags(golden([Q1]), PAGES)).toEqual([
      {
        question_id: 'Q-001',
        kind: 'other_page_supports',
        detail: 'fact F2: POL-102 also states "30분" but is not among its pages (POL-101)',
        change: { op: 'add_fact_page', question_id: 'Q-001', fact_id: 'F2', page_id: 'POL-102' },
      },
    ]);
  });

  it('needs every value on the page, and a value inside a longer number does not count', () => {
    const q = question({
      required_facts: [{ id: 'F1', fact: '15분, 2회', page_ids: ['A'], values: ['15분', '2회'] }],
    });
    const pages = [
      page('A', '15분 간격으로 2회 호출'),
      page('B', '15분 이내 호출'), // one value of two
      page('C', '115분 뒤 2회'), // "115분" is not "15분"
      page('D', '2회, 15분마다'), // both, in another order: flagged
    ];
    expect(goldenSetFlags(golden([q]), pages).map((f) => f.detail)).toEqual([
      'fact F1: D also states "15분", "2회" but is not among its pages (A)',
    ]);
  });

  it('a page with the value but under half of the fact’s words is not flagged', () => {
    // "고객에게 30분 이내 공지" has 7 words (고객 객에 에게 30 분 이내 공지); "점검은 30분 걸린다" shares 30 and 분: 2/7.
    // POL-102 "P1 장애 시 고객 공지는 30분 이내에 한다." shares 고객 30 분 이내 공지: 5/7, flagged.
    const pages = [
      page('POL-101', '고객에게 30분 이내 공지'),
      page('OPS-9', '점검은 30분 걸린다'),
      PAGES[1] as WikiPage,
    ];
    expect(goldenSetFlags(golden([Q1]), pages).map((f) => f.detail)).toEqual([
      'fact F2: POL-102 also states "30분" but is not among its pages (POL-101)',
    ]);
  });

  it('a fact without values raises nothing', () => {
    const q = question({ required_facts: [{ id: 'F1', fact: '공지한다', page_ids: ['A'] }] });
    expect(goldenSetFlags(golden([q]), [page('A', '공지'), page('B', '공지')])).toEqual([]);
  });
});

describe('goldenSetFlags: an unanswerable question that looks answerable', () => {
  // "Who approves the refund of a duplicate payment?" has 4 index terms: approv, refund, duplicat, payment.
  const unanswerable = question({
    question_id: 'Q-U',
    question: 'Who approves the refund of a duplicate payment?',
    answerable: false,
    type: 'unanswerable',
    required_facts: [],
    gold_answer: '',
  });

  it('flags the page holding all 4 words and proposes to make the question answerable from it', () => {
    const pages = [
      page('FIN-1', 'Refunds of a duplicate payment are approved by billing.'), // 4 of 4, the best
      page('FIN-2', 'A duplicate payment is refunded.'), // 3 of 4 = 0.75 < 0.8
      page('FIN-0', 'Finance approves every refund of a duplicate payment.', 'archived'),
    ];
    expect(goldenSetFlags(golden([unanswerable]), pages)).toEqual([
      {
        question_id: 'Q-U',
        kind: 'looks_answerable',
        detail: "marked unanswerable, but FIN-1 holds 4 of the question's 4 words",
        change: {
          op: 'make_answerable',
          question_id: 'Q-U',
          type: 'single_page',
          required_facts: [
            { id: 'F1', fact: 'Who approves the refund of a duplicate payment?', page_ids: ['FIN-1'], values: [] },
          ],
          gold_answer: '',
          // The fact is the question itself: marked, so that it cannot be confirmed unwritten.
          placeholder: true,
        },
      },
    ]);
  });

  it('3 of 4 words is below the 0.8 bar, and a question of fewer than 3 words never matches', () => {
    expect(goldenSetFlags(golden([unanswerable]), [page('FIN-2', 'A duplicate payment is refunded.')])).toEqual([]);
    const short = question({ ...unanswerable, question: 'Who is Kim?' });
    expect(goldenSetFlags(golden([short]), [page('P', 'Kim is the on-call lead.')])).toEqual([]);
  });
});
