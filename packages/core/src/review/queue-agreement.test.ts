import { describe, expect, it } from 'vitest';
import { finalLabelLines } from './final-labels.js';
import { queueState } from './item-state.js';
import { queueAgreement } from './queue-agreement.js';
import { ev, label, labelQueue } from './review-fixtures.test-helpers.js';

const queue = labelQueue(4);
// ann: meets, meets, missing, missing; bo: meets, missing, missing, missing; i2 adjudicated missing.
const events = [
  label('ann', 'i1', 'meets', 'named'),
  label('bo', 'i1', 'meets', 'named too'),
  label('ann', 'i2', 'meets'),
  label('bo', 'i2', 'missing'),
  ev('민지', 'i2', { kind: 'adjudicate', value: 'missing', round: 2, reason: 'only hinted' }),
  label('ann', 'i3', 'missing'),
  label('bo', 'i3', 'missing'),
  label('ann', 'i4', 'missing'),
  label('bo', 'i4', 'missing'),
];
const state = queueState(queue, events);
const judged = (q: string, verdict: string | null, judge = 'offline') => ({
  question_id: q,
  model: 'm1',
  setting: 'text',
  check_id: 'C1.fact',
  judge,
  verdict,
});

describe('final labels', () => {
  it('are the agreed or adjudicated verdicts as verdict lines of judge human:<queue>', () => {
    expect(finalLabelLines(queue, state)).toEqual([
      { ...judged('q1', 'meets', 'human:q'), rationale: 'named / named too' },
      { ...judged('q2', 'missing', 'human:q'), rationale: 'only hinted' },
      { ...judged('q3', 'missing', 'human:q'), rationale: '' },
      { ...judged('q4', 'missing', 'human:q'), rationale: '' },
    ]);
  });

  it('leave out items waiting or in disagreement', () => {
    const open = queueState(queue, events.slice(0, 4));
    expect(finalLabelLines(queue, open).map((l) => l.question_id)).toEqual(['q1']);
  });
});

describe('queueAgreement', () => {
  // Judge: meets, meets, missing, contradicts (and a line of another judge, a repeat and a failure).
  const verdicts = [
    judged('q1', 'meets'),
    judged('q2', 'meets'),
    judged('q3', 'missing'),
    judged('q4', 'contradicts'),
    judged('q4', 'meets', 'other'),
    { ...judged('q1', 'missing'), sample: 1 },
    judged('q9', null),
  ];
  const result = queueAgreement({ queue, state, verdicts, judge: 'offline', resamples: 50 });

  it("annotators: Cohen's kappa 0.5 (p_o 3/4, p_e 1/2) and Krippendorff's alpha 1 − 0.25/(30/56)", () => {
    const pair = result.annotators?.overall.pairs[0];
    expect([pair?.a, pair?.b, pair?.n, pair?.agreement]).toEqual(['ann', 'bo', 4, 0.75]);
    expect(pair?.kappa).toBeCloseTo(0.5, 12);
    expect(result.annotators?.overall.krippendorff_alpha).toBeCloseTo(1 - 0.25 / (30 / 56), 12);
  });

  it('judge vs final labels: agreement 2/4, kappa (0.5 − 0.3125)/(1 − 0.3125)', () => {
    const j = result.judge;
    expect([j?.judge, j?.items, j?.annotators]).toEqual(['offline', 4, ['human:q']]);
    expect(j?.vs_majority.agreement).toBe(0.5);
    expect(j?.vs_majority.kappa).toBeCloseTo(0.1875 / 0.6875, 12);
    expect(j?.disagreement_count).toBe(2);
  });

  it('per check kind when facets are given; nothing to compare before any item is decided', () => {
    const byKind = queueAgreement({
      queue,
      state,
      verdicts,
      judge: 'offline',
      resamples: 20,
      facets: () => ({ kind: 'fact', tier: 'answer_critical' }),
    });
    expect(byKind.judge?.by_kind.map((b) => [b.kind, b.n, b.agreement])).toEqual([['fact', 4, 0.5]]);
    expect(queueAgreement({ queue, state: queueState(queue, []), verdicts, judge: 'offline' })).toEqual({
      annotators: null,
      judge: null,
    });
  });
});
