import { InputError } from '../issues/errors.js';
import type { CompiledRubric } from '../schema/index.js';
import { kendallTauB } from './correlation.js';
import { kindFromCheckId } from './family.js';
import { fleissKappa, krippendorffAlpha, type Rating } from './kappa.js';
import { meanOf } from './resample.js';
import {
  distinctSorted,
  type ModelUnit,
  type RunAnalysisOptions,
  ranksDescending,
  sameOrder,
  scoreUnits,
  unitKey,
} from './scored.js';

export interface FlipStats {
  /** Checks judged two or more times. */
  checks: number;
  /** Of those, checks whose verdict changed between repeats. */
  flipped: number;
  flip_rate: number | null;
}

export interface RepeatabilityJudge {
  judge: string;
  samples: number[];
  overall: FlipStats & { fleiss_kappa: number | null; krippendorff_alpha: number | null };
  by_kind: Array<FlipStats & { kind: string | null }>;
  by_tier: Array<FlipStats & { tier: string | null }>;
  /** Each unit's score in every repeat and its spread. */
  models: Array<
    ModelUnit & {
      scores: Array<number | null>;
      mean: number | null;
      sd: number | null;
      min: number | null;
      max: number | null;
      range: number | null;
      /** Rank (1 = best) in each repeat. */
      ranks: Array<number | null>;
    }
  >;
  /** Every repeat orders the units the same way. */
  ranking_holds: boolean;
  /** Mean and lowest Kendall's tau between the rankings of two repeats. */
  mean_tau: number | null;
  min_tau: number | null;
}

export interface RepeatabilityReport {
  judges: RepeatabilityJudge[];
}

/**
 * The same checks judged N times (`sample` 0..N−1): how often verdicts flip
 * (per check kind and tier), how much each model's score moves, and whether
 * the ranking holds.
 */
export function analyzeRepeatability(options: RunAnalysisOptions & { judge?: string }): RepeatabilityReport {
  const judges = options.judge !== undefined ? [options.judge] : distinctSorted(options.verdicts.map((v) => v.judge));
  const problems = judges.filter(
    (j) => new Set(options.verdicts.filter((v) => v.judge === j).map((v) => v.sample ?? 0)).size < 2,
  );
  if (problems.length === judges.length) {
    throw new InputError({
      rule: 'samples-too-few',
      message: `repeatability needs each check judged two or more times (verdict lines with "sample" 0, 1, …); ${
        judges.length ? `judge ${judges.join(', ')} has one sample only` : 'no verdicts found'
      }`,
      ...(options.files?.verdicts !== undefined && { file: options.files.verdicts }),
    });
  }
  const checks = checkIndex(options.rubrics);
  return {
    judges: judges.filter((j) => !problems.includes(j)).map((judge) => repeatabilityOf(judge, options, checks)),
  };
}

function checkIndex(rubrics: readonly CompiledRubric[]): Map<string, { kind: string; tier: string }> {
  const map = new Map<string, { kind: string; tier: string }>();
  for (const r of rubrics)
    for (const c of r.checks) map.set(`${r.question_id}\u0000${c.id}`, { kind: c.kind, tier: c.tier });
  return map;
}

function repeatabilityOf(
  judge: string,
  options: RunAnalysisOptions,
  checks: Map<string, { kind: string; tier: string }>,
): RepeatabilityJudge {
  const lines = options.verdicts.filter((v) => v.judge === judge);
  const samples = distinctSorted(lines.map((v) => v.sample ?? 0));
  const sIndex = new Map(samples.map((s, i) => [s, i]));
  const byCheck = new Map<string, { kind: string | null; tier: string | null; ratings: Rating[] }>();
  for (const v of lines) {
    const key = `${v.question_id}\u0000${v.model}\u0000${v.setting}\u0000${v.check_id}`;
    let entry = byCheck.get(key);
    if (!entry) {
      const c = checks.get(`${v.question_id}\u0000${v.check_id}`);
      entry = { kind: c?.kind ?? kindFromCheckId(v.check_id), tier: c?.tier ?? null, ratings: samples.map(() => null) };
      byCheck.set(key, entry);
    }
    entry.ratings[sIndex.get(v.sample ?? 0) as number] = v.verdict;
  }
  const entries = [...byCheck.values()].filter((e) => e.ratings.filter((r) => r != null).length >= 2);
  const flips = (list: typeof entries): FlipStats => {
    const flipped = list.filter((e) => new Set(e.ratings.filter((r) => r != null)).size > 1).length;
    return { checks: list.length, flipped, flip_rate: list.length ? flipped / list.length : null };
  };
  const group = <K extends 'kind' | 'tier'>(key: K) => {
    const map = new Map<string | null, typeof entries>();
    for (const e of entries) {
      const list = map.get(e[key]);
      if (list) list.push(e);
      else map.set(e[key], [e]);
    }
    return [...map.entries()].sort(([a], [b]) => (a ?? '\uffff').localeCompare(b ?? '\uffff'));
  };
  const table = entries.map((e) => e.ratings);

  const perSample = samples.map((sample) => scoreUnits({ ...options, judge, sample }));
  const unitMap = new Map<string, ModelUnit>();
  for (const s of perSample)
    for (const m of s.report.models) unitMap.set(unitKey(m), { model: m.model, setting: m.setting });
  const units = [...unitMap.values()].sort((a, b) => unitKey(a).localeCompare(unitKey(b)));
  const scoreMatrix = units.map((u) => perSample.map((s) => s.means.get(unitKey(u))?.gamut ?? null));
  const complete = units.map((_, i) => i).filter((i) => scoreMatrix[i]?.every((v) => v !== null));
  const vectors = samples.map((_, s) => complete.map((i) => scoreMatrix[i]?.[s] as number));
  const rankBySample = vectors.map((v) => ranksDescending(v));
  const taus: number[] = [];
  let holds = true;
  for (let a = 0; a < vectors.length; a++) {
    for (let b = a + 1; b < vectors.length; b++) {
      const t = kendallTauB(vectors[a] as number[], vectors[b] as number[]);
      if (t !== null) taus.push(t);
      if (!sameOrder(vectors[a] as number[], vectors[b] as number[])) holds = false;
    }
  }
  const models = units.map((u, i) => {
    const scores = scoreMatrix[i] as Array<number | null>;
    const defined = scores.filter((v): v is number => v !== null);
    const mean = meanOf(defined);
    const sd =
      mean === null || defined.length < 2
        ? null
        : Math.sqrt(defined.reduce((acc, v) => acc + (v - mean) ** 2, 0) / (defined.length - 1));
    const min = defined.length ? Math.min(...defined) : null;
    const max = defined.length ? Math.max(...defined) : null;
    const pos = complete.indexOf(i);
    return {
      ...u,
      scores,
      mean,
      sd,
      min,
      max,
      range: min !== null && max !== null ? max - min : null,
      ranks: rankBySample.map((r) => (pos < 0 ? null : (r[pos] as number))),
    };
  });
  return {
    judge,
    samples,
    overall: {
      ...flips(entries),
      fleiss_kappa: fleissKappa(table).kappa,
      krippendorff_alpha: krippendorffAlpha(table).alpha,
    },
    by_kind: group('kind').map(([kind, list]) => ({ kind, ...flips(list) })),
    by_tier: group('tier').map(([tier, list]) => ({ tier, ...flips(list) })),
    models,
    ranking_holds: holds,
    mean_tau: meanOf(taus),
    min_tau: taus.length ? Math.min(...taus) : null,
  };
}
