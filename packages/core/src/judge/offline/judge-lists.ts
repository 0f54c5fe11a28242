import type { AnalyzedText } from '../../text/analyze-text.js';
import type { Token } from '../../text/token.js';
import { clauseIds } from './clauses.js';
import type { OfflineFinding } from './judge-plain.js';
import { compareQuantities } from './quantity-compare.js';
import { analyzeCached, coverage, quoteList, type ResolvedOptions, termsOf } from './term-coverage.js';
import { tokenAt } from './value-shapes.js';

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
  /** Where the step may be: one position in each sentence that describes it best (ties kept). */
  candidates: number[];
  /**
   * Every sentence that holds enough of the step on its own, as the positions of its words there
   * ("양념을 만들어" after a definition that names the paste first): an order that fits one of
   * them is the answer's order, not an inversion.
   */
  alternates: { key: string; weight: number; position: number }[][];
  /** The weight of the step's words a sentence must hold to describe it. */
  enough: number;
  /** Where the answer states each value of the step (a date), one list per value. */
  values: number[][];
  /**
   * Where it is best described, only words of the subject's name say it ("used in curling" for
   * "the stone curls"): present, but no place to read an order from.
   */
  nameOnly: boolean;
  /**
   * When the step is best described outside the answer's list (an overview before it), where a
   * list item names one of its own words: the list tells the order, the overview does not.
   */
  listPlaces: number[];
  /** The weight of the step's words in each sentence that holds some. */
  weights: ReadonlyMap<number, number>;
}

/** A word or a value of a step, where the answer has it. */
interface Evidence {
  key: string;
  weight: number;
  positions: number[];
  /** A word of the subject's name ("curling" for a curling stone). */
  inName: boolean;
}

/** Word forms of the subject's name. */
function nameForms(subject: string | undefined): Set<string> {
  const tokens = subject ? analyzeCached(subject).tokens.filter((t) => !t.stop && !t.paren) : [];
  return new Set(tokens.flatMap((t) => t.forms));
}

/**
 * Answer positions inside the subject's name of two or more words: "a curling stone" is no
 * curling of the stone, so a step's words there say nothing about where the step is.
 */
function inSubjectName(subject: string | undefined, answer: AnalyzedText): Set<number> {
  const out = new Set<number>();
  const name = subject ? analyzeCached(subject).tokens.filter((t) => !t.stop && !t.paren) : [];
  if (name.length < 2) return out;
  const matches = (a: Token | undefined, b: Token) => a?.forms.some((f) => b.forms.includes(f)) === true;
  for (let i = 0; i + name.length <= answer.tokens.length; i++) {
    if (name.every((t, k) => matches(answer.tokens[i + k], t))) for (let k = 0; k < name.length; k++) out.add(i + k);
  }
  return out;
}

/** A step's words (as key terms) and its values (each as one word, found where the answer states it). */
function evidenceOf(
  step: string,
  answer: AnalyzedText,
  questionKeys: ReadonlySet<string>,
  opts: ResolvedOptions,
  masked: ReadonlySet<number>,
  name: ReadonlySet<string>,
) {
  const cov = coverage(termsOf(step), answer, questionKeys, opts);
  const words: Evidence[] = cov.hits.map((h) => ({
    key: h.term.key,
    weight: h.weight,
    positions: h.positions.filter((p) => !masked.has(p)),
    inName: h.term.forms.some((f) => name.has(f)),
  }));
  const values: Evidence[] = analyzeCached(step)
    .quantities.filter((l) => !l.quantity.vague)
    .map((l) => ({
      key: `value:${JSON.stringify([l.quantity.kind, l.quantity.unit, l.quantity.value, l.quantity.max])}`,
      weight: 1,
      positions: answer.quantities
        .filter((q) => compareQuantities(l.quantity, q.quantity) === 'equal')
        .map((q) => answer.tokens.findIndex((t) => t.end > q.normStart))
        .filter((i) => i >= 0),
      inName: false,
    }));
  return [...words, ...values];
}

