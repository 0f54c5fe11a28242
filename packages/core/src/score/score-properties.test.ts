import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CompiledRubric, TIERS, type Tier, VERDICTS, type Verdict } from '../schema/index.js';
import { resolveScoreParams } from './params.js';
import { scoreVerdicts } from './score-verdicts.js';
import { gamutScore, type TierCounts, tierScore } from './tier-score.js';

const params = fc
  .record({
    lambda: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
    mu: fc.double({ min: -10, max: -0.01, noNaN: true }),
    weights: fc
      .tuple(fc.nat(10), fc.nat(10), fc.nat(10))
      .filter(([a, b, c]) => a + b + c > 0)
      .map(([answer_critical, valuable, context]) => ({ answer_critical, valuable, context })),
  })
  .map((p) => resolveScoreParams(p));

const counts = fc.record({
  meets: fc.nat(20),
  partially_meets: fc.nat(20),
  missing: fc.nat(20),
  contradicts: fc.nat(20),
});

/** One answer: a verdict per check, each check with a tier. */
const answer = fc.array(fc.tuple(fc.constantFrom(...TIERS), fc.constantFrom(...VERDICTS)), {
  minLength: 1,
  maxLength: 12,
});

function score(checks: [Tier, Verdict][], p = resolveScoreParams()) {
  const rubric = CompiledRubric.parse({
    question_id: 'q',
    rubric_hash: '0'.repeat(64),
    checks: checks.map(([tier], i) => ({
      id: `c${i}`,
      tier,
      kind: 'fact',
      text: 't',
      item: 'I',
      secondary: false,
      snippets: [],
    })),
  });
  const verdicts = checks.map(([, verdict], i) => ({
    question_id: 'q',
    model: 'm',
    setting: 'multimodal',
    check_id: `c${i}`,
    verdict,
    judge: 'j',
  }));
  const row = scoreVerdicts({ rubrics: [rubric], verdicts, params: p, resamples: 1 }).answers[0];
  if (!row) throw new Error('no answer row');
  return row;
}

const tierOf = (row: ReturnType<typeof score>, t: Tier) => row.tiers[t]?.score ?? null;

