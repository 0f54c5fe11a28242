import { describe, expect, it } from 'vitest';
import { InputError } from '../issues/errors.js';
import { analysisScoring, intOption, parseFamilies } from './analysis-options.js';
import { calibrateRecords } from './calibrate-records.js';

const verdict = (check: string, verdict: string, judge: string, file: string) => ({
  value: { question_id: 'q1', model: 'm', setting: 'text_only', check_id: check, verdict, judge },
  file,
  line: 1,
});
const named = (file: string, records: ReturnType<typeof verdict>[]) => ({ file, records });
const ruleOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (InputError.isInputError(e)) return e.issues.map((i) => [i.rule, i.file]);
  }
  return [];
};

describe('calibrateRecords', () => {
  const human = named('h.jsonl', [verdict('I1.fact', 'meets', 'human:ann', 'h.jsonl')]);
  it('calibrates each judge on the items both files label', () => {
    const judgments = named('j.jsonl', [
      verdict('I1.fact', 'meets', 'a', 'j.jsonl'),
      verdict('I1.fact', 'missing', 'b', 'j.jsonl'),
    ]);
    const r = calibrateRecords({ labels: human, judgments, seed: 0, resamples: 10 });
    expect(r.kind).toBe('verdicts');
    expect(r.judges.map((j) => [j.judge, j.aspects.checks?.items, j.aspects.checks?.vs_majority.agreement])).toEqual([
      ['a', 1, 1],
      ['b', 1, 0],
    ]);
  });

  it('refuses files of two kinds, an unknown judge, and files that share no item, naming the judgments file', () => {
    const rag = { file: 'r.jsonl', records: [{ value: { question_id: 'q1', abstained: false }, file: 'r.jsonl' }] };
    expect(ruleOf(() => calibrateRecords({ labels: human, judgments: rag, seed: 0, resamples: 10 }))).toEqual([
      ['format-mismatch', 'r.jsonl'],
    ]);
    const judgments = named('j.jsonl', [verdict('I9.fact', 'meets', 'a', 'j.jsonl')]);
    expect(ruleOf(() => calibrateRecords({ labels: human, judgments, judge: 'z', seed: 0, resamples: 10 }))).toEqual([
      ['unknown-judge', 'j.jsonl'],
    ]);
    expect(ruleOf(() => calibrateRecords({ labels: human, judgments, seed: 0, resamples: 10 }))).toEqual([
      ['no-overlap', 'j.jsonl'],
    ]);
  });
});

describe('analysis options', () => {
  it('parses the scoring options, families and integer options, naming a bad one', () => {
    expect(analysisScoring({ lambda: '0.25', seed: '3', missingAsMissing: true })).toEqual({
      params: { lambda: 0.25 },
      missingAsMissing: true,
      seed: 3,
    });
    expect(parseFamilies(['gpt-4.1=openai', 'a=b=c'])).toEqual({ 'gpt-4.1': 'openai', 'a=b': 'c' });
    expect(() => parseFamilies(['openai'])).toThrow('--family takes NAME=FAMILY');
    expect(intOption('--seed', undefined, 5)).toBe(5);
    expect(intOption('--resamples', '20', 1000, 1)).toBe(20);
    expect(() => intOption('--resamples', '0', 1000, 1)).toThrow('--resamples must be an integer ≥ 1, got "0"');
  });
});
