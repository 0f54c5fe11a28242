import { describe, it } from 'vitest';
import { expectNoContradiction, expectVerdicts as table } from './offline-table.test-helpers.js';

// Hand-written cases: English un- before a word of the check, or a check's un- word said without it.

describe('a word denied by its prefix', () => {
  it('contradicts "salted" with "unsalted", and "cover the pot" with "uncovered" (EN)', () => {
    table([
      ['step', 'Use unsalted butter', 'Use salted butter.', 'contradicts'],
      ['step', 'Use salted butter', 'Use unsalted butter.', 'contradicts'],
      ['step', 'Cover the pot with a lid', 'Leave the pot uncovered.', 'contradicts'],
    ]);
  });

  it('reads "is unnecessary" as a denial of what comes before it, not of a noun after it (EN)', () => {
    table([
      ['step', 'Sift the flour', 'Sifting the flour is unnecessary.', 'contradicts'],
      ['step', 'Preheat the oven', 'Preheat the oven and avoid unnecessary opening of the door.', 'meets'],
    ]);
  });

  it('leaves the check’s word said too, another thing’s word and words that only begin with un alone', () => {
    expectNoContradiction('step', [
      ['Use salted butter', 'Salted or unsalted butter both work.'],
      ['Cover the pot with a lid', 'Cover the pot with a lid and leave the dough uncovered.'],
      ['Keep the unit under the lid', 'The unit goes under the lid.'],
      // The bare word denied says the un- word: "no crew" is uncrewed.
      ['It was an uncrewed rover driven from Earth', 'It was a rover with no crew, driven from Earth.'],
      ['Use unsalted butter', 'Use butter without any salt.'],
      [
        'Lunokhod 1 was an uncrewed rover driven from Earth',
        'The rover carried its crew across the Moon. Lunokhod 1 carried no crew and was driven from Earth.',
      ],
    ]);
  });
});
