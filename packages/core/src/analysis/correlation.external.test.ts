import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { externalFile } from '../../../../test/support/external-data.js';
import { pearson, spearman } from './correlation.js';

describe('RAGChecker meta-evaluation: the paper’s correlations with human judgments', () => {
  const file = externalFile('ragchecker-meta-eval/meta_eval_labels_and_scores.jsonl');
  type Aspect = 'correctness_label' | 'completeness_label' | 'overall_label';
  type Row = Record<
    'ragchecker_model1' | 'ragchecker_model2' | 'human_annotator_1' | 'human_annotator_2',
    Record<Aspect, number>
  >;
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Row);
  const x100 = (v: number | null) => Math.round((v as number) * 10000) / 100;

  // Published (×100): metric vs humans Pearson/Spearman, then annotator 1 vs annotator 2.
  const published: Array<[Aspect, number, number, number, number]> = [
    ['correctness_label', 49.66, 46.95, 63.67, 59.19],
    ['completeness_label', 60.67, 58.11, 71.91, 68.36],
    ['overall_label', 61.93, 60.9, 70.09, 68.89],
  ];
  it.each(published)('%s', (aspect, p, s, hp, hs) => {
    expect(rows).toHaveLength(280);
    const delta = rows.map((r) => r.ragchecker_model2[aspect] - r.ragchecker_model1[aspect]);
    const lo = Math.min(...delta);
    const hi = Math.max(...delta);
    const scaled = delta.map((d) => ((d - lo) / (hi - lo)) * 4 - 2);
    // Each scaled delta is paired with both annotators' labels.
    const metric = scaled.flatMap((v) => [v, v]);
    const human = rows.flatMap((r) => [r.human_annotator_1[aspect], r.human_annotator_2[aspect]]);
    expect(x100(pearson(metric, human))).toBe(p);
    expect(x100(spearman(metric, human))).toBe(s);
    const h1 = rows.map((r) => r.human_annotator_1[aspect]);
    const h2 = rows.map((r) => r.human_annotator_2[aspect]);
    expect(x100(pearson(h1, h2))).toBe(hp);
    expect(x100(spearman(h1, h2))).toBe(hs);
  });
});
