import { describe, expect, it } from 'vitest';
import type { ModelCallOptions } from '../../judge/judge-model.js';
import { MockJudgeModel } from '../../test/mock-judge-model.js';
import { gradeRag } from '../grade-rag.js';
import { buildPageIndex } from '../page-index.js';
import { golden, output, PAGES, Q1, question, WORKED_ANSWER } from '../rag-fixtures.test-helpers.js';
import { createLabelsRagJudge } from './labels-rag-judge.js';
import { createLlmRagJudge } from './llm-rag-judge.js';
import { createOfflineRagJudge } from './offline-rag-judge.js';
import { judgeRagRun } from './run-rag-judge.js';

const index = buildPageIndex(PAGES);
const q1 = question({});
const worked = output('Q-001', ['POL-101', 'POL-099', 'INC-301'], WORKED_ANSWER);

describe('offline RAG judge (lexical baseline)', () => {
  it('reproduces the worked example end to end', async () => {
    const r = await createOfflineRagJudge().judge({ question: q1, output: worked, index });
    if (r.status !== 'ok') throw new Error(r.error);
    expect(r.judgment).toMatchObject({ facts: { F1: 'meets', F2: 'meets' }, abstained: false, judge: 'offline' });
    expect(r.judgment.claims.map((c) => [c.supported, c.citations.map((x) => [x.page_id, x.supports])])).toEqual([
      [false, [['POL-099', false]]],
      [true, [['POL-101', true]]],
    ]);
    expect(r.judgment.ragchecker?.retrieved2response).toEqual([
      ['Neutral', 'Neutral', 'Neutral'],
      ['Entailment', 'Neutral', 'Neutral'],
    ]);
    const report = gradeRag({ golden: golden([Q1]), pages: PAGES, outputs: [worked], judgments: [r.judgment] });
    expect(report.ragchecker?.metrics.faithfulness).toBe(0.5);
    expect(report.questions[0]).toMatchObject({
      recall_at_k: 0.5,
      fact_coverage: 1,
      faithfulness: 0.5,
      citation_precision: 0.5,
      pass: false,
      failure_stage: 'grounding',
    });
  });

  it('abstains on Korean and English cue phrases', async () => {
    const judge = createOfflineRagJudge();
    for (const answer of [
      '위키에서 담당 팀을 찾을 수 없습니다.',
      'I could not find this in the wiki.',
      '확인되지 않습니다.',
    ]) {
      const r = await judge.judge({ question: q1, output: output('Q-001', ['POL-101'], answer), index });
      expect(r.status === 'ok' && r.judgment.abstained, answer).toBe(true);
    }
    const r = await judge.judge({ question: q1, output: worked, index });
    expect(r.status === 'ok' && r.judgment.abstained).toBe(false);
  });
});

describe('labels RAG judge', () => {
  it('returns the stored judgment, and a failure (not a guess) when there is none', async () => {
    const judge = createLabelsRagJudge({
      id: 'labels:h.jsonl',
      judgments: [{ question_id: q1.question_id, facts: {}, claims: [], abstained: true, correct: false }],
    });
    expect(await judge.judge({ question: q1, output: worked, index })).toMatchObject({
      status: 'ok',
      judgment: { judge: 'labels:h.jsonl' },
    });
    const other = question({ question_id: 'Q-002' });
    expect(await judge.judge({ question: other, output: worked, index })).toMatchObject({ status: 'failed' });
  });
});

