import { describe, expect, it } from 'vitest';
import { InputError } from '../issues/errors.js';
import { calibrateJudges, calibrationKind, calibrationLabels, checkFacets } from './calibration-inputs.js';

const verdict = (check: string, verdict: string | null, judge = 'j', sample?: number) => ({
  value: {
    question_id: 'q1',
    model: 'm',
    setting: 'text_only',
    check_id: check,
    verdict,
    judge,
    ...(verdict === null && { failure: { kind: 'timeout', reason: 'no reply' } }),
    ...(sample && { sample }),
  },
  file: 'v.jsonl',
  line: 1,
});

describe('calibration inputs', () => {
  it('tells verdict lines from wiki-QA judgments by the first record, and refuses anything else', () => {
    expect(calibrationKind([verdict('I1.fact', 'meets')], 'v.jsonl')).toBe('verdicts');
    expect(calibrationKind([{ value: { question_id: 'q', abstained: false }, file: 'r.jsonl' }], 'r.jsonl')).toBe(
      'rag',
    );
    expect(() => calibrationKind([{ value: { foo: 1 }, file: 'x.jsonl', line: 3 }], 'x.jsonl')).toThrow(InputError);
  });

  it('labels each verdict by question, model, setting and check, leaving out judge failures and repeats', () => {
    const labels = calibrationLabels(
      [verdict('I1.fact', 'meets'), verdict('I2.fact', null), verdict('I3.fact', 'missing', 'j', 1)],
      'verdicts',
      'human',
    );
    expect(labels).toEqual([{ item: 'q1|m|text_only|I1.fact', rater: 'j', label: 'meets', line: 1 }]);
  });

  it("takes a check's kind and tier from the rubrics, else its kind from its id", () => {
    const facets = checkFacets([
      { question_id: 'q1', rubric_hash: 'h', checks: [{ id: 'I1.fact', kind: 'fact', tier: 'core' }] },
    ] as never);
    expect(facets('q1|m|text_only|I1.fact')).toEqual({ kind: 'fact', tier: 'core' });
    expect(facets('q2|m|text_only|I1.fact').tier).toBeNull();
  });

  it('calibrates each judge on the items both labelled', () => {
    const human = [
      { item: 'a', rater: 'h', label: 'meets' },
      { item: 'b', rater: 'h', label: 'missing' },
    ];
    const judged = [
      { item: 'a', rater: 'j', label: 'meets' },
      { item: 'b', rater: 'j', label: 'meets' },
    ];
    const [r] = calibrateJudges({ kind: 'verdicts', human, judged, judges: ['j'], seed: 0, resamples: 10 });
    expect(r?.judge).toBe('j');
    expect(r?.aspects.checks?.items).toBe(2);
    expect(r?.aspects.checks?.vs_majority.agreement).toBe(0.5);
    expect(r?.aspects.checks?.disagreement_count).toBe(1);
  });
});
