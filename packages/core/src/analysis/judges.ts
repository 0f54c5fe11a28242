import { InputError } from '../issues/errors.js';
import type { Random } from '../ports/random.js';
import { seededRandom } from '../score/index.js';
import { type CorrelationKind, fisherZCi, kendallTauB, pearson, spearman } from './correlation.js';
import { providerFamily } from './family.js';
import { cohenKappa } from './kappa.js';
import { bootstrapCi, type Ci95, meanOf } from './resample.js';
import {
  distinctSorted,
  type ModelUnit,
  type RunAnalysisOptions,
  ranksDescending,
  type ScoredUnits,
  scoreUnits,
  unitKey,
} from './scored.js';

export interface JudgesOptions extends RunAnalysisOptions {
  /** Which repeat to use when verdicts carry `sample`; default 0. */
  sample?: number;
  /** name → provider family, overriding the guess from names (for models and judges). */
  families?: Readonly<Record<string, string>>;
}

export interface JudgePairAnalysis {
  a: string;
  b: string;
  /** Units (model × setting) scored by both. */
  n: number;
  kendall_tau: number | null;
  /** Bootstrap over questions: the rankings are recomputed from resampled questions. */
  kendall_tau_ci95: Ci95 | null;
  kendall_tau_fisher_ci95: Ci95 | null;
  spearman: number | null;
  spearman_ci95: Ci95 | null;
  pearson: number | null;
  /** Mean over questions of Kendall's tau between the two judges' per-answer scores. */
  per_question_tau: number | null;
  per_question_n: number;
  /** Cohen's kappa on the verdicts of the checks both judged. */
  verdict_kappa: number | null;
  verdict_agreement: number | null;
  verdicts_compared: number;
  /** Ready for a scatter plot: one point per unit. */
  points: Array<ModelUnit & { x: number; y: number }>;
}

export interface JudgesReport {
  judges: Array<{ judge: string; family: string | null; leniency: number | null }>;
  /** Rank table: each unit's score, CI and rank under each judge. */
  models: Array<
    ModelUnit & {
      family: string | null;
      scores: Record<string, { gamut: number | null; ci95: Ci95 | null; rank: number | null }>;
      /** max − min over judges. */
      spread: number | null;
      highest: string | null;
      lowest: string | null;
    }
  >;
  pairs: JudgePairAnalysis[];
  largest_difference: (ModelUnit & { spread: number; highest: string; lowest: string }) | null;
  self_preference: Array<{
    judge: string;
    family: string;
    own_models: string[];
    /** Mean of (this judge's score − the other judges' mean) over its own family's units. */
    own_offset: number | null;
    /** The same over the other units: the judge's general leniency there. */
    other_offset: number | null;
    /** own_offset − other_offset: > 0 means it favours its own family beyond its leniency. */
    self_preference: number | null;
  }>;
}

/**
 * Judge robustness (SPEC §8): the same answers scored by several judges.
 * Run-level agreement (rankings of model means) is reported apart from
 * per-question and per-verdict agreement, which published work finds much lower.
 */
