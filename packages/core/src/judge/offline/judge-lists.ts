import type { AnalyzedText } from './analyze-text.js';
import type { OfflineFinding } from './judge-plain.js';
import { compareQuantities } from './quantity-compare.js';
import { analyzeCached, coverage, quoteList, type ResolvedOptions, termsOf } from './term-coverage.js';

/** An option counts as mentioned when its terms are there (all of them for one or two terms) and its values too. */
function optionMentioned(option: string, answer: AnalyzedText, opts: ResolvedOptions): boolean {
  const terms = termsOf(option);
  const values = analyzeCached(option).quantities;
  const valuesOk = values.every((v) =>
    answer.quantities.some((q) => compareQuantities(v.quantity, q.quantity) === 'equal'),
  );
  if (!valuesOk) return false;
  if (terms.length === 0) return values.length > 0;
  const cov = coverage(terms, answer, new Set(), opts, true);
  return terms.length <= 2 ? cov.missing.length === 0 : cov.share >= opts.option;
}

/** threshold / coverage: count the options mentioned; N → meets, N−1 → partially_meets. */
export function judgeThreshold(
  options: readonly string[],
  min: number,
  answer: AnalyzedText,
  opts: ResolvedOptions,
): OfflineFinding {
  const found = options.filter((o) => optionMentioned(o, answer, opts));
  const missing = options.filter((o) => !found.includes(o));
  const n = found.length;
  const verdict = n >= min ? 'meets' : n >= 1 && n === min - 1 ? 'partially_meets' : 'missing';
  const parts = [`${n} of ${options.length} options mentioned (needs ${min})`];
  if (found.length) parts.push(`found ${quoteList(found)}`);
  if (missing.length) parts.push(`missing ${quoteList(missing)}`);
  return { verdict, rationale: `lexical baseline: ${parts.join('; ')}`, quote: null, found, missing, values: [] };
}

interface StepHit {
  step: string;
  position: number | null;
}

/**
 * Where a step is mentioned, once enough of its terms are present: in the sentence that holds
 * most of it, where its distinctive terms (those no other step shares) come together.
 */
function locateSteps(
  order: readonly string[],
  answer: AnalyzedText,
  questionKeys: ReadonlySet<string>,
  opts: ResolvedOptions,
): StepHit[] {
  const termSets = order.map((s) => termsOf(s));
  return order.map((step, i) => {
    const cov = coverage(termSets[i] ?? [], answer, questionKeys, opts);
    if (cov.hits.length === 0 || cov.share < opts.step) return { step, position: null };
    const perSentence = new Map<number, number>();
    for (const h of cov.hits) {
      for (const s of new Set(h.positions.map((p) => answer.tokens[p]?.sentence ?? 0))) {
        perSentence.set(s, (perSentence.get(s) ?? 0) + h.weight);
      }
    }
    // The step is where the answer describes it: the sentence that holds most of it (the
    // earliest of equals), not a passing mention of one of its words (an ingredient list).
    const sentences = [...perSentence.entries()].sort(([a], [b]) => a - b);
    const sentence = sentences.reduce((best, cur) => (cur[1] > best[1] ? cur : best), sentences[0] ?? [0, 0])[0];
    const others = new Set(termSets.flatMap((ts, j) => (j === i ? [] : ts.map((t) => t.key))));
    const inSentence = (h: (typeof cov.hits)[number]) =>
      h.positions.filter((p) => answer.tokens[p]?.sentence === sentence);
    const distinctive = cov.hits.filter((h) => !others.has(h.term.key) && inSentence(h).length);
    const pool = distinctive.length ? distinctive : cov.hits.filter((h) => inSentence(h).length);
    return { step, position: shortestSpanStart(pool.map(inSentence)) };
  });
}

/**
 * Where the words of a step come together: the start of the shortest stretch that holds one
 * position of each list (the earliest of equals). "만드는 방법은 먼저 배추를 소금에 절이고, 고춧가루와
 * … 양념을 만든" makes the paste at 고춧가루 … 만든, not at the opening 만드는.
 */
export function shortestSpanStart(lists: readonly (readonly number[])[]): number {
  const marks = lists.flatMap((ps, k) => ps.map((p) => ({ p, k }))).sort((a, b) => a.p - b.p);
  const need = lists.filter((ps) => ps.length).length;
  const count = new Map<number, number>();
  let best = { start: marks[0]?.p ?? Number.POSITIVE_INFINITY, length: Number.POSITIVE_INFINITY };
  let left = 0;
  for (const m of marks) {
    count.set(m.k, (count.get(m.k) ?? 0) + 1);
    while (count.size === need) {
      const first = marks[left]!;
      if (m.p - first.p < best.length) best = { start: first.p, length: m.p - first.p };
      const c = (count.get(first.k) ?? 1) - 1;
      if (c === 0) count.delete(first.k);
      else count.set(first.k, c);
      left++;
    }
  }
  return best.start;
}

/** sequence / full_sequence: all steps present and in order → meets; present but reordered → contradicts. */
export function judgeSequence(
  order: readonly string[],
  answer: AnalyzedText,
  questionKeys: ReadonlySet<string>,
  opts: ResolvedOptions,
): OfflineFinding {
  const hits = locateSteps(order, answer, questionKeys, opts);
  const present = hits.filter((h): h is { step: string; position: number } => h.position !== null);
  const missing = hits.filter((h) => h.position === null).map((h) => h.step);
  let inversion: [string, string] | null = null;
  for (let i = 1; i < present.length && !inversion; i++) {
    const prev = present[i - 1]!;
    const cur = present[i]!;
    if (cur.position < prev.position) inversion = [cur.step, prev.step];
  }
  const found = present.map((h) => h.step);
  const parts: string[] = [];
  if (inversion) parts.push(`out of order: "${inversion[0]}" comes before "${inversion[1]}"`);
  else if (found.length) parts.push(`in order: ${found.map((s) => `"${s}"`).join(' → ')}`);
  if (missing.length) parts.push(`missing ${quoteList(missing)}`);
  const verdict = inversion
    ? 'contradicts'
    : missing.length === 0
      ? 'meets'
      : present.length >= 2
        ? 'partially_meets'
        : 'missing';
  return { verdict, rationale: `lexical baseline: ${parts.join('; ')}`, quote: null, found, missing, values: [] };
}
