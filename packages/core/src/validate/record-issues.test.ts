import { describe, expect, it } from 'vitest';
import { duplicateIssues, recordContext, recordIssues } from './record-issues.js';

const answer = (line: number, model = 'm') => {
  const value = { question_id: 'q1', model, setting: 'text_only', response: 'r' };
  return { record: { value, file: 'a.jsonl', line }, value };
};

describe('record issues', () => {
  it('names a repeated answer at its line and where the first one is', () => {
    const issues = duplicateIssues('answer', [answer(1), answer(2, 'n'), answer(5)]);
    expect(issues).toEqual([
      {
        rule: 'duplicate-answer',
        message: 'duplicate answer (question, model, setting) q1 / m / text_only: first at line 1',
        file: 'a.jsonl',
        line: 5,
        question: 'q1',
      },
    ]);
  });

  it('finds a second current version of a wiki page', () => {
    const page = (version: number, line: number) => {
      const value = { page_id: 'P', title: 't', status: 'current', version, body: '' };
      return { record: { value, file: 'w.jsonl', line }, value };
    };
    const [i] = duplicateIssues('wiki-page', [page(1, 1), page(2, 2)]);
    expect(i).toMatchObject({ rule: 'multiple-current', line: 2, path: 'status' });
    expect(i?.message).toBe('page P has a second current version (first at line 1)');
  });

  it("places an array document's record by its index and returns the parsed value when it is valid", () => {
    expect(recordContext({ value: {}, file: 'x.json', index: 2 }, 'q')).toEqual({
      file: 'x.json',
      pathPrefix: [2],
      question: 'q',
    });
    const ok = recordIssues('answer', { value: answer(1).value, file: 'a.jsonl', line: 1 });
    expect(ok.issues).toEqual([]);
    expect(ok.value).toMatchObject({ question_id: 'q1' });
    const bad = recordIssues('answer', { value: { question_id: 'q1' }, file: 'a.jsonl', line: 3 });
    expect(bad.value).toBeUndefined();
    expect(bad.issues[0]).toMatchObject({ file: 'a.jsonl', line: 3, question: 'q1' });
  });
});
