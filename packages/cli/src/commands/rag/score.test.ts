import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGamut } from '@gamut/testkit';
import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';

// The seed's incident wiki (SPEC §7 worked example) and one unanswerable question.
const pages = [
  {
    page_id: 'POL-101',
    title: '장애 공지 정책',
    status: 'current',
    version: 3,
    body: 'P1 장애가 발생하면 고객에게 30분 이내 공지한다.',
  },
  {
    page_id: 'OPS-102',
    title: '온콜 안내',
    status: 'current',
    version: 2,
    body: 'P1 장애가 발생하면 담당자를 15분 이내 호출한다.',
  },
  {
    page_id: 'POL-099',
    title: '장애 공지 정책 (구버전)',
    status: 'archived',
    version: 1,
    body: 'P1 장애의 고객 공지 시한은 60분 이내다.',
  },
  {
    page_id: 'INC-301',
    title: 'INC-301 회고',
    status: 'current',
    version: 1,
    body: '결제 장애 회고. 원인은 인증서 만료였다.',
  },
];
const golden = {
  name: '장애-위키',
  version: '1',
  wiki_snapshot: 'incident-wiki',
  questions: [
    {
      question_id: 'Q-001',
      question: 'P1 장애 때 담당자 호출과 고객 공지 시한은?',
      answerable: true,
      type: 'multi_page',
      origin: 'synthetic',
      required_facts: [
        { id: 'F1', fact: '담당자를 15분 이내 호출', page_ids: ['OPS-102'], values: ['15분'] },
        { id: 'F2', fact: '고객에게 30분 이내 공지', page_ids: ['POL-101'], values: ['30분'] },
      ],
      gold_answer: '담당자는 15분 이내 호출하고 고객에게는 30분 이내 공지한다.',
    },
    {
      question_id: 'Q-002',
      question: 'P1 장애의 일본어 공지는 어느 팀이 맡나요?',
      answerable: false,
      type: 'unanswerable',
      origin: 'real',
    },
  ],
};
const run = [
  {
    question_id: 'Q-001',
    agent: 'baseline',
    retrieved: [
      { page_id: 'POL-101', version: 3, chunk_id: 'a', rank: 1, score: 0.9 },
      { page_id: 'POL-099', version: 1, chunk_id: 'b', rank: 2, score: 0.8 },
      { page_id: 'INC-301', version: 1, chunk_id: 'c', rank: 3, score: 0.7 },
    ],
    answer: '담당자를 15분 이내 호출합니다 [POL-099]. 고객에게는 30분 이내 공지합니다 [POL-101].',
  },
  { question_id: 'Q-002', agent: 'baseline', retrieved: [], answer: '위키에서 담당 팀을 확인할 수 없습니다.' },
];
const labels = [
  {
    question_id: 'Q-001',
    facts: { F1: 'meets', F2: 'meets' },
    claims: [
      {
        text: '담당자를 15분 이내 호출합니다',
        key: true,
        supported: false,
        citations: [{ page_id: 'POL-099', supports: false }],
      },
      {
        text: '고객에게는 30분 이내 공지합니다',
        key: true,
        supported: true,
        citations: [{ page_id: 'POL-101', supports: true, location: 'sentence 1' }],
      },
    ],
    abstained: false,
    correct: true,
  },
  { question_id: 'Q-002', facts: {}, claims: [], abstained: true, correct: true },
];

const jsonl = (xs: unknown[]) => `${xs.map((x) => JSON.stringify(x)).join('\n')}\n`;
let dir = '';
const p = (f: string) => join(dir, f);
const base = () => ['rag', 'score', '--golden', p('golden.json'), '--wiki', p('wiki.jsonl'), '--run', p('run.jsonl')];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gamut-rag-score-'));
  writeFileSync(p('wiki.jsonl'), jsonl(pages));
  writeFileSync(p('golden.json'), JSON.stringify(golden));
  writeFileSync(p('run.jsonl'), jsonl(run));
  writeFileSync(p('labels.jsonl'), jsonl(labels));
});

