import { describe, expect, it } from 'vitest';
import { type RagJudgment, VERDICTS } from '../schema/index.js';
import { seededRandom } from '../score/index.js';
import type { LabelRecord } from './agreement.js';
import { calibrate } from './calibration.js';
import { ragLabelRecords } from './rag-labels.js';

const m = 'meets';
const p = 'partially_meets';
const x = 'missing';
const c = 'contradicts';
const items = ['i1', 'i2', 'i3', 'i4', 'i5', 'i6'];
const series = (rater: string, labels: string[]): LabelRecord[] =>
  labels.map((label, i) => ({ item: items[i] as string, rater, label }));

describe('calibrate', () => {
  const report = calibrate({
    human: [...series('human:a', [m, m, p, x, c, m]), ...series('human:b', [m, p, p, x, c, m])],
    judge: series('gpt', [m, m, m, x, m, x]),
    labels: VERDICTS,
    positive: 'meets',
    facets: (item) => ({ kind: ['i1', 'i2', 'i3'].includes(item) ? 'fact' : 'member', tier: 'answer_critical' }),
    random: seededRandom(3),
    resamples: 200,
  });

  it('the judge against the majority label (a tie is left out)', () => {
    expect(report.items).toBe(6);
    expect(report.majority_ties).toBe(1);
    const v = report.vs_majority;
    expect(v.n).toBe(5);
    expect(v.agreement).toBeCloseTo(0.4, 12);
    // reference m p x c m, judge m m x m x: p_e = 0.4·0.6 + 0.2·0.4 = 0.32 → (0.4 − 0.32)/0.68
    expect(v.kappa).toBeCloseTo(0.08 / 0.68, 12);
    // meets vs not: p_o 0.4, p_e 0.48 → −0.08/0.52
    expect(v.binary?.kappa).toBeCloseTo(-0.08 / 0.52, 12);
    expect(v.confusion.counts[3]).toEqual([1, 0, 0, 0]);
    expect(v.per_class.map((k) => k.label)).toEqual([m, p, x, c]);
  });

  it('the judge against each annotator, and the annotators among themselves', () => {
    expect(report.vs_annotators.per_annotator.map((a) => [a.annotator, a.agreement])).toEqual([
      ['human:a', 0.5],
      ['human:b', 2 / 6],
    ]);
    expect(report.vs_annotators.mean_agreement).toBeCloseTo(5 / 12, 12);
    expect(report.humans?.pairs[0]?.agreement).toBeCloseTo(5 / 6, 12);
    expect(report.humans?.fleiss_kappa).not.toBeNull();
  });

  it('breakdowns and the review list', () => {
    expect(report.by_kind.map((k) => [k.kind, k.n, k.agreement])).toEqual([
      ['fact', 2, 0.5],
      ['member', 3, 1 / 3],
    ]);
    expect(report.disagreement_count).toBe(4);
    expect(report.disagreements[0]).toEqual({
      item: 'i2',
      kind: 'fact',
      tier: 'answer_critical',
      judge: m,
      human: null,
      annotators: { 'human:a': m, 'human:b': p },
    });
  });
});

describe('ragLabelRecords', () => {
  it('flattens facts, claims, citations, abstention and correctness', () => {
    const j = {
      question_id: 'q1',
      facts: { f1: 'meets' },
      claims: [
        {
          text: 'Seoul',
          key: true,
          supported: false,
          citations: [{ page_id: 'p1', supports: true, location: null, reason: '' }],
        },
      ],
      abstained: false,
      correct: true,
      judge: 'gpt',
    } as unknown as RagJudgment;
    expect(ragLabelRecords(j).map((r) => [r.aspect, r.item, r.label])).toEqual([
      ['fact', 'q1#fact:f1', 'meets'],
      ['claim', 'q1#claim:Seoul', 'unsupported'],
      ['citation', 'q1#claim:Seoul#cite:p1', 'supports'],
      ['abstained', 'q1#abstained', 'answered'],
      ['correct', 'q1#correct', 'correct'],
    ]);
  });
});