/** A numbered or bulleted item's marker: "1. ", "2) ", "- ", "• ". */
const LIST_MARKER = /^\s*(?:\d{1,2}[.)]|[-*•·])(?:\s|$)/u;
/** A numbered item's marker only: bullets often list facts, numbers a process's stages. */
const NUMBERED_MARKER = /^\s*\d{1,2}[.)](?:\s|$)/u;

/**
 * The list item each sentence belongs to, by its number in the answer: an item runs from its
 * marker to the next marker or to a blank line. Sentences outside a list are not in the map.
 */
function listItems(answer: AnalyzedText, numbered = false): Map<number, number> {
  const marker = numbered ? NUMBERED_MARKER : LIST_MARKER;
  const out = new Map<number, number>();
  const textOf = (i: number) => {
    const span = answer.sentences[i];
    return span ? answer.original.slice(span.start, span.end) : '';
  };
  let item = -1;
  let open = false;
  for (let i = 0; i < answer.sentences.length; i++) {
    const text = textOf(i);
    const bare = /^\s*\d{1,2}[.)]\s*$/u.test(text);
    if (bare || marker.test(text)) {
      item++;
      open = true;
    }
    if (open && !bare) out.set(i, item);
    if (/\n\s*\n/u.test(text)) open = false;
  }
  return out;
}

/** Sentences that are items of a list: they follow a marker of their own or start with one. */
const listItemSentences = (answer: AnalyzedText): Set<number> => new Set(listItems(answer).keys());

/** Two positions in one list item: a stage told whole, whose parts are not an order of steps. */
function sameItem(answer: AnalyzedText, items: ReadonlyMap<number, number>, a: number, b: number): boolean {
  const [sa, sb] = [answer.tokens[a]?.sentence, answer.tokens[b]?.sentence];
  if (sa === undefined || sb === undefined || sa === sb) return false;
  const ia = items.get(sa);
  return ia !== undefined && ia === items.get(sb);
}

/**
 * Where a step is mentioned, once enough of its words and values are present: in the sentence
 * that holds most of it, where its distinctive words (those no other step shares) come
 * together. Sentences that hold it equally well are all kept: the order is judged on the best of
 * them.
 */
