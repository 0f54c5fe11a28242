import { InputError } from '../issues/errors.js';
import type { Issue } from '../issues/issue.js';
import type { Verdict, Weights } from '../schema/index.js';
import { TIERS } from '../schema/index.js';

/** λ, μ and the tier weights: everything that turns verdicts into numbers. */
export interface ScoreParams {
  /** Value of `partially_meets`, 0 < λ < 1. */
  readonly lambda: number;
  /** Value of `contradicts`, μ < 0; a contradiction also weighs |μ| checks in the denominator. */
  readonly mu: number;
  readonly weights: Readonly<Weights>;
}

export const DEFAULT_WEIGHTS: Readonly<Weights> = Object.freeze({ answer_critical: 0.6, valuable: 0.3, context: 0.1 });
export const DEFAULT_SCORE_PARAMS: ScoreParams = Object.freeze({ lambda: 0.5, mu: -2, weights: DEFAULT_WEIGHTS });

export interface ScoreParamsInput {
  lambda?: number;
  mu?: number;
  weights?: Partial<Weights>;
}

/**
 * Fills defaults and checks the ranges SPEC §4 allows; every broken rule is
 * reported at once, so `--lambda 1 --mu 2` names both.
 */
export function resolveScoreParams(input: ScoreParamsInput = {}): ScoreParams {
  const lambda = input.lambda ?? DEFAULT_SCORE_PARAMS.lambda;
  const mu = input.mu ?? DEFAULT_SCORE_PARAMS.mu;
  const weights: Weights = { ...DEFAULT_WEIGHTS, ...definedOnly(input.weights ?? {}) };
  const issues: Issue[] = [];
  if (!Number.isFinite(lambda) || lambda <= 0 || lambda >= 1) {
    issues.push({ rule: 'lambda-range', message: `λ (lambda) must lie strictly between 0 and 1, got ${lambda}` });
  }
  if (!Number.isFinite(mu) || mu >= 0) {
    issues.push({ rule: 'mu-range', message: `μ (mu) must be a negative number, got ${mu}` });
  }
  for (const t of TIERS) {
    const w = weights[t];
    if (!Number.isFinite(w) || w < 0) {
      issues.push({ rule: 'weight-range', message: `weight of ${t} must be a non-negative number, got ${w}` });
    }
  }
  if (TIERS.every((t) => weights[t] === 0)) {
    issues.push({ rule: 'weights-all-zero', message: 'tier weights must not all be zero' });
  }
  if (issues.length) throw new InputError(issues);
  return Object.freeze({ lambda, mu, weights: Object.freeze(weights) });
}

/** meets = 1, partially_meets = λ, missing = 0, contradicts = μ. */
export function verdictValue(verdict: Verdict, params: ScoreParams = DEFAULT_SCORE_PARAMS): number {
  switch (verdict) {
    case 'meets':
      return 1;
    case 'partially_meets':
      return params.lambda;
    case 'missing':
      return 0;
    case 'contradicts':
      return params.mu;
  }
}

function definedOnly(w: Partial<Weights>): Partial<Weights> {
  const out: Partial<Weights> = {};
  for (const t of TIERS) if (w[t] !== undefined) out[t] = w[t];
  return out;
}
