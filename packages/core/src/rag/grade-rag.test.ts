import { describe, expect, it } from 'vitest';
import { InputError } from '../issues/errors.js';
import { gradeRag } from './grade-rag.js';
import {
  answerFlags,
  claim,
  golden,
  judgment,
  output,
  PAGES,
  Q1,
  question,
  WORKED_ANSWER,
} from './rag-fixtures.test-helpers.js';

const workedJudgment = judgment({
  question_id: 'Q-001',
  facts: { F1: 'meets', F2: 'meets' },
  claims: [
    claim('담당자를 15분 이내 호출합니다', false, [['POL-099', false]]),
    claim('고객에게는 30분 이내 공지합니다', true, [['POL-101', true]]),
  ],
});

describe('gradeRag: SPEC §7 worked example', () => {
  const report = gradeRag({
    golden: golden([Q1]),
    pages: PAGES,
    outputs: [output('Q-001', ['POL-101', 'POL-099', 'INC-301'], WORKED_ANSWER)],
    judgments: [workedJudgment],
  });
  const q = report.questions[0];

  it('gives the seed table: recall 0.5, coverage 1, faithfulness 0.5, citation precision 0.5, fail at grounding', () => {
    expect(q).toMatchObject({
      question_id: 'Q-001',
      recall_at_k: 0.5,
      fact_coverage: 1,
      faithfulness: 0.5,
      citation_precision: 0.5,
      abstained: false,
      pass: false,
      failure_stage: 'grounding',
    });
    expect(report.summary).toMatchObject({ k: 3, recall_at_k: 0.5, fact_coverage: 1, pass_rate: 0, erb_composite: 1 });
    expect(report.by_stage).toEqual({ abstention: 0, retrieval: 0, generation: 0, grounding: 1, citation: 0 });
    expect(report.by_type.multi_page?.n).toBe(1);
    expect(report.by_origin.synthetic?.pass_rate).toBe(0);
  });

  it('flags the archived citation and marks it invalid by code', () => {
    expect(answerFlags(report)).toEqual([
      expect.objectContaining({ question_id: 'Q-001', kind: 'citation_not_current' }),
    ]);
    expect(q?.claims[0]?.citations[0]).toMatchObject({ page_id: 'POL-099', status: 'archived', valid: false });
  });

  it('carries the golden-set and snapshot hashes', () => {
    expect(report.golden.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(report.snapshot.id).toMatch(/^[0-9a-f]{64}$/);
    expect(report.snapshot.pages).toBe(5);
  });
});

const g1 = (
  j: Record<string, unknown>,
  pages: (string | [string, number])[],
  answer = WORKED_ANSWER,
  over: Record<string, unknown> = {},
) =>
  gradeRag({
    golden: golden([question(over)]),
    pages: PAGES,
    outputs: [output('Q-001', pages, answer)],
    judgments: [judgment({ question_id: 'Q-001', facts: { F1: 'meets', F2: 'meets' }, ...j })],
  });

const good = [
  claim('담당자를 15분 이내 호출합니다', true, [['OPS-102', true]]),
  claim('고객에게는 30분 이내 공지합니다', true, [['POL-101', true]]),
];
const goodAnswer = '담당자를 15분 이내 호출합니다 [OPS-102]. 고객에게는 30분 이내 공지합니다 [POL-101].';

describe('gradeRag: one rule at a time', () => {
  it('counts three chunks of one page as one page', () => {
    const r = g1({ claims: good }, ['POL-101', 'POL-101', 'POL-101', 'OPS-102'], goodAnswer);
    // Without merging, OPS-102 would be 4th and Recall@3 0.5.
    expect(r.questions[0]?.recall_at_k).toBe(1);
    expect(r.questions[0]?.retrieved_pages[0]).toMatchObject({ page_id: 'POL-101', chunks: 3, rank: 1 });
    expect(r.questions[0]?.pass).toBe(true);
    expect(r.questions[0]?.failure_stage).toBeNull();
  });

  it('never counts an old version as evidence', () => {
    const r = g1({ claims: good }, [['OPS-102', 1], 'POL-101', 'INC-301'], goodAnswer);
    expect(r.questions[0]?.recall_at_k).toBe(0.5);
    expect(r.questions[0]?.retrieved_pages[0]).toMatchObject({ page_id: 'OPS-102', version: 1, status: 'old_version' });
  });

  it('accepts any of a fact’s acceptable pages', () => {
    const facts = [Q1.required_facts[0], { ...Q1.required_facts[1], page_ids: ['POL-101', 'POL-102'] }];
    const r = g1({ claims: good }, ['POL-102', 'OPS-102', 'INC-301'], goodAnswer, { required_facts: facts });
    expect(r.questions[0]?.recall_at_k).toBe(1);
  });

  it('an archived citation is invalid even when the judge says it supports the claim', () => {
    const claims = [good[0], claim('고객에게는 30분 이내 공지합니다', true, [['POL-099', true]])];
    const r = g1(
      { claims },
      ['OPS-102', 'POL-101'],
      '담당자를 15분 이내 호출합니다 [OPS-102]. 고객에게는 30분 이내 공지합니다 [POL-099].',
    );
    expect(r.questions[0]?.citation_precision).toBe(0.5);
    expect(r.questions[0]?.failure_stage).toBe('citation');
    expect(answerFlags(r)).toEqual([
      expect.objectContaining({
        kind: 'citation_not_current',
        detail: expect.stringContaining('the judge said it supports'),
      }),
    ]);
  });

  it('a wrong number overrides the judge: contradicts, and a flag for review', () => {
    const answer = '담당자를 15분 이내 호출합니다 [OPS-102]. 고객에게는 60분 이내 공지합니다 [POL-101].';
    const r = g1({ claims: good }, ['OPS-102', 'POL-101'], answer);
    const q = r.questions[0];
    expect(q?.facts.find((f) => f.id === 'F2')).toMatchObject({ verdict: 'contradicts', judge_verdict: 'meets' });
    expect(q?.facts.find((f) => f.id === 'F1')?.verdict).toBe('meets'); // "30분"-free answer, 15분 stated
    expect(q?.fact_coverage).toBe(0.5);
    expect(q?.failure_stage).toBe('generation'); // facts wrong although both pages were retrieved
    expect(answerFlags(r)).toEqual([
      expect.objectContaining({ kind: 'value_override', detail: expect.stringContaining('"60분"') }),
    ]);
    // Confirmed, the flag says the wiki now states 60분: F2's values follow the answer.
    expect(answerFlags(r)[0]?.change).toEqual({
      op: 'set_fact_values',
      question_id: 'Q-001',
      fact_id: 'F2',
      values: ['60분'],
    });
  });

  it('a value left out keeps a fact from meets; another fact’s value is no conflict', () => {
    const r = g1({ claims: good.slice(0, 1) }, ['OPS-102', 'POL-101'], '담당자를 15분 이내 호출합니다 [OPS-102].');
    expect(r.questions[0]?.facts.find((f) => f.id === 'F2')).toMatchObject({ verdict: 'missing', value_conflicts: [] });
    expect(r.questions[0]?.failure_stage).toBe('generation');
  });

  it('a citation to a page that does not exist is invalid and flagged', () => {
    const claims = [good[0], claim('고객에게는 30분 이내 공지합니다', true, [['POL-999', true]])];
    const r = g1(
      { claims },
      ['OPS-102', 'POL-101'],
      '담당자를 15분 이내 호출합니다 [OPS-102]. 고객에게는 30분 이내 공지합니다 [POL-999].',
    );
    expect(r.questions[0]?.citation_precision).toBe(0.5);
    expect(r.questions[0]?.claims[1]?.citations[0]).toMatchObject({ status: 'missing', valid: false });
    expect(answerFlags(r).map((f) => f.kind)).toEqual(['citation_missing_page']);
  });

  it('an unanswerable question answered fails at abstention', () => {
    const r = g1(
      { facts: {}, abstained: false, correct: false, claims: [claim('일본어 공지는 글로벌지원팀이 맡습니다', false)] },
      ['POL-101'],
      '일본어 공지는 글로벌지원팀이 맡습니다.',
      { answerable: false, type: 'unanswerable', required_facts: [] },
    );
    expect(r.questions[0]).toMatchObject({
      pass: false,
      failure_stage: 'abstention',
      recall_at_k: null,
      fact_coverage: null,
      faithfulness: 0,
    });
    expect(r.summary.correct_abstention_rate).toBe(0);
    expect(r.summary.false_abstention_rate).toBeNull();
  });

  it('an answerable question declined is a false abstention', () => {
    const r = g1(
      { facts: { F1: 'missing', F2: 'missing' }, abstained: true, correct: false, claims: [] },
      ['POL-101'],
      '위키에서 확인할 수 없습니다.',
    );
    expect(r.questions[0]).toMatchObject({
      pass: false,
      failure_stage: 'abstention',
      fact_coverage: 0,
      faithfulness: null,
      citation_precision: null,
    });
    expect(r.summary.false_abstention_rate).toBe(1);
    expect(r.summary.correct_abstention_rate).toBeNull();
  });

  it('undefined metrics are null, not 0', () => {
    const r = g1(
      { facts: {}, abstained: true, correct: true, claims: [] },
      [],
      '위키에서 담당 팀을 확인할 수 없습니다.',
      {
        answerable: false,
        type: 'unanswerable',
        required_facts: [],
      },
    );
    expect(r.questions[0]).toMatchObject({
      recall_at_k: null,
      fact_coverage: null,
      faithfulness: null,
      citation_precision: null,
      erb_composite: null,
      pass: true,
      failure_stage: null,
    });
    expect(r.summary).toMatchObject({
      recall_at_k: null,
      fact_coverage: null,
      faithfulness: null,
      citation_precision: null,
      erb_composite: null,
      pass_rate: 1,
      correct_abstention_rate: 1,
      false_abstention_rate: null,
    });
  });

  it('the citation requirement can be switched off per golden set', () => {
    const claims = good.map((c) => ({ ...c, citations: [] }));
    const answer = '담당자를 15분 이내 호출합니다. 고객에게는 30분 이내 공지합니다.';
    const on = g1({ claims }, ['OPS-102', 'POL-101'], answer);
    expect(on.questions[0]).toMatchObject({ pass: false, failure_stage: 'citation', citation_precision: null });
    const off = gradeRag({
      golden: golden([Q1], { require_citations: false }),
      pages: PAGES,
      outputs: [output('Q-001', ['OPS-102', 'POL-101'], answer)],
      judgments: [judgment({ question_id: 'Q-001', facts: { F1: 'meets', F2: 'meets' }, claims })],
    });
    expect(off.questions[0]?.pass).toBe(true);
  });

  it('facts missing with recall below 1 fail at retrieval', () => {
    const r = g1(
      { facts: { F1: 'missing', F2: 'meets' }, claims: good.slice(1) },
      ['POL-101', 'INC-301'],
      '고객에게는 30분 이내 공지합니다 [POL-101].',
    );
    expect(r.questions[0]?.failure_stage).toBe('retrieval');
  });
});

describe('gradeRag: aggregation', () => {
  it('averages each metric over the questions where it is defined, by type and origin', () => {
    const qs = [
      question({}),
      question({ question_id: 'Q-002', origin: 'real', type: 'single_page', required_facts: [Q1.required_facts[1]] }),
      question({ question_id: 'Q-003', answerable: false, type: 'unanswerable', required_facts: [] }),
    ];
    const report = gradeRag({
      golden: golden(qs),
      pages: PAGES,
      outputs: [
        output('Q-001', ['POL-101', 'POL-099', 'INC-301'], WORKED_ANSWER),
        output('Q-002', ['POL-101'], '고객에게는 30분 이내 공지합니다 [POL-101].'),
        output('Q-003', [], '확인할 수 없습니다.'),
      ],
      judgments: [
        workedJudgment,
        judgment({ question_id: 'Q-002', facts: { F2: 'meets' }, claims: [good[1]] }),
        judgment({ question_id: 'Q-003', abstained: true, claims: [] }),
      ],
    });
    // recall .5, cov 1, faith .5, cp .5, fail; Q-002: 1, 1, 1, 1, pass; Q-003: nulls, pass.
    expect(report.summary).toMatchObject({
      n: 3,
      n_answerable: 2,
      n_unanswerable: 1,
      recall_at_k: 0.75,
      fact_coverage: 1,
      faithfulness: 0.75,
      citation_precision: 0.75,
      pass_rate: 2 / 3,
      correct_abstention_rate: 1,
      false_abstention_rate: 0,
      erb_composite: 1,
    });
    expect(Object.keys(report.by_type)).toEqual(['multi_page', 'single_page', 'unanswerable']);
    expect(report.by_type.unanswerable).toMatchObject({
      n: 1,
      pass_rate: 1,
      recall_at_k: null,
      correct_abstention_rate: 1,
    });
    expect(report.by_origin.real).toMatchObject({ n: 1, pass_rate: 1, recall_at_k: 1 });
    expect(report.by_origin.synthetic).toMatchObject({ n: 2, pass_rate: 0.5, recall_at_k: 0.5 });
  });

  it('rejects missing and unknown ids all at once, naming the question and fact', () => {
    const run = () =>
      gradeRag({
        golden: golden([Q1]),
        pages: PAGES,
        outputs: [output('Q-001', [], 'x'), output('Q-404', [], 'x')],
        judgments: [judgment({ question_id: 'Q-001', facts: { F1: 'meets' } })],
      });
    expect(run).toThrow(InputError);
    try {
      run();
    } catch (e) {
      const issues = (e as InputError).issues;
      expect(issues.map((i) => i.rule).sort()).toEqual(['missing-fact-verdict', 'unknown-question']);
      expect(issues.find((i) => i.rule === 'missing-fact-verdict')).toMatchObject({
        question: 'Q-001',
        message: expect.stringContaining('F2'),
      });
    }
  });
});