/** Scripted replies by prompt template, as an LLM would give for the worked example. */
function scripted(overrides: Partial<Record<string, string[]>> = {}) {
  const queues: Record<string, string[]> = { ...overrides } as Record<string, string[]>;
  return (o: ModelCallOptions): string => {
    const name = (o.promptTemplate ?? '').split('@')[0] ?? '';
    const q = queues[name];
    if (q?.length) return q.shift() as string;
    switch (name) {
      case 'rag-abstention':
        return JSON.stringify({ abstained: false, correct: true, reason: 'matches' });
      case 'rag-claims':
        return JSON.stringify({
          claims: [
            { sentence: 1, text: '담당자를 15분 이내 호출한다', key: true },
            { sentence: 2, text: '고객에게 30분 이내 공지한다', key: true },
          ],
        });
      case 'rag-facts':
        return JSON.stringify({
          facts: [
            { id: 'F1', verdict: 'meets', quote: '15분 이내 호출', reason: '' },
            { id: 'F2', verdict: 'meets', quote: '30분 이내 공지', reason: '' },
          ],
        });
      case 'rag-support':
        return JSON.stringify({
          claims: [
            {
              index: 1,
              supported: false,
              contradicted: false,
              location: null,
              reason: 'no retrieved page mentions the call-out',
            },
            { index: 2, supported: true, contradicted: false, location: 'POL-101 sentence 1', reason: '' },
          ],
        });
      case 'rag-citation':
        return JSON.stringify({ supports: true, location: 'sentence 1', reason: '' });
      case 'rag-gold-claims':
        return JSON.stringify({ claims: ['담당자는 15분 이내 호출한다', '고객에게 30분 이내 공지한다'] });
      case 'rag-entail': {
        // Entailed when the claim's "NN분" appears in the reference text.
        const text = MockJudgeModel.promptText(o);
        const reference = text.split('Reference text:\n')[1]?.split('\n\nClaims:')[0] ?? '';
        const claims = [...(text.split('Claims:\n')[1] ?? '').matchAll(/^\[(\d+)\] (.*)$/gm)];
        return JSON.stringify({
          labels: claims.map((m) => ({
            index: Number(m[1]),
            label: reference.includes(/\d+분/.exec(m[2] ?? '')?.[0] ?? '@@') ? 'Entailment' : 'Neutral',
          })),
        });
      }
      default:
        return '{}';
    }
  };
}

