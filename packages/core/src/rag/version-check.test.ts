import { describe, expect, it } from 'vitest';
import { gradeRag } from './grade-rag.js';
import { createOfflineRagJudge } from './judges/offline-rag-judge.js';
import { buildPageIndex, parsePageRef } from './page-index.js';
import { answerFlags, claim, golden, judgment, output, PAGES, question } from './rag-fixtures.test-helpers.js';

// POL-101 has only v3 (current); OPS-102 has v1 (historical) and v2 (current).
const index = buildPageIndex(PAGES);
const q = question({
  required_facts: [{ id: 'F2', fact: '고객에게 30분 이내 공지', page_ids: ['POL-101'], values: ['30분'] }],
});

describe('a page version the snapshot does not have', () => {
  it('is missing_version, not old_version, whether the version comes apart or in the reference', () => {
    expect(index.status('POL-101', 9)).toBe('missing_version');
    expect(index.status('POL-101@9')).toBe('missing_version');
    expect(index.status('POL-099', 4)).toBe('missing_version');
    expect(index.status('POL-101@3')).toBe('current');
    expect(index.status('OPS-102@v1')).toBe('old_version');
    expect(index.status('OPS-102#v2')).toBe('current');
    expect(index.status('NOPE@1')).toBe('missing');
    expect(parsePageRef('POL-101')).toEqual({ pageId: 'POL-101' });
  });

  it('a retrieved chunk of a made-up version is flagged invalid_version and never counts for recall', () => {
    const r = gradeRag({
      golden: golden([q]),
      pages: PAGES,
      outputs: [output('Q-001', [['POL-101', 9]], '고객에게 30분 이내 공지합니다.')],
      judgments: [judgment({ question_id: 'Q-001', facts: { F2: 'meets' }, claims: [] })],
    });
    expect(r.questions[0]?.retrieved_pages[0]).toMatchObject({
      page_id: 'POL-101',
      version: 9,
      status: 'missing_version',
    });
    expect(r.questions[0]?.recall_at_k).toBe(0);
    expect(answerFlags(r)).toEqual([
      {
        question_id: 'Q-001',
        kind: 'invalid_version',
        detail: 'retrieved POL-101 version 9, a version the snapshot does not have (it has v3)',
      },
    ]);
  });

  it('a citation of a made-up version is invalid whatever the judge said, and flagged', () => {
    const r = gradeRag({
      golden: golden([q]),
      pages: PAGES,
      outputs: [output('Q-001', ['POL-101'], '고객에게 30분 이내 공지합니다 [POL-101@9].')],
      judgments: [
        judgment({
          question_id: 'Q-001',
          facts: { F2: 'meets' },
          claims: [claim('고객에게 30분 이내 공지합니다', true, [['POL-101@9', true]])],
        }),
      ],
    });
    expect(r.questions[0]?.claims[0]?.citations[0]).toMatchObject({
      page_id: 'POL-101@9',
      status: 'missing_version',
      valid: false,
      reason: 'version is not in the snapshot',
    });
    expect(r.questions[0]).toMatchObject({ citation_precision: 0, pass: false, failure_stage: 'citation' });
    expect(answerFlags(r).map((f) => [f.kind, f.detail])).toEqual([
      [
        'invalid_version',
        'claim "고객에게 30분 이내 공지합니다" cites POL-101@9, a version the snapshot does not have (it has v3)',
      ],
    ]);
  });

  it('the offline judge reads an inline [PAGE@N] marker: the current version supports, a made-up one does not', async () => {
    const judge = createOfflineRagJudge();
    const cite = async (marker: string) => {
      const o = output('Q-001', ['POL-101'], `고객에게는 30분 이내 공지합니다 [${marker}].`);
      const r = await judge.judge({ question: q, output: o, index });
      if (r.status !== 'ok') throw new Error(r.error);
      return r.judgment.claims[0]?.citations[0];
    };
    expect(await cite('POL-101@3')).toMatchObject({ page_id: 'POL-101@3', supports: true });
    expect(await cite('POL-101@9')).toMatchObject({
      page_id: 'POL-101@9',
      supports: false,
      reason: 'cited version is not in the snapshot',
    });
  });
});
