import { InputError } from '../issues/errors.js';
import type { Issue } from '../issues/issue.js';
import { resolveScoreParams, type ScoreParamsInput } from './params.js';
import { BREAKDOWN_KEYS, type BreakdownKey } from './score-report.js';

/** The options of `gamut score` as a command line hands them over (strings, unparsed). */
export interface ScoreOptionStrings {
  rubrics: string;
  /** A verdicts file, or (with `store`) none: the verdicts are the stored run's. */
  verdicts?: string;
  store?: string;
  run?: string;
  json?: true;
  lambda?: string;
  mu?: string;
  weights?: string;
  missingAsMissing?: true;
  judge?: string;
  sample?: string;
  seed?: string;
  resamples?: string;
  failUnder?: string;
  by?: string;
  calibrate?: string;
}

export interface ParsedScoreOptions {
  params: ScoreParamsInput;
  seed?: number;
  resamples?: number;
  sample?: number;
  /** Fraction in [−1, 1]. */
  failUnder?: number;
  by: BreakdownKey[];
}

/** Turns option strings into numbers, listing every malformed option at once (ranges are checked by core). */
export function parseScoreOptions(o: ScoreOptionStrings): ParsedScoreOptions {
  const issues: Issue[] = [];
  const num = (flag: string, raw: string | undefined, integer = false): number | undefined => {
    if (raw === undefined) return undefined;
    const value = raw.trim() === '' ? Number.NaN : Number(raw);
    if (!Number.isFinite(value) || (integer && !Number.isInteger(value))) {
      issues.push({ rule: 'usage', message: `${flag} expects ${integer ? 'an integer' : 'a number'}, got "${raw}"` });
      return undefined;
    }
    return value;
  };
  if ((o.verdicts === undefined) === (o.store === undefined)) {
    issues.push({
      rule: 'usage',
      message: 'score needs its verdicts from one place: --verdicts <file>, or --store <dir|url> (with --run <name>)',
    });
  }
  if (o.run !== undefined && o.store === undefined) {
    issues.push({ rule: 'usage', message: '--run names a run in a store: pass --store <dir|url> too' });
  }
  const params: ScoreParamsInput = {};
  const lambda = num('--lambda', o.lambda);
  const mu = num('--mu', o.mu);
  if (lambda !== undefined) params.lambda = lambda;
  if (mu !== undefined) params.mu = mu;
  if (o.weights !== undefined) {
    const parts = o.weights.split(',');
    if (parts.length !== 3) {
      issues.push({ rule: 'usage', message: `--weights expects three numbers ac,v,c, got "${o.weights}"` });
    } else {
      const [ac, v, c] = parts.map((p, i) => num(`--weights (${['answer_critical', 'valuable', 'context'][i]})`, p));
      if (ac !== undefined && v !== undefined && c !== undefined) {
        params.weights = { answer_critical: ac, valuable: v, context: c };
      }
    }
  }
  try {
    resolveScoreParams(params);
  } catch (e) {
    if (!InputError.isInputError(e)) throw e;
    issues.push(...e.issues);
  }
  const parsed: ParsedScoreOptions = { params, by: [] };
  const seed = num('--seed', o.seed, true);
  const resamples = num('--resamples', o.resamples, true);
  const sample = num('--sample', o.sample, true);
  if (seed !== undefined) parsed.seed = seed;
  if (resamples !== undefined) parsed.resamples = resamples;
  if (sample !== undefined) parsed.sample = sample;
  const failUnder = num('--fail-under', o.failUnder);
  if (failUnder !== undefined) {
    // Scores are fractions everywhere (gamut judge and run too); ×100 is only how tables show them.
    if (Math.abs(failUnder) > 1) {
      const hint = failUnder > 1 && failUnder <= 100 ? `; did you mean ${failUnder / 100}?` : '';
      issues.push({ rule: 'usage', message: `--fail-under takes a fraction in [-1, 1], got ${o.failUnder}${hint}` });
    } else {
      parsed.failUnder = failUnder;
    }
  }
  for (const key of (o.by ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const known = BREAKDOWN_KEYS.find((k) => k === key);
    if (!known) issues.push({ rule: 'usage', message: `--by takes ${BREAKDOWN_KEYS.join(', ')}; got "${key}"` });
    else if (!parsed.by.includes(known)) parsed.by.push(known);
  }
  if (issues.length) throw new InputError(issues);
  return parsed;
}
