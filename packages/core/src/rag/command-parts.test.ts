import { describe, expect, it } from 'vitest';
import { GoldenSet } from '../schema/golden-set.js';
import { goldenSetCounts, goldenSetCountsText } from './erb-import.js';
import { ragJudgeFailureMessage } from './judges/run-rag-judge.js';

describe('goldenSetCounts', () => {
  it('counts questions by type, required facts and unanswerable questions', () => {
    const golden = GoldenSet.parse({
      name: 'g',
      version: '1',
      wiki_snapshot: 's',
      questions: [
        {
          question_id: 'a',
          question: 'A?',
          answerable: true,
          origin: 'real',
          type: 'single_page',
          required_facts: [
            { id: 'F1', fact: 'x', page_ids: ['P'] },
            { id: 'F2', fact: 'y', page_ids: ['P'] },
          ],
        },
        { question_id: 'b', question: 'B?', type: 'unanswerable', origin: 'synthetic', answerable: false },
      ],
    });
    const c = goldenSetCounts(golden);
    expect(c).toEqual({ questions: 2, facts: 2, unanswerable: 1, by_type: { single_page: 1, unanswerable: 1 } });
    expect(goldenSetCountsText(c, 'g.json')).toBe(
      'wrote g.json: 2 questions (single_page 1, unanswerable 1), 2 required facts, 1 unanswerable\n',
    );
  });
});

describe('ragJudgeFailureMessage', () => {
  it('lists each failed question with its error, and where the other judgments are', () => {
    const f = { question_id: 'Q-1', judge: 'j', kind: 'invalid_reply' as const, error: 'not JSON', raw: 'x' };
    expect(ragJudgeFailureMessage([f, { ...f, question_id: 'Q-2', error: 'timeout' }], 'out.jsonl')).toBe(
      'the judge failed on 2 question(s): Q-1 (not JSON); Q-2 (timeout); the other judgments are in out.jsonl',
    );
    expect(ragJudgeFailureMessage([f])).toBe('the judge failed on 1 question(s): Q-1 (not JSON)');
  });
});
