import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LabelLine } from '../analysis/formats.js';
import { InputError } from '../issues/errors.js';
import { AnswerLine, VerdictLine } from '../schema/answer.js';
import { recordFromCells } from './csv-cells.js';
import { parseCsvRecords } from './csv-records.js';

const problems = (text: string) => {
  try {
    parseCsvRecords(text, 'a.csv');
  } catch (e) {
    if (InputError.isInputError(e)) return e.issues;
    throw e;
  }
  throw new Error('expected problems');
};

describe('parseCsvRecords', () => {
  it('reads an Excel CSV: BOM, CRLF, Korean, quoted commas, quotes and line breaks, each row at its line', () => {
    const text =
      '\uFEFFquestion_id,model,response\r\n' +
      'q1,m,"첫 줄\r\n둘째 줄, 셋째"\r\n' +
      '\r\n' +
      'q2,m,"김치찌개 ""맛있다"""\r\n';
    expect(parseCsvRecords(text, 'a.csv')).toEqual([
      {
        value: { question_id: 'q1', model: 'm', response: '첫 줄\r\n둘째 줄, 셋째' },
        file: 'a.csv',
        line: 2,
        csv: true,
      },
      { value: { question_id: 'q2', model: 'm', response: '김치찌개 "맛있다"' }, file: 'a.csv', line: 5, csv: true },
    ]);
  });

  it('tells semicolon- and tab-separated files from the header row', () => {
    expect(parseCsvRecords('item;rater;label\n1;ann;2\n', 'a.csv')[0]?.value).toEqual({
      item: '1',
      rater: 'ann',
      label: '2',
    });
    expect(parseCsvRecords('item\trater\tlabel\n1\tann\t2\n', 'a.tsv')[0]?.value).toEqual({
      item: '1',
      rater: 'ann',
      label: '2',
    });
  });

  it('names a quote that never closes where it opens, and a stray character after a closing quote', () => {
    expect(problems('question_id,model,response\nq1,m,fine\nq2,m,"never closed\nmore\n')).toEqual([
      {
        rule: 'csv-syntax',
        message: 'a quoted cell is never closed (no ending ")',
        file: 'a.csv',
        line: 3,
        column: 6,
        excerpt: { text: 'q2,m,"never closed', caret: 5 },
      },
    ]);
    expect(problems('a,b\n1,"x"y\n')).toEqual([
      {
        rule: 'csv-syntax',
        message: 'a character after a closing quote: inside a quoted cell write " as ""',
        file: 'a.csv',
        line: 2,
        column: 6,
        excerpt: { text: '1,"x"y', caret: 5 },
      },
    ]);
  });

  it('names rows with the wrong number of cells and headers without names', () => {
    expect(problems('a,b\n1,2\n1,2,3\n4\n')).toEqual([
      { rule: 'csv-syntax', message: 'this row has 3 cells, the header 2', file: 'a.csv', line: 3 },
      { rule: 'csv-syntax', message: 'this row has 1 cell, the header 2', file: 'a.csv', line: 4 },
    ]);
    expect(problems('a,,a\n1,2,3\n').map((i) => i.message)).toEqual([
      'column 2 of the header row has no name',
      'column "a" appears twice in the header row',
    ]);
  });
});