describe('gamut rag score', () => {
  it('--json gives SPEC §10’s shape with the worked example’s numbers', async () => {
    const r = await runGamut([...base(), '--judge', `labels:${p('labels.jsonl')}`, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(Object.keys(report)).toEqual(
      expect.arrayContaining(['questions', 'summary', 'by_type', 'by_stage', 'by_origin', 'flags']),
    );
    expect(report.questions[0]).toMatchObject({
      question_id: 'Q-001',
      type: 'multi_page',
      origin: 'synthetic',
      answerable: true,
      recall_at_k: 0.5,
      fact_coverage: 1,
      faithfulness: 0.5,
      citation_precision: 0.5,
      abstained: false,
      pass: false,
      failure_stage: 'grounding',
    });
    expect(report.questions[1]).toMatchObject({
      recall_at_k: null,
      fact_coverage: null,
      pass: true,
      failure_stage: null,
    });
    expect(report.summary).toEqual(
      expect.objectContaining({
        k: 3,
        recall_at_k: 0.5,
        fact_coverage: 1,
        faithfulness: 0.5,
        citation_precision: 0.5,
        pass_rate: 0.5,
        correct_abstention_rate: 1,
        false_abstention_rate: 0,
        erb_composite: 1,
      }),
    );
    expect(report.by_stage.grounding).toBe(1);
    expect(report.by_type.unanswerable.n).toBe(1);
    expect(report.flags).toEqual([expect.objectContaining({ question_id: 'Q-001', kind: 'citation_not_current' })]);
    expect(report.golden.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(report.snapshot.id).toMatch(/^[0-9a-f]{64}$/);
    writeFileSync(p('report.json'), r.stdout);
  });

  it('text output: tables by type, stage and origin, flags and hashes, aligned with Korean', async () => {
    const r = await runGamut([...base(), '--judge', `labels:${p('labels.jsonl')}`, '--k', '2']);
    expect(r.code).toBe(0);
    for (const s of [
      'Per question',
      'By question type',
      'By failure stage',
      'By origin',
      'Flags for review (1)',
      'golden set  장애-위키 v1  hash',
      'R@2',
    ]) {
      expect(r.stdout).toContain(s);
    }
    const table = r.stdout.split('Per question\n')[1]?.split('\n\n')[0]?.split('\n') ?? [];
    expect(table.length).toBeGreaterThan(3);
    expect(new Set(table.map((l) => stringWidth(l))).size).toBe(1);
    const flags = r.stdout.split('Flags for review (1)\n')[1]?.trim().split('\n') ?? [];
    expect(new Set(flags.map((l) => stringWidth(l))).size).toBe(1);
    expect(r.stdout).toMatch(/Q-001 +│ multi_page +│ synthetic +│ +50\.0 │ +100\.0 │ +50\.0 │ +50\.0 │/);
  });

  it('the offline judge grades without a key, and its judgments can be replayed with labels:', async () => {
    const off = await runGamut([...base(), '--judge', 'offline', '--json', '--judgments-out', p('offline.jsonl')]);
    expect(off.code).toBe(0);
    const a = JSON.parse(off.stdout);
    expect(a.judge).toBe('offline');
    expect(a.questions.map((q: { failure_stage: string | null }) => q.failure_stage)).toEqual(['grounding', null]);
    const replay = await runGamut([...base(), '--judge', `labels:${p('offline.jsonl')}`, '--json']);
    expect(replay.code).toBe(0);
    expect(JSON.parse(replay.stdout).summary).toEqual(a.summary);
    const text = await runGamut([...base(), '--judge', 'offline']);
    expect(text.stdout).toContain('lexical baseline');
  });

  it('exit 2 on a bad run line, naming file, line and question', async () => {
    const bad = [run[0], { question_id: 'Q-002', agent: 'baseline', retrieved: [{ page_id: 'X', rank: 0 }] }];
    writeFileSync(p('bad-run.jsonl'), jsonl(bad));
    const r = await runGamut([
      'rag',
      'score',
      '--golden',
      p('golden.json'),
      '--wiki',
      p('wiki.jsonl'),
      '--run',
      p('bad-run.jsonl'),
      '--judge',
      'offline',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${p('bad-run.jsonl')}:2`);
    expect(r.stderr).toContain('question Q-002');
    expect(r.stderr).toContain('answer');
    expect(r.stderr).toContain('retrieved[0].rank');
  });

  it('exit 2 when a label lacks a fact verdict, naming the labels file, line, question and fact', async () => {
    writeFileSync(p('bad-labels.jsonl'), jsonl([labels[1], { ...labels[0], facts: { F1: 'meets' } }]));
    const r = await runGamut([...base(), '--judge', `labels:${p('bad-labels.jsonl')}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${p('bad-labels.jsonl')}:2`);
    expect(r.stderr).toMatch(/question Q-001.*F2.*missing-fact-verdict/);
  });

  it('a model judge that replies garbage is a reported judge failure, not a grade (exit 4, a provider failure)', async () => {
    const r = await runGamut(
      [...base(), '--judge', 'mock:garbage', '--store', p('store'), '--judgments-out', p('partial.jsonl')],
      {
        cwd: dir,
      },
    );
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('the judge failed on 2 question(s)');
    expect(r.stderr).toContain('Q-001');
    expect(r.stdout).toBe('');
  });

  it('--compare refuses a report made on another golden set or snapshot', async () => {
    const same = await runGamut([...base(), '--judge', `labels:${p('labels.jsonl')}`, '--compare', p('report.json')]);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('Compared with');
    const other = JSON.parse(readFileSync(p('report.json'), 'utf8'));
    other.golden.hash = 'f'.repeat(64);
    writeFileSync(p('other.json'), JSON.stringify(other));
    const r = await runGamut([...base(), '--judge', `labels:${p('labels.jsonl')}`, '--compare', p('other.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('different golden sets');
    expect(r.stderr).not.toContain('snapshot-mismatch');
  });

  it('exit 2 on a bad option value', async () => {
    const k = await runGamut([...base(), '--judge', 'offline', '--k', '0']);
    expect(k.code).toBe(2);
    expect(k.stderr).toContain('--k must be a positive integer');
    const f = await runGamut([...base(), '--judge', 'offline', '--fail-under', '75']);
    expect(f.code).toBe(2);
    expect(f.stderr).toContain('pass rate in [0, 1]');
  });

  it('--fail-under is a quality gate: exit 1', async () => {
    const r = await runGamut([...base(), '--judge', `labels:${p('labels.jsonl')}`, '--fail-under', '0.9', '--json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('pass rate 50.0 is below --fail-under 90.0');
    expect(JSON.parse(r.stdout).summary.pass_rate).toBe(0.5);
  });
});

describe('gamut rag import-erb', () => {
  it('exit 2 on a malformed line', async () => {
    writeFileSync(
      p('erb-bad.jsonl'),
      '{"question_id":"a","question_type":"basic","question":"q"}\n{"question_id":"b"}\n',
    );
    const r = await runGamut(['rag', 'import-erb', p('erb-bad.jsonl'), '-o', p('erb-bad.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${p('erb-bad.jsonl')}:2`);
  });
});
