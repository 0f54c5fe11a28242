import { InputError, parseScoreOptions, type RunAnalysisOptions } from '@gamut/core';
import { readRun } from './read-inputs.js';

/** Options shared by `analyze judges | settings | repeatability` (commander's strings). */
export interface RunCliOptions {
  rubrics?: string;
  verdicts?: string;
  store?: string;
  judge?: string;
  sample?: string;
  lambda?: string;
  mu?: string;
  weights?: string;
  missingAsMissing?: true;
  seed?: string;
  resamples?: string;
  json?: true;
}

export async function runAnalysisInputs(
  run: string | undefined,
  o: RunCliOptions,
): Promise<RunAnalysisOptions & { sample?: number }> {
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
  const inputs = await readRun(run, {
    ...(o.rubrics !== undefined && { rubrics: o.rubrics }),
    ...(o.verdicts !== undefined && { verdicts: o.verdicts }),
    ...(o.store !== undefined && { store: o.store }),
  });
  return {
    ...inputs,
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