describe('recordFromCells types cells by the schema that reads them', () => {
  it("reads Gamut's own verdict export: sample as a number, an empty quote as absent", () => {
    const cells = {
      question_id: 'q1',
      model: 'm',
      setting: 'text_only',
      check_id: 'I1.fact',
      verdict: 'meets',
      rationale: 'found "beef"',
      judge: 'offline',
      quote: '',
      sample: '0',
    };
    const value = recordFromCells(cells, VerdictLine);
    const { quote: _empty, ...rest } = cells;
    expect(value).toEqual({ ...rest, sample: 0 });
    expect(VerdictLine.safeParse(value).success).toBe(true);
  });

  it('reads a judge failure row of the export as a failure line (empty verdict, failure_kind, failure_reason)', () => {
    const cells = {
      question_id: 'q1',
      model: 'm',
      setting: 'text',
      check_id: 'I1.fact',
      verdict: '',
      rationale: '',
      judge: 'openai:gpt-4.1',
      quote: '',
      sample: '0',
      failure_kind: 'refusal',
      failure_reason: 'the model declined',
    };
    const value = recordFromCells(cells, VerdictLine);
    expect(value).toEqual({
      question_id: 'q1',
      model: 'm',
      setting: 'text',
      check_id: 'I1.fact',
      verdict: null,
      judge: 'openai:gpt-4.1',
      sample: 0,
      failure: { kind: 'refusal', reason: 'the model declined' },
    });
    expect(VerdictLine.safeParse(value).success).toBe(true);
  });

  it('keeps ids that look like numbers as text where the schema takes text, and keeps unknown columns', () => {
    expect(recordFromCells({ question_id: '0012', model: '7', response: '42', note: 'x' }, AnswerLine)).toEqual({
      question_id: '0012',
      model: '7',
      response: '42',
      note: 'x',
    });
    expect(LabelLine.parse(recordFromCells({ item: '12', rater: 'ann', label: '2', group: '' }, LabelLine))).toEqual({
      item: '12',
      rater: 'ann',
      label: '2',
      group: null,
    });
  });

  it('builds a nested object from parent_child or parent.child columns; all empty is no object', () => {
    const Line = z.object({
      verdict: z.enum(['meets', 'missing']).nullable(),
      failure: z.object({ kind: z.enum(['refusal', 'timeout']), reason: z.string() }).optional(),
      n: z.number().int().optional(),
      ok: z.boolean().optional(),
      tags: z.array(z.string()).optional(),
    });
    expect(recordFromCells({ verdict: '', failure_kind: 'timeout', failure_reason: 'no reply in 60 s' }, Line)).toEqual(
      { verdict: null, failure: { kind: 'timeout', reason: 'no reply in 60 s' } },
    );
    expect(
      recordFromCells({ verdict: 'meets', 'failure.kind': '', 'failure.reason': '', n: '3', ok: 'TRUE' }, Line),
    ).toEqual({
      verdict: 'meets',
      n: 3,
      ok: true,
    });
    expect(recordFromCells({ verdict: 'meets', tags: '["a","b"]', n: 'three' }, Line)).toEqual({
      verdict: 'meets',
      tags: ['a', 'b'],
      n: 'three',
    });
  });

  it('reads a row as the union shape it fits: a verdict, or a judge failure from failure_* columns', () => {
    const key = { check_id: z.string(), judge: z.string(), sample: z.number().int().optional() };
    const Given = z.object({
      ...key,
      verdict: z.enum(['meets', 'missing']),
      rationale: z.string().default(''),
      quote: z.string().optional(),
      failure: z.undefined().optional(),
    });
    const Failed = z.object({
      ...key,
      verdict: z.null(),
      failure: z.object({ kind: z.enum(['timeout', 'refusal']), reason: z.string() }),
    });
    const Line = z.discriminatedUnion('verdict', [Given, Failed]);
    const row = {
      check_id: 'I1.fact',
      verdict: '',
      rationale: '',
      judge: 'j',
      quote: '',
      sample: '0',
      failure_kind: 'timeout',
      failure_reason: 'no reply in 60 s',
    };
    expect(recordFromCells(row, Line)).toEqual({
      check_id: 'I1.fact',
      judge: 'j',
      sample: 0,
      verdict: null,
      failure: { kind: 'timeout', reason: 'no reply in 60 s' },
    });
    const given = { ...row, verdict: 'meets', rationale: 'found it', failure_kind: '', failure_reason: '' };
    expect(recordFromCells(given, Line)).toEqual({
      check_id: 'I1.fact',
      judge: 'j',
      sample: 0,
      verdict: 'meets',
      rationale: 'found it',
    });
    // Fitting neither, the row is read as the shape it misses least, so the message is about its verdict.
    expect(recordFromCells({ ...given, verdict: 'great' }, Line)).toEqual({
      check_id: 'I1.fact',
      judge: 'j',
      sample: 0,
      verdict: 'great',
      rationale: 'found it',
    });
  });
});
