import { AgentOutput } from '../schema/agent-output.js';
import { GoldenQuestion, GoldenSet } from '../schema/golden-set.js';
import { RagJudgment } from '../schema/rag-judgment.js';
import { WikiPage } from '../schema/wiki.js';
import { GOLDEN_SET_FLAG_KINDS } from './golden-flags.js';
import type { RagReport } from './report-schema.js';

/** The seed's fictional incident wiki (SPEC §7 worked example), plus a few pages for the rule cases. */
export const PAGES: WikiPage[] = [
  {
    page_id: 'POL-101',
    title: '장애 공지 정책',
    status: 'current',
    version: 3,
    body: 'P1 장애가 발생하면 고객에게 30분 이내 공지한다. 공지는 상태 페이지에 올린다.',
  },
  {
    page_id: 'POL-102',
    title: '고객 커뮤니케이션 안내',
    status: 'current',
    version: 1,
    body: 'P1 장애 시 고객 공지는 30분 이내에 한다.',
  },
  {
    page_id: 'OPS-102',
    title: '온콜 안내 (구)',
    status: 'historical',
    version: 1,
    body: 'P1 장애가 발생하면 담당자를 30분 이내 호출한다.',
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
    body: '2024년 3월 결제 장애 회고. 원인은 인증서 만료였다.',
  },
].map((p) => WikiPage.parse(p));

export const Q1 = {
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
};

export const WORKED_ANSWER = '담당자를 15분 이내 호출합니다 [POL-099]. 고객에게는 30분 이내 공지합니다 [POL-101].';

export function golden(questions: unknown[], extra: Record<string, unknown> = {}): GoldenSet {
  return GoldenSet.parse({ name: 'incident-wiki', version: '1', wiki_snapshot: 'snap-1', questions, ...extra });
}

export function question(over: Record<string, unknown>): GoldenQuestion {
  return GoldenQuestion.parse({ ...Q1, ...over });
}

export function output(
  questionId: string,
  pages: (string | [string, number])[],
  answer: string,
  extra: Record<string, unknown> = {},
): AgentOutput {
  return AgentOutput.parse({
    question_id: questionId,
    agent: 'baseline',
    retrieved: pages.map((p, i) => {
      const [page_id, version] = Array.isArray(p) ? p : [p, undefined];
      return {
        page_id,
        ...(version !== undefined && { version }),
        chunk_id: `${page_id}#${i}`,
        rank: i + 1,
        score: 1 - i / 10,
      };
    }),
    answer,
    ...extra,
  });
}

export function judgment(j: Record<string, unknown>): RagJudgment {
  return RagJudgment.parse({ abstained: false, correct: true, ...j });
}

export const claim = (text: string, supported: boolean, cites: [string, boolean][] = [], key = true) => ({
  text,
  key,
  supported,
  citations: cites.map(([page_id, supports]) => ({
    page_id,
    supports,
    location: supports ? 'sentence 1' : null,
    reason: supports ? '' : 'does not say this',
  })),
});

/** The flags on the answer: those on the golden set itself (POL-102 also states F2's "30분") left out. */
export function answerFlags(report: Pick<RagReport, 'flags'>): RagReport['flags'] {
  return report.flags.filter((f) => !GOLDEN_SET_FLAG_KINDS.includes(f.kind));
}
