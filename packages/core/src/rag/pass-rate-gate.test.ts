import { describe, expect, it } from 'vitest';
import { passRateGateFailure } from './pass-rate-gate.js';

describe('passRateGateFailure', () => {
  it('passes at or above the bar', () => {
    expect(passRateGateFailure(0.75, 0.75)).toBeUndefined();
    expect(passRateGateFailure(1, 0)).toBeUndefined();
  });

  it('fails below it, in percent', () => {
    expect(passRateGateFailure(0.5, 0.9)).toBe('pass rate 50.0 is below --fail-under 90.0');
  });

  it('an undefined pass rate is not read as 0: it says it is undefined, even against a bar of 0', () => {
    expect(passRateGateFailure(null, 0)).toBe(
      'pass rate is undefined (no question was graded), so --fail-under 0.0 is not met',
    );
    expect(passRateGateFailure(null, 0.5)).not.toContain('0.0 is below');
  });
});
