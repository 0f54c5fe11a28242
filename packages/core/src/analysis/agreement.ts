import { InputError } from '../issues/errors.js';
import type { Issue } from '../issues/issue.js';
import type { Random } from '../ports/random.js';
import { fleissKappa, krippendorffAlpha, type Rating, unanimousAgreement } from './kappa.js';
import { type PairStats, pairStats } from './pair-stats.js';

/** One line of a labels file: `{ item, rater, label, group? }`. */
export interface LabelRecord {
  item: string;
  rater: string;
  label: string;
  group?: string | null;
  /** Where the record came from, for messages. */
  line?: number;
}

export interface AgreementOptions {
  /** Compare every other rater with this one (e.g. the gold label or a lead annotator). */
  reference?: string;
  /** Also report each group separately. */
  byGroup?: boolean;
  random: Random;
  resamples?: number;
  /** File name used in issues. */
  file?: string;
}

export interface RaterPair extends PairStats {
  a: string;
  b: string;
}

export interface AgreementBlock {
  items: number;
  ratings: number;
  raters: Array<{ rater: string; items: number }>;
  /** Mean share of agreeing rater pairs per item (items with two or more ratings). */
  pairwise_agreement: number | null;
  /** Share of items on which all their raters agree. */
  unanimous_agreement: number | null;
  pairs: RaterPair[];
  vs_reference: Array<PairStats & { rater: string }>;
  fleiss_kappa: number | null;
  krippendorff_alpha: number | null;
}

export interface AgreementReport {
  labels: string[];
  reference: string | null;
  overall: AgreementBlock;
  groups: Array<AgreementBlock & { group: string | null }> | null;
}

/**
 * Agreement among raters over a labels file. Each (item, rater) may carry one
 * label; a second, different label for it is an input error (which one is
 * right cannot be guessed), an identical repeat is ignored.
 */
export function analyzeAgreement(records: readonly LabelRecord[], options: AgreementOptions): AgreementReport {
  const issues: Issue[] = [];
  const seen = new Map<string, LabelRecord>();
  const unique: LabelRecord[] = [];
  for (const r of records) {
    const key = `${r.item}\u0000${r.rater}`;
    const prev = seen.get(key);
    if (prev) {
      if (prev.label !== r.label) {
        issues.push({
          rule: 'conflicting-label',
          message: `rater "${r.rater}" labels item "${r.item}" both "${prev.label}"${prev.line !== undefined ? ` (line ${prev.line})` : ''} and "${r.label}"`,
          item: r.item,
          ...(options.file !== undefined && { file: options.file }),
          ...(r.line !== undefined && { line: r.line }),
        });
      }
      continue;
    }
    seen.set(key, r);
    unique.push(r);
  }
  const raters = [...new Set(unique.map((r) => r.rater))].sort();
  if (options.reference !== undefined && !raters.includes(options.reference)) {
    issues.push({
      rule: 'unknown-rater',
      message: `reference rater "${options.reference}" labels nothing; raters: ${raters.join(', ') || '(none)'}`,
      ...(options.file !== undefined && { file: options.file }),
    });
  }
  if (issues.length) throw new InputError(issues);
  const labels = [...new Set(unique.map((r) => r.label))].sort();
  const reference = options.reference ?? null;
  const overall = agreementBlock(unique, raters, reference, options);
  let groups: AgreementReport['groups'] = null;
  if (options.byGroup) {
    const byGroup = new Map<string | null, LabelRecord[]>();
    for (const r of unique) {
      const g = r.group ?? null;
      const list = byGroup.get(g) ?? [];
      list.push(r);
      byGroup.set(g, list);
    }
    groups = [...byGroup.entries()]
      .sort(([a], [b]) => (a ?? '\uffff').localeCompare(b ?? '\uffff'))
      .map(([group, list]) => ({ group, ...agreementBlock(list, raters, reference, options) }));
  }
  return { labels, reference, overall, groups };
}

function agreementBlock(
  records: readonly LabelRecord[],
  allRaters: readonly string[],
  reference: string | null,
  options: AgreementOptions,
): AgreementBlock {
  const items = [...new Set(records.map((r) => r.item))].sort();
  const itemIndex = new Map(items.map((it, i) => [it, i]));
  const raters = allRaters.filter((r) => records.some((x) => x.rater === r));
  const raterIndex = new Map(raters.map((r, i) => [r, i]));
  // table[item][rater]
  const table: Rating[][] = items.map(() => raters.map(() => null));
  for (const r of records) {
    (table[itemIndex.get(r.item) as number] as Rating[])[raterIndex.get(r.rater) as number] = r.label;
  }
  const column = (j: number): Rating[] => table.map((row) => row[j]);
  const resample = { random: options.random, ...(options.resamples !== undefined && { resamples: options.resamples }) };
  const pairs: RaterPair[] = [];
  for (let i = 0; i < raters.length; i++) {
    for (let j = i + 1; j < raters.length; j++) {
      const stats = pairStats(column(i), column(j), resample);
      if (stats.n > 0) pairs.push({ a: raters[i] as string, b: raters[j] as string, ...stats });
    }
  }
  const vs_reference: AgreementBlock['vs_reference'] = [];
  const refIndex = reference === null ? undefined : raterIndex.get(reference);
  if (refIndex !== undefined) {
    for (let j = 0; j < raters.length; j++) {
      if (j === refIndex) continue;
      vs_reference.push({ rater: raters[j] as string, ...pairStats(column(j), column(refIndex), resample) });
    }
  }
  const fleiss = fleissKappa(table);
  return {
    items: items.length,
    ratings: records.length,
    raters: raters.map((r, j) => ({ rater: r, items: column(j).filter((x) => x != null).length })),
    pairwise_agreement: fleiss.observed,
    unanimous_agreement: unanimousAgreement(table),
    pairs,
    vs_reference,
    fleiss_kappa: fleiss.kappa,
    krippendorff_alpha: krippendorffAlpha(table).alpha,
  };
}
