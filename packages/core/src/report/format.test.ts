import { describe, expect, it } from 'vitest';
import { formatCi, formatCoefficient, formatScore } from './format.js';

describe('formatScore', () => {
  it('shows fractions ×100 with one decimal (SPEC §4 worked example: 0.4667 → 46.7)', () => {
    expect(formatScore(0.4667)).toBe('46.7');
    expect(formatScore(1)).toBe('100.0');
    expect(formatScore(-0.25)).toBe('-25.0');
  });
  it('shows undefined metrics as a dash, never 0', () => {
    expect(formatScore(null)).toBe('—');
    expect(formatScore(Number.NaN)).toBe('—');
  });
  it('never shows −0.0', () => {
    expect(formatScore(-0.0001)).toBe('0.0');
  });
  it('formats intervals and coefficients', () => {
    expect(formatCi([0.1, 0.25])).toBe('[10.0, 25.0]');
    expect(formatCi(null)).toBe('—');
    expect(formatCoefficient(0.3333)).toBe('0.33');
  });
});
