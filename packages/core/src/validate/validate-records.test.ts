import { describe, expect, it } from 'vitest';
import { recordCount, validateRecords } from './validate-records.js';

const answer = (line: number, model = 'm') => ({
  value: { question_id: 'q1', model, setting: 'text_only', response: 'r' },
  file: 'a.jsonl',
  line,
});
const read = (records: ReturnType<typeof answer>[] | { value: unknown; file: string; line: number }[]) => ({
  records,
  issues: [],
  warnings: [],
});

describe('validateRecords', () => {
  it('tells the format from the records and finds a repeated answer', () => {
    const report = validateRecords('a.jsonl', read([answer(1), answer(2, 'n'), answer(3)]));
    expect(report.format).toBe('answer');
    expect(report.records).toBe(3);
    expect(report.issues.map((i) => [i.rule, i.line])).toEqual([['duplicate-answer', 3]]);
  });

  it('refuses a record of another format in a file it told, naming its line', () => {
    const verdict = {
      value: { question_id: 'q1', model: 'm', check_id: 'c1', verdict: 'meets' },
      file: 'a.jsonl',
      line: 3,
    };
    const report = validateRecords('a.jsonl', read([answer(1), answer(2, 'n'), verdict]));
    expect(report.format).toBe('answer');
    expect(report.issues.filter((i) => i.rule === 'mixed-formats')).toEqual([
      expect.objectContaining({ line: 3, message: 'this record looks like a verdict, but the file holds answers' }),
    ]);
  });

  it('says which keys it saw when it cannot tell the format, and keeps problems reading found', () => {
    const syntax = { rule: 'json-syntax', message: 'x', file: 'b.jsonl', line: 2 };
    const report = validateRecords('b.jsonl', {
      records: [{ value: { foo: 1, bar: 2 }, file: 'b.jsonl', line: 1 }],
      issues: [syntax],
      warnings: [],
    });
    expect(report.format).toBeUndefined();
    expect(report.issues.map((i) => i.rule)).toEqual(['json-syntax', 'unknown-format']);
    expect(report.issues[1]?.message).toContain('(keys: foo, bar)');
  });

  it('counts records in the format’s words', () => {
    expect(recordCount(1, 'meta-rubric')).toBe('1 meta-rubric');
    expect(recordCount(12, 'rag-judgment')).toBe('12 RAG judgments');
    expect(recordCount(2, undefined)).toBe('2 records');
  });
});
