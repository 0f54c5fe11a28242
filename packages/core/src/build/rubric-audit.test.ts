import { describe, expect, it } from 'vitest';
import { MetaRubric } from '../schema/meta-rubric.js';
import { coverageFlags } from './rubric-audit.js';

describe('coverageFlags', () => {
  it('flags lists and processes that look partially covered, and nothing else', () => {
    const meta = MetaRubric.parse({
      question_id: 'q',
      question: 'Q?',
      items: [
        {
          id: 'I1',
          type: 'flexible_list',
          tier: 'valuable',
          text: 'Dishes',
          members: [{ text: 'a' }, { text: 'b' }, { text: 'c' }],
          baseline: [2],
        },
        {
          id: 'I2',
          type: 'flexible_list',
          tier: 'valuable',
          text: 'More',
          members: [{ text: 'a' }, { text: 'b' }, { text: 'c' }, { text: 'd' }],
          baseline: [2],
        },
        { id: 'I3', type: 'strict_list', tier: 'valuable', text: 'One', members: [{ text: 'a' }] },
        { id: 'I4', type: 'process', tier: 'valuable', text: 'Steps', steps: [{ text: 'a' }, { text: 'b' }] },
        { id: 'I5', type: 'fact', tier: 'valuable', text: 'A fact' },
      ],
    });
    expect(coverageFlags(meta)).toEqual([
      { item: 'I1', reason: '3 members for a baseline of 2: the list looks partially covered' },
      { item: 'I3', reason: 'a strict list of one member: more members may be missing' },
      { item: 'I4', reason: 'a process of 2 steps: steps may be missing' },
    ]);
  });
});
