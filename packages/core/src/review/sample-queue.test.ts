import { describe, expect, it } from 'vitest';
import { CompiledRubric } from '../schema/compiled-rubric.js';
import type { Verdict } from '../schema/ids.js';
import { seededRandom } from '../score/seeded-random.js';
import { type LabelCandidate, labelCandidates, sampleLabelItems } from './sample-queue.js';

const cand = (q: string, kind: string, judgeA: Verdict, judgeB?: Verdict): LabelCandidate => ({
  question_id: q,
  model: 'm1',
  setting: 'text',
  check_id: `C1.${kind}`,
  kind,
  verdicts: { a: judgeA, ...(judgeB && { b: judgeB }) },
});

// fact|meets: 5, fact|contradicts: 1, step|missing: 2.
const pool = [
  ...['q1', 'q2', 'q3', 'q4', 'q5'].map((q) => cand(q, 'fact', 'meets')),
  cand('q6', 'fact', 'contradicts'),
  cand('q7', 'step', 'missing'),
  cand('q8', 'step', 'missing'),
];

describe('sampleLabelItems', () => {
  it('takes the strata as evenly as they allow: 6 of (5, 1, 2) is (3, 1, 2), whatever the seed', () => {
    for (const seed of [0, 1, 2, 42]) {
      const { strata, items } = sampleLabelItems({
        candidates: pool,
        size: 6,
        judge: 'a',
        strategy: 'strata',
        random: seededRandom(seed),
      });
      expect(strata).toEqual([
        { key: 'fact|contradicts', population: 1, sampled: 1 },
        { key: 'fact|meets', population: 5, sampled: 3 },
        { key: 'step|missing', population: 2, sampled: 2 },
      ]);
      expect(items.map((i) => i.id)).toEqual(['i001', 'i002', 'i003', 'i004', 'i005', 'i006']);
      expect(items.filter((i) => i.stratum === 'fact|meets')).toHaveLength(3);
      expect(new Set(items.map((i) => i.payload.question_id)).size).toBe(6);
    }
  });

  it('is reproducible from the seed and changes with it; asking for more than there is takes all', () => {
    const run = (seed: number) =>
      sampleLabelItems({ candidates: pool, size: 4, judge: 'a', strategy: 'strata', random: seededRandom(seed) }).items;
    expect(run(7)).toEqual(run(7));
    const orders = new Set(
      [1, 2, 3, 4, 5].map((s) =>
        run(s)
          .map((i) => i.payload.question_id)
          .join(),
      ),
    );
    expect(orders.size).toBeGreaterThan(1);
    const all = sampleLabelItems({
      candidates: pool,
      size: 100,
      judge: 'a',
      strategy: 'strata',
      random: seededRandom(0),
    });
    expect(all.items).toHaveLength(8);
  });

  it('disagreement first: pairs the judges differ on come before the rest', () => {
    const two = [
      cand('q1', 'fact', 'meets', 'missing'),
      cand('q2', 'fact', 'meets', 'meets'),
      cand('q3', 'step', 'missing', 'meets'),
      cand('q4', 'step', 'missing', 'missing'),
    ];
    const { strata, items } = sampleLabelItems({
      candidates: two,
      size: 3,
      judge: 'a',
      strategy: 'disagreement',
      random: seededRandom(3),
    });
    expect(strata).toEqual([
      { key: 'disagree|fact|meets', population: 1, sampled: 1 },
      { key: 'disagree|step|missing', population: 1, sampled: 1 },
      { key: 'agree|fact|meets', population: 1, sampled: expect.any(Number) },
      { key: 'agree|step|missing', population: 1, sampled: expect.any(Number) },
    ]);
    expect(strata.reduce((n, s) => n + s.sampled, 0)).toBe(3);
    expect(items.map((i) => i.payload.question_id).sort()).toContain('q1');
    expect(items.map((i) => i.payload.question_id).sort()).toContain('q3');
  });

  it('leaves out pairs the chosen judge gave no verdict, and refuses a size under one', () => {
    const mixed = [cand('q1', 'fact', 'meets'), { ...cand('q2', 'fact', 'meets'), verdicts: { b: 'meets' as const } }];
    expect(
      sampleLabelItems({ candidates: mixed, size: 5, judge: 'a', strategy: 'strata', random: seededRandom(0) }).items,
    ).toHaveLength(1);
    expect(() =>
      sampleLabelItems({ candidates: mixed, size: 0, judge: 'a', strategy: 'strata', random: seededRandom(0) }),
    ).toThrow(/positive integer/);
  });
});

describe('labelCandidates', () => {
  it('groups first-sample verdicts by (answer, check) with each judge’s verdict and the check’s kind', () => {
    const rubric = CompiledRubric.parse({
      question_id: 'q1',
      rubric_hash: 'a'.repeat(64),
      checks: [
        {
          id: 'I1.fact',
          tier: 'answer_critical',
          text: 'Names X',
          item: 'I1',
          secondary: false,
          snippets: [],
          kind: 'fact',
        },
      ],
    });
    const line = { question_id: 'q1', model: 'm1', setting: 'text' as const, check_id: 'I1.fact' };
    const got = labelCandidates(
      [rubric],
      [
        { ...line, judge: 'b', verdict: 'missing' },
        { ...line, judge: 'a', verdict: 'meets' },
        { ...line, judge: 'a', verdict: 'contradicts', sample: 1 },
        { ...line, judge: 'c', verdict: null },
        { ...line, check_id: 'I9.step', judge: 'a', verdict: 'meets' },
      ],
    );
    expect(got).toEqual([
      { ...line, kind: 'fact', verdicts: { b: 'missing', a: 'meets' } },
      { ...line, check_id: 'I9.step', kind: null, verdicts: { a: 'meets' } },
    ]);
  });
});
