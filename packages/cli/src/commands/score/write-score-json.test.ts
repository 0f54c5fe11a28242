import { PassThrough } from 'node:stream';
import { CompiledRubric, ScoreAccumulator, toScoreReport } from '@gamut/core';
import { describe, expect, it } from 'vitest';
import { writeScoreJson } from './write-score-json.js';

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

async function collect(write: (out: PassThrough) => Promise<void>): Promise<string> {
  const out = new PassThrough();
  let text = '';
  out.setEncoding('utf8').on('data', (d: string) => {
    text += d;
  });
  await write(out);
  out.end();
  return text;
}

describe('writeScoreJson', () => {
  it('writes exactly JSON.stringify of the report, across several buffered chunks', async () => {
    // 2,000 rows are well over the 64 KiB flush size.
    const text = await collect((out) => writeScoreJson(scored(2000).finish(), out));
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toBe(`${JSON.stringify(toScoreReport(scored(2000).finish()))}\n`);
    expect(JSON.parse(text).answers).toHaveLength(2000);
  });
});
