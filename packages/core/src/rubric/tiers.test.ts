import { describe, expect, it } from 'vitest';
import { coverageThresholds, isShortList } from './thresholds.js';
import { demote } from './tiers.js';

const members = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `option ${i + 1}` }));

describe('demote', () => {
  it.each([
    ['answer_critical', 'valuable'],
    ['valuable', 'context'],
    ['context', 'context'],
  ] as const)('%s → %s', (tier, lower) => {
    expect(demote(tier)).toBe(lower);
  });
});

describe('isShortList', () => {
  it.each([
    [7, 'answer_critical', true],
    [8, 'answer_critical', false],
    [1, 'valuable', true],
    [3, 'context', false],
  ] as const)('n=%i at %s → %s', (n, tier, short) => {
    expect(isShortList({ members: members(n), tier })).toBe(short);
  });
});

describe('coverageThresholds', () => {
  it.each([
    // ⌈n/2⌉ and ⌈3n/4⌉, kept when above the largest baseline, without duplicates.
    { n: 8, baseline: [2], expected: [4, 6] },
    { n: 10, baseline: [5], expected: [8] }, // ⌈10/2⌉ = 5 is not above 5
    { n: 10, baseline: [2, 3], expected: [5, 8] },
    { n: 2, baseline: [1], expected: [2] }, // ⌈2/2⌉ = 1 is not above 1; ⌈6/4⌉ = 2 is
    { n: 3, baseline: [1], expected: [2, 3] },
    { n: 1, baseline: [1], expected: [] },
    { n: 9, baseline: [7], expected: [] },
    { n: 12, baseline: [1], expected: [6, 9] },
  ])('n=$n baseline $baseline → $expected', ({ n, baseline, expected }) => {
    expect(coverageThresholds({ members: members(n), baseline })).toEqual(expected);
  });

  it('removes the duplicate when ⌈n/2⌉ = ⌈3n/4⌉', () => {
    // For whole n the two coincide only at n = 1 (both 1); a valid baseline there is [1], which hides it,
    // so ask the function directly with no baseline: it must still not repeat itself.
    expect(coverageThresholds({ members: members(1), baseline: [] })).toEqual([1]);
  });

  it('uses explicit coverage as given', () => {
    expect(coverageThresholds({ members: members(10), baseline: [2], coverage: [7, 9] })).toEqual([7, 9]);
    expect(coverageThresholds({ members: members(10), baseline: [2], coverage: [] })).toEqual([]);
  });
});
