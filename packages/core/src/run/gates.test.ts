import { describe, expect, it } from 'vitest';
import { allowedFailures, answerFailureGate, judgeFailureGate } from './gates.js';

describe('the judge-failure gate', () => {
  it('allows floor(fraction × checks) or the count', () => {
    expect(allowedFailures(undefined, 58)).toBe(0);
    expect(allowedFailures({ count: 3 }, 58)).toBe(3);
    expect(allowedFailures({ fraction: 0.05 }, 58)).toBe(2); // 2.9 → 2
  });

  it('fails only beyond the allowance, naming how many and where they are listed', () => {
    expect(judgeFailureGate({ failures: 3, checks: 58, allowance: { count: 3 }, listedIn: 'v.jsonl' })).toBeUndefined();
    expect(judgeFailureGate({ failures: 3, checks: 58, allowance: { fraction: 0.05 }, listedIn: 'v.jsonl' })).toBe(
      '3 of 58 checks ended as judge failures, 2 (5% of 58) allowed by --max-judge-failures; listed in v.jsonl',
    );
    expect(judgeFailureGate({ failures: 1, checks: 6, allowance: undefined, listedIn: 'run/verdicts.jsonl' })).toBe(
      '1 of 6 checks ended as a judge failure, 0 allowed by --max-judge-failures; listed in run/verdicts.jsonl',
    );
    expect(judgeFailureGate({ failures: 1, checks: 1, allowance: undefined, listedIn: 'v.jsonl' })).toMatch(
      /^1 of 1 check ended as a judge failure, /,
    );
  });
});

describe('the answer-failure gate', () => {
  it('passes when every answer came back and otherwise names how many of how many, and where', () => {
    expect(answerFailureGate({ failures: 0, planned: 4, listedIn: 'a.jsonl' })).toBeUndefined();
    expect(answerFailureGate({ failures: 1, planned: 1, listedIn: 'a.jsonl' })).toBe(
      '1 of 1 answer failed (the model under test gave no answer, so nothing was judged); listed in a.jsonl',
    );
    expect(answerFailureGate({ failures: 2, planned: 6, listedIn: 'a.jsonl' })).toMatch(/^2 of 6 answers failed /);
  });
});
