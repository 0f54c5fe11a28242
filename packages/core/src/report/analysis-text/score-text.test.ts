import { describe, expect, it } from 'vitest';
import { CompiledRubric } from '../../schema/index.js';
import { ScoreAccumulator } from '../../score/score-accumulator.js';
import { scoreBreakdownsText, scoreNotesText, scoreParamsLine } from './score-text.js';

const rubric = CompiledRubric.parse({
  question_id: 'q1',
  rubric_hash: 'e'.repeat(64),
  checks: [
    { id: 'I1.fact', tier: 'answer_critical', kind: 'fact', text: 't', item: 'I1', secondary: false, snippets: [] },
    { id: 'I2.fact', tier: 'valuable', kind: 'fact', text: 'u', item: 'I2', secondary: false, snippets: [] },
  ],
});

function run() {
  const acc = new ScoreAccumulator({ rubrics: [rubric], resamples: 10, missingAsMissing: true, breakdowns: ['tier'] });
  acc.add({ question_id: 'q1', model: 'a', check_id: 'I1.fact', verdict: 'meets', judge: 'j' }, 1);
  acc.add({ question_id: 'q1', model: 'b', check_id: 'I1.fact', verdict: 'meets', judge: 'j' }, 2);
  acc.add({ question_id: 'q1', model: 'b', check_id: 'I2.fact', verdict: 'meets', judge: 'j' }, 3);
  return acc.finish();
}

describe('gamut score text', () => {
  it('names the parameters, what was scored, and a table per breakdown', () => {
    const r = run();
    expect(scoreParamsLine(r.params)).toBe(
      'Gamut scores: λ 0.5, μ -2, weights 0.6/0.3/0.1; 95% CI by bootstrap over questions (10 resamples, seed 0)',
    );
    expect(scoreNotesText(r)).toEqual(['2 answers · judge j · 1 check without a verdict counted as missing']);
    const [blank, title, table] = scoreBreakdownsText(r, ['tier', 'domain']);
    expect([blank, title]).toEqual(['', 'By tier:']);
    expect(table).toMatchObject({ head: ['Model', 'Setting', 'Tier', 'Tier score [95% CI]', 'n'], right: [3, 4] });
    expect(scoreBreakdownsText(r, ['domain'])).toEqual(['', 'By domain: the compiled rubrics carry no domain labels.']);
  });
});