function locateSteps(
  order: readonly string[],
  answer: AnalyzedText,
  questionKeys: ReadonlySet<string>,
  opts: ResolvedOptions,
  subject: string | undefined,
): StepHit[] {
  const masked = inSubjectName(subject, answer);
  const name = nameForms(subject);
  const evidence = order.map((step) => evidenceOf(step, answer, questionKeys, opts, masked, name));
  // A numbered item is one stage told whole, in one sentence or several ("4. 1906년: 중화전 재건.
  // 다만 … 단층으로 줄였다"): its sentences are weighed as one place, named by its first.
  const items = listItems(answer, true);
  const firstOf = new Map<number, number>();
  for (const [sentence, item] of items) if (!firstOf.has(item)) firstOf.set(item, sentence);
  const sentenceOf = (p: number) => {
    const sentence = answer.tokens[p]?.sentence ?? 0;
    const item = items.get(sentence);
    return item === undefined ? sentence : (firstOf.get(item) ?? sentence);
  };
  const totals = evidence.map((ev) => ev.reduce((s, h) => s + h.weight, 0));
  const listed = listItemSentences(answer);
  const answerValues = answer.quantities.map((q) => ({
    quantity: q.quantity,
    sentence: sentenceOf(tokenAt(answer, q)),
  }));
  const datedIn: Set<number>[] = [];
  const weights = evidence.map((ev, i) => {
    const per = new Map<number, number>();
    for (const h of ev) for (const s of new Set(h.positions.map(sentenceOf))) per.set(s, (per.get(s) ?? 0) + h.weight);
    // "Paying passengers were first carried on 21 January 1976" tells the step dated 21 January
    // 1976; "withdrawn in 2003: Air France in May, British Airways on 24 October" names its
    // airlines but dates another event. The date's sentence must hold a word of the step too:
    // "completed in 1887" does not tell a beginning dated 1887.
    const worded = new Set(ev.filter((h) => !h.key.startsWith('value:')).flatMap((h) => h.positions.map(sentenceOf)));
    const own = new Set(
      ev
        .filter((h) => h.key.startsWith('value:'))
        .flatMap((h) => h.positions.map(sentenceOf))
        .filter((s) => worded.has(s)),
    );
    const dated = analyzeCached(order[i] ?? '').quantities.map((l) => l.quantity);
    const otherDate = (sentence: number) =>
      answerValues.some(
        (v) =>
          v.sentence === sentence &&
          v.quantity.kind === 'date' &&
          dated.some((d) => d.kind === 'date' && compareQuantities(d, v.quantity) === 'different'),
      );
    if (own.size) for (const s of [...per.keys()]) if (!own.has(s) && otherDate(s)) per.delete(s);
    datedIn.push(own);
    return per;
  });
  // A sentence tells a step when it holds enough of it, or its date with one of its words
  // ("4. 17 February 1972: … surpassing the Model T's total").
  const tells = (i: number, s: number) =>
    (weights[i]?.get(s) ?? 0) >= (totals[i] ?? 0) * opts.step || (datedIn[i]?.has(s) ?? false);
  // The list tells the process only when it tells two steps at least: a bulleted list of parts
  // ("- Each wheel had its own electric motor") is no place for the steps its words brush.
  const toldInList = weights.map((per, i) => [...per.keys()].some((s) => listed.has(s) && tells(i, s)));
  // Nor when a sentence outside it tells as many steps (바벨을 … 얹고(클린), 일어선 다음, … 밀어
  // 올립니다(저크) after a list of the two lifts): that sentence is the process told.
  const toldIn = (s: number) => weights.filter((_, i) => tells(i, s)).length;
  const outsideTells = Math.max(0, ...answer.sentences.map((_, s) => (listed.has(s) ? 0 : toldIn(s))));
  const listTells = toldInList.filter(Boolean).length;
  const processList = listed.size >= 2 && listTells >= 2 && outsideTells < listTells;
  // An answer that numbers its steps tells the process in its list: a mention elsewhere is no
  // place for a step the list names too when it is a passing one ("a scroll wheel for
  // navigating menus") or an item tells the step well enough ("respiration releases water"
  // after the stages, for "water is split").
  for (const [i, per] of weights.entries()) {
    const enough = (totals[i] ?? 0) * opts.step;
    const inList = [...per].filter(([s]) => listed.has(s));
    const outside = Math.max(0, ...[...per].filter(([s]) => !listed.has(s)).map(([, w]) => w));
    const inside = Math.max(0, ...inList.map(([, w]) => w));
    if (processList && inList.length && (outside < enough || inside >= enough)) weights[i] = new Map(inList);
  }
  const got = evidence.map((ev) => ev.reduce((s, h) => s + (h.positions.length ? h.weight : 0), 0));
  const present = order.map((_, i) => (totals[i] ?? 0) > 0 && (got[i] ?? 0) / (totals[i] ?? 1) >= opts.step);
  return order.map((step, i) => {
    const ev = evidence[i] ?? [];
    const per = weights[i] ?? new Map<number, number>();
    if (!present[i])
      return {
        step,
        candidates: [],
        alternates: [],
        enough: 0,
        nameOnly: false,
        values: [],
        listPlaces: [],
        weights: new Map(),
      };
    // The step is where the answer describes it: the sentences that hold most of it, not a
    // passing mention of one of its words (an ingredient list).
    const most = Math.max(...per.values());
    const sentences = [...per.entries()]
      .filter(([, w]) => w === most)
      .map(([s]) => s)
      .sort((a, b) => a - b);
    const others = new Set(evidence.flatMap((e, j) => (j === i ? [] : e.map((h) => h.key))));
    const placeIn = (sentence: number) => {
      const inSentence = (h: Evidence) => h.positions.filter((p) => sentenceOf(p) === sentence);
      const distinctive = ev.filter((h) => !others.has(h.key) && inSentence(h).length);
      const pool = distinctive.length ? distinctive : ev.filter((h) => inSentence(h).length);
      return shortestSpanStart(pool.map(inSentence));
    };
    const enough = (totals[i] ?? 0) * opts.step;
    const alternates = [...per.entries()]
      .filter(([, w]) => w >= enough)
      .map(([s]) => s)
      .sort((a, b) => a - b)
      .map((sentence) =>
        ev.flatMap((h) =>
          h.positions.filter((p) => sentenceOf(p) === sentence).map((position) => ({ ...h, position })),
        ),
      );
    const nameOnly = sentences.every((sentence) =>
      ev.every((h) => h.inName || !h.positions.some((p) => sentenceOf(p) === sentence)),
    );
    const values = ev.filter((h) => h.key.startsWith('value:')).map((h) => h.positions);
    const own = ev
      .filter((h) => !others.has(h.key) && !h.inName && !h.key.startsWith('value:'))
      .flatMap((h) => h.positions)
      .sort((a, b) => a - b);
    const outsideList = sentences.every((sentence) => !listed.has(sentence));
    const listPlaces = outsideList ? own.filter((p) => listed.has(sentenceOf(p))) : [];
    return { step, candidates: sentences.map(placeIn), alternates, enough, nameOnly, values, listPlaces, weights: per };
  });
}

