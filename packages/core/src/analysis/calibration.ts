import type { Random } from '../ports/random.js';
import type { LabelRecord } from './agreement.js';
import { type ClassMetrics, type ConfusionMatrix, classMetrics, confusionMatrix, macroF1 } from './classification.js';
import { countMatrix, encodePair, macroF1OfMatrix } from './coded.js';
import { fleissKappa, krippendorffAlpha, majorityLabel, type Rating } from './kappa.js';
import { type PairStats, pairStats } from './pair-stats.js';
import { bootstrapCi, type Ci95, meanOf, pick } from './resample.js';

export interface CalibrationFacets {
  kind?: string | null;
  tier?: string | null;
}

export interface CalibrationOptions {
  /** Human labels; `rater` names the annotator. */
  human: readonly LabelRecord[];
  /** One judge's labels for the same items; `rater` names the judge. */
  judge: readonly LabelRecord[];
  /** Label order for matrices (e.g. the four verdicts); others seen are appended. */
  labels?: readonly string[];
  /** Also report `positive` against everything else (e.g. meets vs not). */
  positive?: string;
  /** Check kind and tier of an item, for the breakdowns. */
  facets?: (item: string) => CalibrationFacets;
  random: Random;
  resamples?: number;
  /** At most this many disagreements are listed (all are counted); default 1,000. */
  maxDisagreements?: number;
}

export interface CalibrationBlock extends PairStats {
  binary: (PairStats & { positive: string }) | null;
  macro_f1: number | null;
  macro_f1_ci95: Ci95 | null;
  per_class: ClassMetrics[];
  confusion: ConfusionMatrix;
}

export interface Disagreement {
  item: string;
  kind: string | null;
  tier: string | null;
  judge: string;
  /** Majority human label (null on a tie). */
  human: string | null;
  annotators: Record<string, string>;
}

export interface CalibrationReport {
  judge: string;
  labels: string[];
  annotators: string[];
  /** Items with both a judge label and at least one human label. */
  items: number;
  judge_only: number;
  human_only: number;
  /** Items left out of `vs_majority` because the annotators' top labels tie. */
  majority_ties: number;
  /** The judge against the majority human label (the only label when one annotator). */
  vs_majority: CalibrationBlock;
  /** The judge against each annotator, and the mean: "as good as an average annotator?" */
  vs_annotators: {
    mean_agreement: number | null;
    mean_kappa: number | null;
    per_annotator: Array<PairStats & { annotator: string }>;
  };
  /** Agreement among the annotators themselves; null with fewer than two. */
  humans: {
    fleiss_kappa: number | null;
    krippendorff_alpha: number | null;
    mean_pairwise_kappa: number | null;
    pairs: Array<PairStats & { a: string; b: string }>;
  } | null;
  by_kind: Array<CalibrationBlock & { kind: string | null }>;
  by_tier: Array<CalibrationBlock & { tier: string | null }>;
  disagreements: Disagreement[];
  disagreement_count: number;
}

/**
 * A judge's labels against human labels of the same items: SPEC §8 judge
 * calibration. Works for the four verdicts and for any other label set
 * (RAG supported/unsupported, abstained, …).
 */