describe('score properties', () => {
  it('every tier score lies in [−1, 1]', () => {
    fc.assert(
      fc.property(counts, params, (c: TierCounts, p) => {
        const s = tierScore(c, p);
        if (c.meets + c.partially_meets + c.missing + c.contradicts === 0) return s === null;
        return s !== null && s >= -1 && s <= 1;
      }),
    );
  });

  it('the gamut score lies in [−1, 1] and between the lowest and highest tier score', () => {
    fc.assert(
      fc.property(fc.tuple(counts, counts, counts), params, (cs, p) => {
        const tiers = {
          answer_critical: tierScore(cs[0], p),
          valuable: tierScore(cs[1], p),
          context: tierScore(cs[2], p),
        };
        const g = gamutScore(tiers, p.weights);
        const present = TIERS.filter((t) => tiers[t] !== null && p.weights[t] > 0).map((t) => tiers[t] as number);
        if (present.length === 0) return g === null;
        return g !== null && g >= Math.min(...present) - 1e-12 && g <= Math.max(...present) + 1e-12;
      }),
    );
  });

  it('turning a missing verdict into meets never lowers a tier or the gamut score', () => {
    fc.assert(
      fc.property(answer, fc.nat(), params, (checks, pick, p) => {
        const missing = checks.flatMap(([, v], i) => (v === 'missing' ? [i] : []));
        fc.pre(missing.length > 0);
        const i = missing[pick % missing.length] as number;
        const better = checks.map((c, j) => (j === i ? ([c[0], 'meets'] as [Tier, Verdict]) : c));
        const before = score(checks, p);
        const after = score(better, p);
        for (const t of TIERS) expect(tierOf(after, t) ?? 0).toBeGreaterThanOrEqual((tierOf(before, t) ?? 0) - 1e-12);
        if (before.gamut !== null) expect(after.gamut as number).toBeGreaterThanOrEqual(before.gamut - 1e-12);
      }),
    );
  });

  // (N − a)/(D + a) < N/(D + 1) for every N ≤ D exactly when a = |μ| ≥ 0.5; SPEC allows any μ < 0,
  // and below 0.5 a contradiction among met checks outscores a missing one (next test).
  it('a contradiction always scores below the same check missing (|μ| ≥ 0.5)', () => {
    const strongMu = params.filter((p) => p.mu <= -0.5);
    fc.assert(
      fc.property(answer, fc.nat(), strongMu, (checks, pick, p) => {
        const i = pick % checks.length;
        const [tier] = checks[i] as [Tier, Verdict];
        const as = (v: Verdict) => checks.map((c, j) => (j === i ? ([tier, v] as [Tier, Verdict]) : c));
        const missing = score(as('missing'), p);
        const contradicted = score(as('contradicts'), p);
        expect(tierOf(contradicted, tier) as number).toBeLessThan(tierOf(missing, tier) as number);
        if (p.weights[tier] > 0) expect(contradicted.gamut as number).toBeLessThan(missing.gamut as number);
      }),
    );
  });

  it('with |μ| < 0.5 a contradiction can outscore a missing check: μ = −0.25, one check met', () => {
    const p = resolveScoreParams({ mu: -0.25 });
    // missing: 1/2; contradicts: (1 − 0.25)/(1 + 0.25) = 0.6.
    expect(
      tierOf(
        score(
          [
            ['answer_critical', 'meets'],
            ['answer_critical', 'missing'],
          ],
          p,
        ),
        'answer_critical',
      ),
    ).toBe(0.5);
    expect(
      tierOf(
        score(
          [
            ['answer_critical', 'meets'],
            ['answer_critical', 'contradicts'],
          ],
          p,
        ),
        'answer_critical',
      ),
    ).toBeCloseTo(0.6, 12);
  });

  it('shuffling checks or verdict lines changes nothing', () => {
    const dataset = fc.record({
      questions: fc.array(answer, { minLength: 1, maxLength: 4 }),
      models: fc.uniqueArray(fc.constantFrom('alpha', 'beta', '감마'), { minLength: 1, maxLength: 3 }),
      seed: fc.nat(1000),
    });
    fc.assert(
      fc.property(dataset, fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })), (d, keys) => {
        const rubrics = d.questions.map((checks, q) =>
          CompiledRubric.parse({
            question_id: `q${q}`,
            rubric_hash: '0'.repeat(64),
            domain: q % 2 ? 'odd' : 'even',
            checks: checks.map(([tier], i) => ({
              id: `c${i}`,
              tier,
              kind: 'fact',
              text: 't',
              item: 'I',
              secondary: false,
              snippets: [],
            })),
          }),
        );
        const verdicts = d.models.flatMap((model, m) =>
          d.questions.flatMap((checks, q) =>
            checks.map(([, verdict], i) => ({
              question_id: `q${q}`,
              model,
              setting: 'multimodal',
              check_id: `c${i}`,
              // Vary verdicts by model so the models differ.
              verdict: VERDICTS[(VERDICTS.indexOf(verdict) + m) % VERDICTS.length],
              judge: 'j',
            })),
          ),
        );
        const shuffle = <T>(xs: T[]) => {
          const it = keys[Symbol.iterator]();
          return xs
            .map((x) => [it.next().value as number, x] as const)
            .sort((a, b) => a[0] - b[0])
            .map(([, x]) => x);
        };
        const options = { seed: d.seed, resamples: 50 };
        const a = scoreVerdicts({ rubrics, verdicts, ...options });
        const shuffledRubrics = shuffle(rubrics).map((r) => ({ ...r, checks: shuffle(r.checks) }));
        const b = scoreVerdicts({ rubrics: shuffledRubrics, verdicts: shuffle(verdicts), ...options });
        expect(b).toEqual(a);
      }),
      { numRuns: 60 },
    );
  });
});