/**
 * The earliest place after `last` where a sentence still holds enough of the step after `last`
 * ("배추를 … 절여 씻고 물기를 뺀 뒤, 양념을 만들어": the paste is made after the rinsing, whatever
 * the sentence's first words say).
 */
function alternateAfter(h: StepHit, last: number): number | undefined {
  for (const marks of h.alternates) {
    const after = marks.filter((m) => m.position >= last);
    const weight = [...new Map(after.map((m) => [m.key, m.weight])).values()].reduce((s, w) => s + w, 0);
    if (after.length && weight >= h.enough) return Math.min(...after.map((m) => m.position));
  }
  return undefined;
}

/**
 * One position per present step, in order when the candidates allow it: each step takes its
 * earliest candidate after the previous step's, else the earliest place after it that holds
 * enough of the step, else a list item after it that names the step's own words (the overview
 * said it first), or, when there is none, its earliest candidate (an inversion).
 */
function placeSteps(hits: readonly StepHit[]): { step: string; position: number; hit: StepHit }[] {
  const out: { step: string; position: number; hit: StepHit }[] = [];
  let last = Number.NEGATIVE_INFINITY;
  for (const h of hits) {
    if (h.candidates.length === 0 || h.nameOnly) continue;
    const position =
      h.candidates.find((p) => p >= last) ??
      alternateAfter(h, last) ??
      h.listPlaces.find((p) => p >= last) ??
      (h.candidates[0] as number);
    out.push({ step: h.step, position, hit: h });
    last = Math.max(last, position);
  }
  return out;
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

/**
 * Words that tell two steps in reverse within one sentence: "rinse it after salting it",
 * "once it is salted", 굽기 전에 반죽을 편다. Between such a pair the order is the narration's,
 * not the process's, so it is no inversion.
 */
const BACKWARDS = /^(?:after|once|following|전에|전|앞서|하기전에)$/u;
/** "Before baking it, stretch the dough": the later step named first, after an opening "before". */
const OPENS_BACKWARDS = new Set(['before', 'prior']);
function toldBackwards(answer: AnalyzedText, from: number, to: number): boolean {
  const s = answer.tokens[from]?.sentence;
  if (s === undefined || answer.tokens[to]?.sentence !== s) return false;
  const opening = answer.tokens.slice(0, from).filter((t) => t.sentence === s);
  return (
    opening.some((t) => OPENS_BACKWARDS.has(t.text)) ||
    answer.tokens.slice(from, to + 1).some((t) => BACKWARDS.test(t.text) || /기\s*전에?$/u.test(t.text))
  );
}

/**
 * Two steps the answer dates where it tells them, in clauses of their own ("painted it in June
 * 1889 …. He had entered the asylum in May 1889"): the dates give the order, not the telling.
 */
function datedApart(
  answer: AnalyzedText,
  a: { position: number; hit: StepHit },
  b: { position: number; hit: StepHit },
) {
  const clause = clauseIds(answer);
  const datedAt = (x: { position: number; hit: StepHit }) =>
    x.hit.values.length > 0 && x.hit.values.every((ps) => ps.some((p) => clause[p] === clause[x.position]));
  return datedAt(a) && datedAt(b) && clause[a.position] !== clause[b.position];
}

/**
 * The earlier step is placed in the later step's own sentence, which tells the later step well
 * enough, while no sentence tells the earlier one and an earlier sentence holds half as much of it at least
 * ("2. 패스해서 공격하고 슛을 던진다. 3. 골이 들어가면 … 골 에어리어에서 공을 던져 … 다시
 * 시작한다": item 3 is the restart, its 던져 no shot): its words there are borrowed, not an order.
 */
function borrowed(
  answer: AnalyzedText,
  prev: { position: number; hit: StepHit },
  cur: { position: number; hit: StepHit },
) {
  const s = answer.tokens[cur.position]?.sentence;
  if (s === undefined || answer.tokens[prev.position]?.sentence !== s || prev.hit.alternates.length) return false;
  const curTells = cur.hit.alternates.some((marks) => marks.some((m) => answer.tokens[m.position]?.sentence === s));
  const here = prev.hit.weights.get(s) ?? 0;
  const before = [...prev.hit.weights].some(([k, w]) => k < s && w >= here / 2);
  return curTells && before;
}

/** sequence / full_sequence: all steps present and in order → meets; present but reordered → contradicts. */
export function judgeSequence(
  order: readonly string[],
  answer: AnalyzedText,
  questionKeys: ReadonlySet<string>,
  opts: ResolvedOptions,
  subject?: string,
): OfflineFinding {
  const hits = locateSteps(order, answer, questionKeys, opts, subject);
  const placed = placeSteps(hits);
  const items = listItems(answer);
  const missing = hits.filter((h) => h.candidates.length === 0).map((h) => h.step);
  let inversion: [string, string] | null = null;
  for (let i = 1; i < placed.length && !inversion; i++) {
    const prev = placed[i - 1]!;
    const cur = placed[i]!;
    if (
      cur.position < prev.position &&
      !toldBackwards(answer, cur.position, prev.position) &&
      !datedApart(answer, prev, cur) &&
      !sameItem(answer, items, cur.position, prev.position) &&
      !borrowed(answer, prev, cur)
    )
      inversion = [cur.step, prev.step];
  }
  const found = hits.filter((h) => h.candidates.length > 0).map((h) => h.step);
  const parts: string[] = [];
  if (inversion) parts.push(`out of order: "${inversion[0]}" comes before "${inversion[1]}"`);
  else if (found.length) parts.push(`in order: ${found.map((s) => `"${s}"`).join(' → ')}`);
  if (missing.length) parts.push(`missing ${quoteList(missing)}`);
  const verdict = inversion
    ? 'contradicts'
    : missing.length === 0
      ? 'meets'
      : found.length >= 2
        ? 'partially_meets'
        : 'missing';
  return { verdict, rationale: `lexical baseline: ${parts.join('; ')}`, quote: null, found, missing, values: [] };
}