export function calibrate(options: CalibrationOptions): CalibrationReport {
  const judgeName = options.judge[0]?.rater ?? 'judge';
  const judgeBy = new Map<string, string>();
  for (const r of options.judge) if (!judgeBy.has(r.item)) judgeBy.set(r.item, r.label);
  const annotators = [...new Set(options.human.map((r) => r.rater))].sort();
  const aIndex = new Map(annotators.map((a, i) => [a, i]));
  const humanBy = new Map<string, Rating[]>();
  for (const r of options.human) {
    const row = humanBy.get(r.item) ?? annotators.map(() => null);
    const j = aIndex.get(r.rater) as number;
    if (row[j] == null) row[j] = r.label;
    humanBy.set(r.item, row);
  }
  const items = [...judgeBy.keys()].filter((it) => humanBy.has(it)).sort();
  const facets = (it: string): { kind: string | null; tier: string | null } => {
    const f = options.facets?.(it) ?? {};
    return { kind: f.kind ?? null, tier: f.tier ?? null };
  };
  const judgeLabels = items.map((it) => judgeBy.get(it) as string);
  const rows = items.map((it) => humanBy.get(it) as Rating[]);
  const majority = rows.map((row) => majorityLabel(row));
  const resample = { random: options.random, ...(options.resamples !== undefined && { resamples: options.resamples }) };
  const seenLabels = new Set<string>([...judgeLabels, ...options.human.map((r) => r.label)]);
  const labels = [...(options.labels ?? []), ...[...seenLabels].filter((l) => !options.labels?.includes(l)).sort()];
  const block = (subset: number[]): CalibrationBlock =>
    calibrationBlock(pick(majority, subset), pick(judgeLabels, subset), labels, options.positive, resample);
  const all = items.map((_, i) => i);

  const per_annotator = annotators.map((annotator, j) => ({
    annotator,
    ...pairStats(
      rows.map((row) => row[j]),
      judgeLabels,
      resample,
    ),
  }));
  let humans: CalibrationReport['humans'] = null;
  if (annotators.length >= 2) {
    const pairs: Array<PairStats & { a: string; b: string }> = [];
    for (let a = 0; a < annotators.length; a++) {
      for (let b = a + 1; b < annotators.length; b++) {
        const s = pairStats(
          rows.map((row) => row[a]),
          rows.map((row) => row[b]),
          resample,
        );
        if (s.n > 0) pairs.push({ a: annotators[a] as string, b: annotators[b] as string, ...s });
      }
    }
    const allHuman = [...humanBy.values()];
    humans = {
      fleiss_kappa: fleissKappa(allHuman).kappa,
      krippendorff_alpha: krippendorffAlpha(allHuman).alpha,
      mean_pairwise_kappa: meanOf(pairs.map((p) => p.kappa).filter((k): k is number => k !== null)),
      pairs,
    };
  }

  const groupBy = (key: 'kind' | 'tier'): Array<[string | null, number[]]> => {
    const map = new Map<string | null, number[]>();
    items.forEach((it, i) => {
      const k = facets(it)[key];
      const list = map.get(k) ?? [];
      list.push(i);
      map.set(k, list);
    });
    return [...map.entries()].sort(([a], [b]) => (a ?? '\uffff').localeCompare(b ?? '\uffff'));
  };
  const hasFacet = (key: 'kind' | 'tier') => items.some((it) => facets(it)[key] !== null);

  const disagreements: Disagreement[] = [];
  let disagreement_count = 0;
  const max = options.maxDisagreements ?? 1000;
  items.forEach((item, i) => {
    const judge = judgeLabels[i] as string;
    const human = majority[i] ?? null;
    const row = rows[i] as Rating[];
    if (human === judge) return;
    disagreement_count++;
    if (disagreements.length >= max) return;
    const names: Record<string, string> = {};
    row.forEach((r, j) => {
      if (r != null) names[annotators[j] as string] = r;
    });
    disagreements.push({ item, ...facets(item), judge, human, annotators: names });
  });

  return {
    judge: judgeName,
    labels,
    annotators,
    items: items.length,
    judge_only: [...judgeBy.keys()].filter((it) => !humanBy.has(it)).length,
    human_only: [...humanBy.keys()].filter((it) => !judgeBy.has(it)).length,
    majority_ties: majority.filter((m) => m === null).length,
    vs_majority: block(all),
    vs_annotators: {
      mean_agreement: meanOf(per_annotator.map((p) => p.agreement).filter((x): x is number => x !== null)),
      mean_kappa: meanOf(per_annotator.map((p) => p.kappa).filter((x): x is number => x !== null)),
      per_annotator,
    },
    humans,
    by_kind: hasFacet('kind') ? groupBy('kind').map(([kind, idx]) => ({ kind, ...block(idx) })) : [],
    by_tier: hasFacet('tier') ? groupBy('tier').map(([tier, idx]) => ({ tier, ...block(idx) })) : [],
    disagreements,
    disagreement_count,
  };
}

function calibrationBlock(
  reference: readonly Rating[],
  predicted: readonly Rating[],
  labels: readonly string[],
  positive: string | undefined,
  resample: { random: Random; resamples?: number },
): CalibrationBlock {
  const stats = pairStats(reference, predicted, resample);
  const confusion = confusionMatrix(reference, predicted, labels);
  // Keep only labels that occur, so a matrix over four verdicts has no empty rows for unused ones
  const per_class = classMetrics(confusion).filter((m) => m.support > 0 || m.predicted > 0);
  let binary: CalibrationBlock['binary'] = null;
  if (positive !== undefined) {
    const other = `not_${positive}`;
    const bin = (r: Rating): Rating => (r == null ? r : r === positive ? positive : other);
    binary = { positive, ...pairStats(reference.map(bin), predicted.map(bin), resample) };
  }
  const ref: string[] = [];
  const pred: string[] = [];
  reference.forEach((r, i) => {
    const p = predicted[i];
    if (r != null && p != null) {
      ref.push(r);
      pred.push(p);
    }
  });
  const coded = encodePair(ref, pred, labels);
  const k = coded.labels.length;
  const f1Of = (idx: ArrayLike<number>): number | null => macroF1OfMatrix(countMatrix(coded, idx), k);
  const macro = macroF1(per_class);
  return {
    ...stats,
    binary,
    macro_f1: macro,
    macro_f1_ci95: macro === null ? null : bootstrapCi(ref.length, f1Of, resample),
    per_class,
    confusion,
  };
}
