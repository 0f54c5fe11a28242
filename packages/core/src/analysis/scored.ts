import type { CompiledRubric, Setting, VerdictLine } from '../schema/index.js';
import type { ScoreParamsInput } from '../score/index.js';
import { type ScoreReport, scoreVerdicts } from '../score/index.js';
import { midRanks } from './correlation.js';
import type { Ci95 } from './resample.js';

/** The inputs every run-level analysis shares. */
export interface RunAnalysisOptions {
  rubrics: readonly CompiledRubric[];
  /** Verdict lines as parsed from verdicts.jsonl (validated by the scorer). */
  verdicts: readonly VerdictLine[];
  params?: ScoreParamsInput;
  /** Count checks without a verdict as missing instead of failing. */
  missingAsMissing?: boolean;
  /** Bootstrap seed (default 0) and resamples (default 1,000). */
  seed?: number;
  resamples?: number;
  /** File names for issues. */
  files?: { rubrics?: string; verdicts?: string };
}

/** A model in a setting: what gets a score and a rank. */
export interface ModelUnit {
  model: string;
  setting: Setting;
}

export interface ScoredUnits {
  report: ScoreReport;
  /** `unitKey` → question → gamut (null where undefined). */
  answers: Map<string, Map<string, number | null>>;
  /** `unitKey` → mean gamut and CI. */
  means: Map<string, { gamut: number | null; ci95: Ci95 | null; n: number }>;
}

export const unitKey = (u: ModelUnit): string => `${u.model}\u0000${u.setting}`;

export function scoreUnits(options: RunAnalysisOptions & { judge?: string; sample?: number }): ScoredUnits {
  const report = scoreVerdicts({
    rubrics: options.rubrics,
    verdicts: options.verdicts,
    breakdowns: [],
    ...(options.params && { params: options.params }),
    ...(options.judge !== undefined && { judge: options.judge }),
    ...(options.sample !== undefined && { sample: options.sample }),
    ...(options.missingAsMissing !== undefined && { missingAsMissing: options.missingAsMissing }),
    ...(options.seed !== undefined && { seed: options.seed }),
    ...(options.resamples !== undefined && { resamples: options.resamples }),
    ...(options.files && { files: options.files }),
  });
  const answers = new Map<string, Map<string, number | null>>();
  for (const a of report.answers) {
    const k = unitKey(a);
    const m = answers.get(k) ?? new Map<string, number | null>();
    m.set(a.question_id, a.gamut);
    answers.set(k, m);
  }
  const means = new Map(report.models.map((m) => [unitKey(m), { gamut: m.gamut, ci95: m.ci95, n: m.n }]));
  return { report, answers, means };
}

/** 1 = best; ties share the mean of their ranks. */
export function ranksDescending(scores: readonly number[]): number[] {
  return midRanks(scores.map((s) => -s));
}

/** True when two score vectors order the units identically (ties included). */
export function sameOrder(a: readonly number[], b: readonly number[]): boolean {
  const ra = ranksDescending(a);
  const rb = ranksDescending(b);
  return ra.every((r, i) => r === rb[i]);
}

export function distinctSorted<T extends string | number>(values: Iterable<T>): T[] {
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
