import { describe, expect, it } from 'vitest';
import { byLine, detectFileFormat, detectFormat } from './detect-format.js';

describe('detectFormat', () => {
  it.each([
    [{ question_id: 'q', question: '?', items: [] }, 'meta-rubric'],
    [{ question_id: 'q', rubric_hash: 'x', checks: [] }, 'compiled-rubric'],
    [{ question_id: 'q', model: 'm', check_id: 'I1.fact', verdict: 'meets', judge: 'j' }, 'verdict'],
    [{ question_id: 'q', model: 'm', response: 'r' }, 'answer'],
    [{ page_id: 'P', title: 't', status: 'current', version: 1, body: '' }, 'wiki-page'],
    [{ name: 'g', version: '1', wiki_snapshot: 'w', questions: [] }, 'golden-set'],
    [{ question_id: 'q', agent: 'a', retrieved: [], answer: '' }, 'agent-output'],
    [{ question_id: 'q', facts: {}, abstained: false, correct: true }, 'rag-judgment'],
    [{ run_id: 'r', toolkit_version: '0.1.0' }, 'manifest'],
    [{ dataset: 'd.jsonl', judges: [{ spec: 'offline' }] }, 'run-config'],
    [{ foo: 1 }, undefined],
    [[1, 2], undefined],
    ['text', undefined],
  ])('%j → %s', (value, format) => {
    expect(detectFormat(value)).toBe(format);
  });

  it('a file takes the format most of its records have', () => {
    const answer = { value: { question_id: 'q', model: 'm', response: 'r' }, file: 'f' };
    const verdict = { value: { question_id: 'q', model: 'm', check_id: 'c', verdict: 'meets' }, file: 'f' };
    expect(detectFileFormat([verdict, answer, verdict])).toBe('verdict');
    expect(detectFileFormat([{ value: {}, file: 'f' }])).toBeUndefined();
  });
});

describe('byLine', () => {
  it('byLine orders issues by line, file-level first, stable within a line', () => {
    const i = (rule: string, line?: number) => ({ rule, message: rule, ...(line !== undefined && { line }) });
    expect(byLine([i('c', 3), i('a', 1), i('f'), i('d', 3), i('b', 2)]).map((x) => x.rule)).toEqual([
      'f',
      'a',
      'b',
      'c',
      'd',
    ]);
  });
});
