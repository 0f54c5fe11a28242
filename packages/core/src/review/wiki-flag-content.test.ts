import { describe, expect, it } from 'vitest';
import { golden, output, PAGES, Q1 } from '../rag/rag-fixtures.test-helpers.js';
import { wikiFlagContent } from './wiki-flag-content.js';

const base = { name: 'incident-wiki', version: '1', hash: 'h' };

describe('wikiFlagContent', () => {
  it('shows the question, its facts, the answer and the pages the flag and its change name', () => {
    const c = wikiFlagContent(
      { golden: golden([Q1]), wiki: PAGES, outputs: [output('Q-001', ['POL-101'], '30분 이내 공지')] },
      {
        flag: { question_id: 'Q-001', kind: 'other_page_supports', detail: 'fact F2: POL-102 also states "30분"' },
        change: { op: 'add_fact_page', question_id: 'Q-001', fact_id: 'F2', page_id: 'POL-102' },
        golden: base,
      },
    );
    expect(c).toMatchObject({
      question: Q1.question,
      answerable: true,
      answer: '30분 이내 공지',
      change: { op: 'add_fact_page', page_id: 'POL-102' },
    });
    expect(c?.facts.map((f) => f.id)).toEqual(['F1', 'F2']);
    // The change's page, then F2's own page (POL-101); POL-102 is named once.
    expect(c?.pages.map((p) => [p.page_id, p.status, p.version])).toEqual([
      ['POL-102', 'current', 1],
      ['POL-101', 'current', 3],
    ]);
  });

  it('an archived page named in the detail is shown in its latest version; a bad payload gives null', () => {
    const c = wikiFlagContent(
      { golden: golden([Q1]), wiki: PAGES },
      { flag: { question_id: 'Q-001', kind: 'citation_not_current', detail: 'cites POL-099, archived' }, golden: base },
    );
    expect(c?.pages.map((p) => [p.page_id, p.status])).toEqual([['POL-099', 'archived']]);
    expect(c?.change).toBeNull();
    expect(wikiFlagContent({}, { flag: 1 })).toBeNull();
  });
});