export function analyzeJudges(options: JudgesOptions): JudgesReport {
  const judges = distinctSorted(options.verdicts.map((v) => v.judge));
  if (judges.length < 2) {
    throw new InputError({
      rule: 'judges-too-few',
      message: `judge analysis needs verdicts from two or more judges; found ${judges.length ? judges.join(', ') : 'none'}`,
      ...(options.files?.verdicts !== undefined && { file: options.files.verdicts }),
    });
  }
  const families = options.families ?? {};
  const scored = new Map<string, ScoredUnits>(
    judges.map((j) => [j, scoreUnits({ ...options, judge: j, sample: options.sample ?? 0 })]),
  );
  const unitMap = new Map<string, ModelUnit>();
  for (const s of scored.values())
    for (const m of s.report.models) unitMap.set(unitKey(m), { model: m.model, setting: m.setting });
  const units = [...unitMap.values()].sort((a, b) => unitKey(a).localeCompare(unitKey(b)));
  const score = (j: string, u: ModelUnit): number | null => scored.get(j)?.means.get(unitKey(u))?.gamut ?? null;
  // Units every judge scored: the only fair basis for leniency and rankings.
  const common = units.filter((u) => judges.every((j) => score(j, u) !== null));
  const consensus = new Map(
    common.map((u) => [unitKey(u), meanOf(judges.map((j) => score(j, u) as number)) as number]),
  );

  const ranks = new Map<string, Map<string, number>>();
  for (const j of judges) {
    const r = ranksDescending(common.map((u) => score(j, u) as number));
    ranks.set(j, new Map(common.map((u, i) => [unitKey(u), r[i] as number])));
  }
  const models: JudgesReport['models'] = units.map((u) => {
    const scores: JudgesReport['models'][number]['scores'] = {};
    let hi: [string, number] | null = null;
    let lo: [string, number] | null = null;
    for (const j of judges) {
      const m = scored.get(j)?.means.get(unitKey(u));
      const g = m?.gamut ?? null;
      scores[j] = { gamut: g, ci95: m?.ci95 ?? null, rank: ranks.get(j)?.get(unitKey(u)) ?? null };
      if (g !== null && (hi === null || g > hi[1])) hi = [j, g];
      if (g !== null && (lo === null || g < lo[1])) lo = [j, g];
    }
    return {
      ...u,
      family: providerFamily(u.model, families),
      scores,
      spread: hi && lo ? hi[1] - lo[1] : null,
      highest: hi ? hi[0] : null,
      lowest: lo ? lo[0] : null,
    };
  });
  let largest: JudgesReport['largest_difference'] = null;
  for (const m of models) {
    if (m.spread !== null && m.highest && m.lowest && (largest === null || m.spread > largest.spread)) {
      largest = { model: m.model, setting: m.setting, spread: m.spread, highest: m.highest, lowest: m.lowest };
    }
  }

  const offsetOver = (j: string, list: readonly ModelUnit[]): number | null =>
    meanOf(
      list.map((u) => {
        const others = judges.filter((o) => o !== j).map((o) => score(o, u) as number);
        return (score(j, u) as number) - (meanOf(others) as number);
      }),
    );
  const judgeRows = judges.map((j) => ({
    judge: j,
    family: providerFamily(j, families),
    leniency: meanOf(common.map((u) => (score(j, u) as number) - (consensus.get(unitKey(u)) as number))),
  }));
  const self_preference: JudgesReport['self_preference'] = [];
  for (const { judge, family } of judgeRows) {
    if (family === null) continue;
    const own = common.filter((u) => providerFamily(u.model, families) === family);
    const other = common.filter((u) => providerFamily(u.model, families) !== family);
    if (own.length === 0) continue;
    const own_offset = offsetOver(judge, own);
    const other_offset = other.length ? offsetOver(judge, other) : null;
    self_preference.push({
      judge,
      family,
      own_models: distinctSorted(own.map((u) => u.model)),
      own_offset,
      other_offset,
      self_preference: own_offset !== null && other_offset !== null ? own_offset - other_offset : null,
    });
  }

  const random = seededRandom(options.seed ?? 0);
  const pairs: JudgePairAnalysis[] = [];
  for (let a = 0; a < judges.length; a++) {
    for (let b = a + 1; b < judges.length; b++) {
      pairs.push(pairAnalysis(judges[a] as string, judges[b] as string, { ...options, scored, units, random }));
    }
  }
  return { judges: judgeRows, models, pairs, largest_difference: largest, self_preference };
}

interface PairContext extends JudgesOptions {
  scored: Map<string, ScoredUnits>;
  units: readonly ModelUnit[];
  random: Random;
}

