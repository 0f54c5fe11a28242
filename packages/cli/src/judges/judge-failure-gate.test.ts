import { describe, expect, it } from 'vitest';
import { allowedFailures, judgeFailureGate, parseMaxJudgeFailures } from './judge-failure-gate.js';

describe('--max-judge-failures', () => {
  it('takes a count, a fraction of checks, or a percentage', () => {
    expect(parseMaxJudgeFailures('0')).toEqual({ count: 0 });
    expect(parseMaxJudgeFailures('3')).toEqual({ count: 3 });
    expect(parseMaxJudgeFailures('0.05')).toEqual({ fraction: 0.05 });
    expect(parseMaxJudgeFailures('5%')).toEqual({ fraction: 0.05 });
  });

  it('refuses anything else, saying what it takes', () => {
    for (const bad of ['', '-1', '1.5', 'many', '100%', 'NaN']) {
      expect(() => parseMaxJudgeFailures(bad), bad).toThrow(/count|fraction|percentage/);
    }
  });

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
      '1 of 6 checks ended as judge failures, 0 allowed by --max-judge-failures; listed in run/verdicts.jsonl',
    );
  });
});
