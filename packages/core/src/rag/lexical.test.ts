import { describe, expect, it } from 'vitest';
import { selectPassages } from './lexical.js';

describe('selectPassages', () => {
  const text =
    'Approvals.\nEnvironment | Approvers\nEnvironment: production | Approvers: 2\nEnvironment: staging | Approvers: 1';
  const units = [
    { start: 0, end: 10 },
    { start: 11, end: 34, row: true },
    { start: 35, end: 73, row: true },
    { start: 74, end: 109, row: true },
  ];

  it('never joins a table row to its neighbours, and numbers sentences as the units do', () => {
    expect(units.map((u) => text.slice(u.start, u.end))).toEqual([
      'Approvals.',
      'Environment | Approvers',
      'Environment: production | Approvers: 2',
      'Environment: staging | Approvers: 1',
    ]);
    const all = selectPassages(text, 'production approvers staging', { units, count: 10 });
    expect(all.map((p) => p.location).sort()).toEqual(['sentence 1', 'sentence 2', 'sentence 3', 'sentence 4']);
    expect(all[0]).toMatchObject({ text: 'Environment: production | Approvers: 2', location: 'sentence 3' });
  });

  it('without units, windows of three sentences slide over the whole text as before', () => {
    const flat = selectPassages(text, 'production approvers staging', { count: 10 });
    expect(flat.map((p) => p.location).sort()).toEqual(['sentences 1-3', 'sentences 2-4']);
  });
});
