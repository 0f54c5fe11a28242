import { describe, expect, it } from 'vitest';
import type { UnscoredAnswer } from '../score/index.js';
import { failureKindCounts, unscoredNote } from './unscored-format.js';

const u = (model: string, kinds: UnscoredAnswer['kinds']): UnscoredAnswer =>
  ({
    question_id: 'q',
    model,
    setting: 'text',
    check_ids: kinds.map((_, i) => `c${i}`),
    kinds,
    reason: 'r',
  }) as UnscoredAnswer;

describe('unscored notes', () => {
  const list = [u('m', ['provider_error', 'refusal']), u('m', ['refusal']), u('other', ['timeout'])];
  it('counts failed checks by kind for one model and setting, most frequent first', () => {
    expect(failureKindCounts(list, { model: 'm', setting: 'text' })).toBe('2 refusal, 1 provider_error');
    expect(failureKindCounts(list, { model: 'm', setting: 'multimodal' })).toBe('');
  });
  it('says how many answers are unscored and why', () => {
    expect(unscoredNote(2, list, { model: 'm', setting: 'text' })).toBe(
      '2 answers unscored (judge failures: 2 refusal, 1 provider_error)',
    );
    expect(unscoredNote(1, list, { model: 'other', setting: 'text' })).toBe(
      '1 answer unscored (judge failures: 1 timeout)',
    );
    expect(unscoredNote(0, list, { model: 'm', setting: 'text' })).toBe('');
  });
});
