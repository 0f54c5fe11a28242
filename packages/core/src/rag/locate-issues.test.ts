import { describe, expect, it } from 'vitest';
import { locateRagIssues } from './locate-issues.js';

const runLines = new Map([
  ['q1', 3],
  ['q2', 5],
]);

describe('locateRagIssues', () => {
  it('puts a missing output in the run file and a missing judgment in the judge spec when no file holds them', () => {
    const out = locateRagIssues(
      [
        { rule: 'missing-output', message: 'no output', question: 'q9' },
        { rule: 'missing-judgment', message: 'no judgment', question: 'q1' },
      ],
      { run: 'run.jsonl', runLines, judge: 'offline' },
    );
    expect(out).toEqual([
      { rule: 'missing-output', message: 'no output', question: 'q9', file: 'run.jsonl' },
      { rule: 'missing-judgment', message: 'no judgment', question: 'q1', file: 'offline' },
    ]);
  });

  it("names a bad judgment's line in the judgments file, and anything else the question's line in the run", () => {
    const out = locateRagIssues(
      [
        { rule: 'unknown-fact', message: 'fact f7 is not in the golden set', question: 'q2' },
        { rule: 'bad', message: 'judgment has no verdict', question: 'q1' },
        { rule: 'missing-judgment', message: 'no judgment', question: 'q3' },
        { rule: 'unknown-question', message: 'not in the golden set', question: 'q2' },
        { rule: 'several-agents', message: 'two agents' },
      ],
      {
        run: 'run.jsonl',
        runLines,
        judgments: 'j.jsonl',
        judgmentLines: new Map([['q2', 8]]),
        judge: 'labels:j.jsonl',
      },
    );
    expect(out.map((i) => [i.file, i.line])).toEqual([
      ['j.jsonl', 8],
      ['j.jsonl', undefined],
      ['j.jsonl', undefined],
      ['run.jsonl', 5],
      ['run.jsonl', undefined],
    ]);
  });

  it("reads judgment problems as the run file's when the judgments came from a judge, not a file", () => {
    const [i] = locateRagIssues([{ rule: 'unknown-fact', message: 'x', question: 'q1' }], {
      run: 'run.jsonl',
      runLines,
      judge: 'offline',
    });
    expect(i).toMatchObject({ file: 'run.jsonl', line: 3 });
  });
});