describe('LLM RAG judge', () => {
  it('runs each step as a structured call; archived citations never reach the model', async () => {
    const model = new MockJudgeModel({ reply: scripted() });
    const r = await createLlmRagJudge({ model }).judge({ question: q1, output: worked, index });
    if (r.status !== 'ok') throw new Error(r.error);
    const steps = model.calls.map((c) => c.promptTemplate);
    expect(steps).toEqual(['rag-abstention@v1', 'rag-claims@v1', 'rag-facts@v1', 'rag-support@v1', 'rag-citation@v1']);
    expect(model.calls.every((c) => c.responseFormat?.schema && c.temperature === 0)).toBe(true);
    const citationCall = MockJudgeModel.promptText(model.calls[4] as ModelCallOptions);
    expect(citationCall).toContain('POL-101');
    expect(citationCall).toContain('30분 이내 공지한다');
    expect(r.judgment.claims[0]?.citations[0]).toEqual({
      page_id: 'POL-099',
      supports: false,
      location: null,
      reason: 'cited page is archived',
    });
    const report = gradeRag({ golden: golden([Q1]), pages: PAGES, outputs: [worked], judgments: [r.judgment] });
    expect(report.questions[0]).toMatchObject({
      faithfulness: 0.5,
      citation_precision: 0.5,
      failure_stage: 'grounding',
    });
  });

  it('labels claims both ways for RAGChecker when asked (hand-computed metrics)', async () => {
    const model = new MockJudgeModel({ reply: scripted() });
    const r = await createLlmRagJudge({ model, ragchecker: true }).judge({ question: q1, output: worked, index });
    if (r.status !== 'ok') throw new Error(r.error);
    const steps = model.calls.map((c) => c.promptTemplate?.split('@')[0]);
    expect(steps.filter((s) => s === 'rag-entail')).toHaveLength(3 + 2); // one per chunk, then both directions
    expect(r.judgment.ragchecker).toMatchObject({
      answer2response: ['Entailment', 'Entailment'],
      response2answer: ['Entailment', 'Entailment'],
      retrieved2response: [
        ['Neutral', 'Neutral', 'Neutral'],
        ['Entailment', 'Neutral', 'Neutral'],
      ],
    });
    const report = gradeRag({ golden: golden([Q1]), pages: PAGES, outputs: [worked], judgments: [r.judgment] });
    expect(report.ragchecker?.metrics).toEqual({
      precision: 1,
      recall: 1,
      f1: 1,
      claim_recall: 0.5,
      context_precision: 1 / 3,
      context_utilization: 1,
      noise_sensitivity_in_relevant: 0,
      noise_sensitivity_in_irrelevant: 0,
      hallucination: 0,
      self_knowledge: 0.5,
      faithfulness: 0.5,
    });
  });

  it('shows the support judge only the relevant part of a long cited page', async () => {
    const long = [
      ...Array.from({ length: 30 }, (_, i) => `배포 절차 ${i}단계는 변경 승인을 받는다.`),
      'P1 장애가 발생하면 고객에게 30분 이내 공지한다.',
      ...Array.from({ length: 30 }, (_, i) => `보안 점검 항목 ${i}번을 확인한다.`),
    ].join(' ');
    const pages = PAGES.map((p) => (p.page_id === 'POL-101' ? { ...p, body: long } : p));
    const model = new MockJudgeModel({ reply: scripted() });
    await createLlmRagJudge({ model }).judge({ question: q1, output: worked, index: buildPageIndex(pages) });
    const citationCall = MockJudgeModel.promptText(
      model.calls.find((c) => c.promptTemplate?.startsWith('rag-citation')) as ModelCallOptions,
    );
    expect(citationCall).toContain('고객에게 30분 이내 공지한다');
    expect(citationCall).not.toContain('보안 점검 항목 29번');
    expect(citationCall).not.toContain('배포 절차 0단계');
  });

  it('repairs an invalid reply, and records a failure with the raw reply when repair fails', async () => {
    const repaired = new MockJudgeModel({
      reply: scripted({ 'rag-facts': ['{"facts":[{"id":"F1","verdict":"yes"}]}'] }),
    });
    const ok = await createLlmRagJudge({ model: repaired }).judge({ question: q1, output: worked, index });
    expect(ok.status).toBe('ok');
    const facts = repaired.calls.filter((c) => c.promptTemplate?.startsWith('rag-facts'));
    expect(facts).toHaveLength(2);
    expect(MockJudgeModel.promptText(facts[1] as ModelCallOptions)).toContain('not valid');

    const broken = new MockJudgeModel({
      reply: scripted({ 'rag-claims': ['nope', 'still nope', '{"claims":[{"sentence":9,"text":"x","key":true}]}'] }),
    });
    const failed = await createLlmRagJudge({ model: broken }).judge({ question: q1, output: worked, index });
    expect(failed).toMatchObject({ status: 'failed', raw: '{"claims":[{"sentence":9,"text":"x","key":true}]}' });
    expect(failed.status === 'failed' && failed.error).toContain('sentence numbers');
  });

  it('judgeRagRun keeps failures apart from judgments', async () => {
    const model = new MockJudgeModel({ reply: scripted({ 'rag-abstention': ['x', 'x', 'x'] }) });
    const g = golden([Q1, { ...Q1, question_id: 'Q-002' }]);
    const done: number[] = [];
    const r = await judgeRagRun({
      golden: g,
      outputs: [worked, { ...worked, question_id: q1.question_id.replace('1', '2') as typeof q1.question_id }],
      index,
      judge: createLlmRagJudge({ model }),
      concurrency: 1,
      onProgress: (d) => done.push(d),
    });
    expect(r.failures).toHaveLength(1);
    expect(r.failures[0]).toMatchObject({ question_id: 'Q-001', judge: 'mock:mock-judge' });
    expect(r.judgments.map((j) => j.question_id)).toEqual(['Q-002']);
    expect(done).toEqual([1, 2]);
  });
});
