import { describe, expect, it } from 'vitest';
import { parseMaxJudgeFailures } from './judge-failures.js';

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
});
