import { describe, expect, it } from 'vitest';
import { compareRuns } from './compare-runs.js';
import type { ReportSummary } from './report-model.js';

/** Only the parts of a summary the comparison reads. */
function summary(run_id: string, ids: string[], hashes: string[], scores: Record<string, Array<number | null>>) {
  return {
    run: { run_id },
    judge: 'offline',
    questions: { ids, text: ids.map((id) => `text of ${id}`), rubric_hash: hashes, scores },
  } as unknown as ReportSummary;
}

describe('compareRuns', () => {
  it('pairs questions with the same rubric hash and leaves changed and one-sided ones out', () => {
    const a = summary('a', ['q1', 'q2', 'q3', 'q4'], ['h1', 'h2', 'h3', 'h4'], {
      'm|multimodal': [0.5, 0.2, 0.9, 0.1],
      'only-a|multimodal': [1, 1, 1, 1],
    });
    // b lists its questions in another order, changed q3's rubric, dropped q4 and added q5.
    const b = summary('b', ['q2', 'q1', 'q3', 'q5'], ['h2', 'h1', 'h3-new', 'h5'], {
      'm|multimodal': [0.6, 0.25, 0.0, 0.7],
    });
    const c = compareRuns(a, b);
    expect(c.changed).toEqual(['q3']);
    expect(c.only_a).toEqual(['q4']);
    expect(c.only_b).toEqual(['q5']);
    expect(c.questions.map((q) => q.question_id)).toEqual(['q1', 'q2']);
    const q1 = c.questions[0]?.scores['m|multimodal'];
    expect(q1?.a).toBe(0.5);
    expect(q1?.b).toBe(0.25);
    expect(q1?.delta).toBeCloseTo(-0.25, 12);
    // A unit only one run has is not compared.
    expect(c.units.map((u) => u.unit)).toEqual(['m|multimodal']);
    // Means over q1 and q2: a = (0.5 + 0.2) / 2 = 0.35, b = (0.25 + 0.6) / 2 = 0.425.
    const u = c.units[0];
    expect(u?.n).toBe(2);
    expect(u?.a).toBeCloseTo(0.35, 12);
    expect(u?.b).toBeCloseTo(0.425, 12);
    expect(u?.delta).toBeCloseTo(0.075, 12);
  });

  it('pairs a unit only over the questions it has a score for in both runs', () => {
    const a = summary('a', ['q1', 'q2'], ['h1', 'h2'], { 'm|text_only': [null, 0.4] });
    const b = summary('b', ['q1', 'q2'], ['h1', 'h2'], { 'm|text_only': [0.8, 0.1] });
    const c = compareRuns(a, b);
    expect(c.questions[0]?.scores['m|text_only']).toEqual({ a: null, b: 0.8, delta: null });
    expect(c.units[0]).toMatchObject({ model: 'm', setting: 'text_only', n: 1, a: 0.4, b: 0.1 });
    expect(c.units[0]?.delta).toBeCloseTo(-0.3, 12);
  });
});
