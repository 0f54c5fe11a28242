import { describe, expect, it } from 'vitest';
import { compileAll, compileSummary, metaRubricRecords } from './meta-rubric-records.js';

const meta = (id: string) => ({
  question_id: id,
  question: 'Who designed the bridge?',
  language: 'en',
  items: [
    { id: 'I1', type: 'fact', tier: 'answer_critical', text: 'Names Thomas Telford' },
    { id: 'I2', type: 'fact', tier: 'context', text: 'Says it opened in 1826' },
  ],
});

describe('meta-rubric records', () => {
  it('names a question id used twice at the record that repeats it, and where it was first', () => {
    const { metas, issues } = metaRubricRecords([
      { value: meta('q1'), file: 'm.jsonl', line: 1 },
      { value: meta('q1'), file: 'm.jsonl', line: 4 },
    ]);
    expect(metas).toHaveLength(2);
    expect(issues).toEqual([
      {
        rule: 'duplicate-question',
        message: 'question_id "q1" is already used at line 1; each question compiles to one rubric',
        file: 'm.jsonl',
        line: 4,
        path: 'question_id',
        question: 'q1',
      },
    ]);
  });

  it('counts the compiled checks per tier and per kind', () => {
    const { metas } = metaRubricRecords([{ value: meta('q1'), file: 'm.json', index: 0 }]);
    const { rubrics } = compileAll(metas);
    const s = compileSummary(rubrics, null);
    expect(s.questions).toBe(1);
    expect(s.checks).toBe(rubrics[0]?.checks.length);
    expect(s.by_tier.answer_critical + s.by_tier.valuable + s.by_tier.context).toBe(s.checks);
    expect(s.by_tier.context).toBeGreaterThanOrEqual(1);
    expect(s.output).toBeNull();
  });
});
