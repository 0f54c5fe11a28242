import { describe, expect, it } from 'vitest';
import { CompiledRubric } from '../schema/index.js';
import { ScoreAccumulator } from './score-accumulator.js';
import { scoreJsonChunks } from './score-json.js';
import { toScoreReport } from './scored-run.js';

function scored(answers: number) {
  const rubric = CompiledRubric.parse({
    question_id: 'q1',
    rubric_hash: 'c'.repeat(64),
    checks: [
      { id: 'I1.fact', tier: 'answer_critical', kind: 'fact', text: 't', item: 'I1', secondary: false, snippets: [] },
    ],
  });
  const acc = new ScoreAccumulator({ rubrics: [rubric], resamples: 10 });
  for (let m = 0; m < answers; m++) {
    const line = {
      question_id: 'q1',
      model: `모델-${m}`,
      check_id: 'I1.fact',
      verdict: m % 2 ? 'meets' : 'contradicts',
      judge: 'j',
    };
    acc.addLine(JSON.stringify(line), m + 1);
  }
  return acc;
}

describe('scoreJsonChunks', () => {
  it('is exactly JSON.stringify of the report, across several chunks', () => {
    // 2,000 rows are well over the 64 KiB chunk size.
    const chunks = [...scoreJsonChunks(scored(2000).finish())];
    expect(chunks.length).toBeGreaterThan(1);
    const text = chunks.join('');
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toBe(`${JSON.stringify(toScoreReport(scored(2000).finish()))}\n`);
    expect(JSON.parse(text).answers).toHaveLength(2000);
  });
});
