import { InputError } from '../issues/errors.js';
import type { ScoreParamsInput } from '../score/params.js';
import { parseScoreOptions } from '../score/score-options.js';

/** The scoring options shared by `analyze judges | settings | repeatability`, as a command line hands them over. */
export interface AnalysisOptionStrings {
  sample?: string;
  lambda?: string;
  mu?: string;
  weights?: string;
  missingAsMissing?: true;
  seed?: string;
  resamples?: string;
}

export interface AnalysisScoring {
  params: ScoreParamsInput;
  missingAsMissing?: true;
  seed?: number;
  resamples?: number;
  sample?: number;
}

/** Parses the scoring options as `gamut score` does, every malformed one listed at once. */
export function analysisScoring(o: AnalysisOptionStrings): AnalysisScoring {
  const parsed = parseScoreOptions({
    rubrics: '',
    verdicts: '',
    ...(o.lambda !== undefined && { lambda: o.lambda }),
    ...(o.mu !== undefined && { mu: o.mu }),
    ...(o.weights !== undefined && { weights: o.weights }),
    ...(o.sample !== undefined && { sample: o.sample }),
    ...(o.seed !== undefined && { seed: o.seed }),
    ...(o.resamples !== undefined && { resamples: o.resamples }),
  });
  return {
    params: parsed.params,
    ...(o.missingAsMissing && { missingAsMissing: true }),
    ...(parsed.seed !== undefined && { seed: parsed.seed }),
    ...(parsed.resamples !== undefined && { resamples: parsed.resamples }),
    ...(parsed.sample !== undefined && { sample: parsed.sample }),
  };
}

/** `--family name=family` pairs → a record; a malformed pair is a usage error. */
export function parseFamilies(pairs: readonly string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of pairs ?? []) {
    const eq = p.lastIndexOf('=');
    if (eq <= 0 || eq === p.length - 1) {
      throw new InputError({ rule: 'usage', message: `--family takes NAME=FAMILY (e.g. gpt-4.1=openai), got "${p}"` });
    }
    out[p.slice(0, eq)] = p.slice(eq + 1);
  }
  return out;
}

/** An integer option of at least `min` (`fallback` when not given), or an input error naming it. */
export function intOption(name: string, raw: string | undefined, fallback: number, min = 0): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min) {
    throw new InputError({ rule: 'usage', message: `${name} must be an integer ≥ ${min}, got "${raw}"` });
  }
  return n;
}