function pairAnalysis(a: string, b: string, ctx: PairContext): JudgePairAnalysis {
  const sa = ctx.scored.get(a) as ScoredUnits;
  const sb = ctx.scored.get(b) as ScoredUnits;
  const units = ctx.units.filter(
    (u) => sa.means.get(unitKey(u))?.gamut != null && sb.means.get(unitKey(u))?.gamut != null,
  );
  const x = units.map((u) => sa.means.get(unitKey(u))?.gamut as number);
  const y = units.map((u) => sb.means.get(unitKey(u))?.gamut as number);
  const tau = kendallTauB(x, y);
  const rho = spearman(x, y);

  // Per-answer matrices over the questions both judges scored, for the question bootstrap.
  const questions = distinctSorted(
    units
      .flatMap((u) => [...(sa.answers.get(unitKey(u))?.keys() ?? [])])
      .filter((q) => units.some((u) => sb.answers.get(unitKey(u))?.has(q))),
  );
  const matrix = (s: ScoredUnits) => units.map((u) => questions.map((q) => s.answers.get(unitKey(u))?.get(q) ?? null));
  const ma = matrix(sa);
  const mb = matrix(sb);
  const resampled = (kind: CorrelationKind) => (idx: Int32Array) => {
    const xs: number[] = [];
    const ys: number[] = [];
    for (let u = 0; u < units.length; u++) {
      const va = meanAt(ma[u] as (number | null)[], idx);
      const vb = meanAt(mb[u] as (number | null)[], idx);
      if (va === null || vb === null) continue;
      xs.push(va);
      ys.push(vb);
    }
    return kind === 'kendall' ? kendallTauB(xs, ys) : spearman(xs, ys);
  };
  const resample = { random: ctx.random, ...(ctx.resamples !== undefined && { resamples: ctx.resamples }) };

  const perQuestion: number[] = [];
  questions.forEach((_, qi) => {
    const xs: number[] = [];
    const ys: number[] = [];
    for (let u = 0; u < units.length; u++) {
      const va = ma[u]?.[qi] ?? null;
      const vb = mb[u]?.[qi] ?? null;
      if (va !== null && vb !== null) {
        xs.push(va);
        ys.push(vb);
      }
    }
    const t = xs.length >= 2 ? kendallTauB(xs, ys) : null;
    if (t !== null) perQuestion.push(t);
  });

  const sample = ctx.sample ?? 0;
  const byCheck = new Map<string, string>();
  const key = (v: PairContext['verdicts'][number]) =>
    `${v.question_id}\u0000${v.model}\u0000${v.setting}\u0000${v.check_id}`;
  // Judge failures are not verdicts: they take no part in verdict agreement.
  for (const v of ctx.verdicts) {
    if (v.judge === a && (v.sample ?? 0) === sample && v.verdict !== null) byCheck.set(key(v), v.verdict);
  }
  const va: string[] = [];
  const vb: string[] = [];
  for (const v of ctx.verdicts) {
    if (v.judge !== b || (v.sample ?? 0) !== sample || v.verdict === null) continue;
    const other = byCheck.get(key(v));
    if (other !== undefined) {
      va.push(other);
      vb.push(v.verdict);
    }
  }
  const verdictStats = cohenKappa(va, vb);
  return {
    a,
    b,
    n: units.length,
    kendall_tau: tau,
    kendall_tau_ci95: tau === null ? null : bootstrapCi(questions.length, resampled('kendall'), resample),
    kendall_tau_fisher_ci95: fisherZCi(tau, units.length, 'kendall'),
    spearman: rho,
    spearman_ci95: rho === null ? null : bootstrapCi(questions.length, resampled('spearman'), resample),
    pearson: pearson(x, y),
    per_question_tau: meanOf(perQuestion),
    per_question_n: perQuestion.length,
    verdict_kappa: verdictStats.kappa,
    verdict_agreement: verdictStats.agreement,
    verdicts_compared: verdictStats.n,
    points: units.map((u, i) => ({ ...u, x: x[i] as number, y: y[i] as number })),
  };
}

/** Mean of the defined values at the drawn question indices (a question drawn twice counts twice). */
function meanAt(row: readonly (number | null)[], idx: Int32Array): number | null {
  let s = 0;
  let n = 0;
  for (let i = 0; i < idx.length; i++) {
    const v = row[idx[i] as number];
    if (v !== null && v !== undefined) {
      s += v;
      n++;
    }
  }
  return n === 0 ? null : s / n;
}
