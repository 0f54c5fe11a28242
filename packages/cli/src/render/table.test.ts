import type { ModelScore } from '@gamut/core';
import { describe, expect, it } from 'vitest';
import { renderLeaderboards, scoreWithCi } from './table.js';

const model = (name: string, setting: ModelScore['setting'], gamut: number | null, n = 3): ModelScore =>
  ({
    model: name,
    setting,
    gamut,
    ci95: gamut === null ? null : [gamut - 0.05, gamut + 0.05],
    n,
    tiers: { answer_critical: gamut, valuable: 0.5, context: null },
  }) as ModelScore;

describe('the leaderboard every command prints', () => {
  it('writes a score with its interval as "46.7 [41.2, 52.0]"', () => {
    expect(scoreWithCi(0.467, [0.412, 0.52])).toBe('46.7 [41.2, 52.0]');
    expect(scoreWithCi(0.467, null)).toBe('46.7');
    expect(scoreWithCi(null, null)).toBe('—');
  });

  it('has a block per setting (multimodal, text_only, text), models ranked best first, Korean names aligned', () => {
    const out = renderLeaderboards([
      model('b-model', 'text', 0.2),
      model('김치 모델', 'multimodal', 0.9),
      model('a-model', 'multimodal', 0.4),
      model('none', 'multimodal', null, 0),
      model('a-model', 'text_only', 0.3),
    ]);
    expect(out).toBe(
      [
        'Setting: multimodal',
        '┌───┬───────────┬───────────────────┬───┬─────────────────┬──────────┬─────────┐',
        '│ # │ Model     │    Gamut [95% CI] │ n │ Answer-critical │ Valuable │ Context │',
        '├───┼───────────┼───────────────────┼───┼─────────────────┼──────────┼─────────┤',
        '│ 1 │ 김치 모델 │ 90.0 [85.0, 95.0] │ 3 │            90.0 │     50.0 │       — │',
        '│ 2 │ a-model   │ 40.0 [35.0, 45.0] │ 3 │            40.0 │     50.0 │       — │',
        '│ 3 │ none      │                 — │ 0 │               — │     50.0 │       — │',
        '└───┴───────────┴───────────────────┴───┴─────────────────┴──────────┴─────────┘',
        '',
        'Setting: text_only',
        '┌───┬─────────┬───────────────────┬───┬─────────────────┬──────────┬─────────┐',
        '│ # │ Model   │    Gamut [95% CI] │ n │ Answer-critical │ Valuable │ Context │',
        '├───┼─────────┼───────────────────┼───┼─────────────────┼──────────┼─────────┤',
        '│ 1 │ a-model │ 30.0 [25.0, 35.0] │ 3 │            30.0 │     50.0 │       — │',
        '└───┴─────────┴───────────────────┴───┴─────────────────┴──────────┴─────────┘',
        '',
        'Setting: text',
        '┌───┬─────────┬───────────────────┬───┬─────────────────┬──────────┬─────────┐',
        '│ # │ Model   │    Gamut [95% CI] │ n │ Answer-critical │ Valuable │ Context │',
        '├───┼─────────┼───────────────────┼───┼─────────────────┼──────────┼─────────┤',
        '│ 1 │ b-model │ 20.0 [15.0, 25.0] │ 3 │            20.0 │     50.0 │       — │',
        '└───┴─────────┴───────────────────┴───┴─────────────────┴──────────┴─────────┘',
      ].join('\n'),
    );
  });
});
