import type { Random } from '../ports/random.js';
import type { CompiledRubric } from '../schema/compiled-rubric.js';
import type { Setting, Verdict } from '../schema/ids.js';
import type { ReviewItem, ReviewStratum, VerdictLabelPayload } from '../schema/review.js';

/** One (answer, check) pair that could be labelled, with every judge's verdict on it. */
export interface LabelCandidate {
  question_id: string;
  model: string;
  setting: Setting;
  check_id: string;
  /** The check's kind, from its rubric (null when the rubric does not have the check). */
  kind: string | null;
  /** Judge id → verdict; a judge that failed on the check is absent. */
  verdicts: Record<string, Verdict>;
}

/** What a verdicts line needs to be a candidate (sample 0 only; failures have no verdict). */
interface JudgedLine {
  question_id: string;
  model: string;
  setting: Setting;
  check_id: string;
  judge: string;
  verdict: Verdict | null;
  sample?: number | undefined;
}

const pairKey = (l: { question_id: string; model: string; setting: string; check_id: string }) =>
  `${l.question_id}|${l.model}|${l.setting}|${l.check_id}`;

/** The run's (answer, check) pairs with a verdict from at least one judge, in a stable order. */
export function labelCandidates(rubrics: readonly CompiledRubric[], verdicts: Iterable<JudgedLine>): LabelCandidate[] {
  const kinds = new Map<string, string>();
  for (const r of rubrics) for (const c of r.checks) kinds.set(`${r.question_id}|${c.id}`, c.kind);
  const byPair = new Map<string, LabelCandidate>();
  for (const v of verdicts) {
    if ((v.sample ?? 0) !== 0 || v.verdict === null) continue;
    const key = pairKey(v);
    let c = byPair.get(key);
    if (!c) {
      c = {
        question_id: v.question_id,
        model: v.model,
        setting: v.setting,
        check_id: v.check_id,
        kind: kinds.get(`${v.question_id}|${v.check_id}`) ?? null,
        verdicts: {},
      };
      byPair.set(key, c);
    }
    if (c.verdicts[v.judge] === undefined) c.verdicts[v.judge] = v.verdict;
  }
  return [...byPair.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, c]) => c);
}

export interface SampleQueueOptions {
  candidates: readonly LabelCandidate[];
  /** How many items to draw (all candidates when there are fewer). */
  size: number;
  /** The judge whose verdict makes the strata; candidates it has no verdict for are left out. */
  judge: string;
  /** strata: check kind × judge verdict; disagreement: pairs the judges disagree on first, then the rest. */
  strategy: 'strata' | 'disagreement';
  random: Random;
}

export interface SampledItems {
  items: ReviewItem[];
  strata: ReviewStratum[];
}

function shuffle<T>(list: T[], random: Random): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

/**
 * Takes `size` from the strata as evenly as their sizes allow: one from each in a seeded order,
 * round after round, skipping a stratum once it is used up. Rare strata (a judge's few
 * `contradicts`) are then labelled as often as common ones, which is what calibrating a judge
 * per verdict needs; the population sizes are kept so estimates can be re-weighted.
 */
function allocate(strata: Map<string, LabelCandidate[]>, size: number, random: Random): Map<string, number> {
  const order = shuffle([...strata.keys()].sort(), random);
  const taken = new Map(order.map((k) => [k, 0]));
  let left = size;
  let progress = true;
  while (left > 0 && progress) {
    progress = false;
    for (const k of order) {
      if (left === 0) break;
      const n = taken.get(k) as number;
      if (n < (strata.get(k)?.length ?? 0)) {
        taken.set(k, n + 1);
        left--;
        progress = true;
      }
    }
  }
  return taken;
}

function stratified(
  candidates: readonly LabelCandidate[],
  size: number,
  judge: string,
  prefix: string,
  random: Random,
): { chosen: Array<{ c: LabelCandidate; stratum: string }>; strata: ReviewStratum[] } {
  const strata = new Map<string, LabelCandidate[]>();
  for (const c of candidates) {
    const key = `${prefix}${c.kind ?? 'unknown'}|${c.verdicts[judge]}`;
    const list = strata.get(key) ?? [];
    list.push(c);
    strata.set(key, list);
  }
  for (const list of strata.values()) shuffle(list, random);
  const quota = allocate(strata, size, random);
  const chosen: Array<{ c: LabelCandidate; stratum: string }> = [];
  const out: ReviewStratum[] = [];
  for (const key of [...strata.keys()].sort()) {
    const list = strata.get(key) as LabelCandidate[];
    const n = quota.get(key) ?? 0;
    for (const c of list.slice(0, n)) chosen.push({ c, stratum: key });
    out.push({ key, population: list.length, sampled: n });
  }
  return { chosen, strata: out };
}

const disagrees = (c: LabelCandidate) => new Set(Object.values(c.verdicts)).size > 1;

/**
 * A seeded, stratified sample of (answer, check) pairs for a verdict-label queue. The items
 * come out shuffled (so their order says nothing about the judge's verdict) with opaque ids
 * `i001`, `i002`, …; the same candidates, size, judge and seed always give the same queue.
 */
export function sampleLabelItems(o: SampleQueueOptions): SampledItems {
  if (!Number.isInteger(o.size) || o.size < 1)
    throw new RangeError(`sample size must be a positive integer, not ${o.size}`);
  const judged = o.candidates.filter((c) => c.verdicts[o.judge] !== undefined);
  let chosen: Array<{ c: LabelCandidate; stratum: string }>;
  let strata: ReviewStratum[];
  if (o.strategy === 'strata') ({ chosen, strata } = stratified(judged, o.size, o.judge, '', o.random));
  else {
    const first = stratified(judged.filter(disagrees), o.size, o.judge, 'disagree|', o.random);
    const rest = stratified(
      judged.filter((c) => !disagrees(c)),
      o.size - first.chosen.length,
      o.judge,
      'agree|',
      o.random,
    );
    chosen = [...first.chosen, ...rest.chosen];
    strata = [...first.strata, ...rest.strata];
  }
  shuffle(chosen, o.random);
  const width = Math.max(3, String(chosen.length).length);
  const items = chosen.map(({ c, stratum }, i): ReviewItem => {
    const payload: VerdictLabelPayload = {
      question_id: c.question_id as VerdictLabelPayload['question_id'],
      model: c.model as VerdictLabelPayload['model'],
      setting: c.setting,
      check_id: c.check_id as VerdictLabelPayload['check_id'],
    };
    return { id: `i${String(i + 1).padStart(width, '0')}`, payload, stratum };
  });
  return { items, strata };
}
