import type { Verdict } from '../../schema/ids.js';
import type { AnalyzedText } from '../../text/analyze-text.js';
import type { LocatedQuantity, Quantity } from '../../text/quantities.js';
import { deniedByAnswer, excludedTerms, usesExcluded } from './absence.js';
import { affirmingCue, deniesItself, negates, negationSparesClaim, reachesTerm } from './affirming-negation.js';
import { roleHolderConflict } from './agent-nouns.js';
import { coreKeys, qualifiedDenial } from './claim-core.js';
import { clauseIds, conditionalClauses } from './clauses.js';
import { notOnly } from './exclusive.js';
import { FIRST, otherFirst, saysFirst } from './first-instance.js';
import { judgeIdentification } from './identification.js';
import { kindModifierConflict } from './kind-modifier.js';
import { affirmedDenial } from './negated-claim.js';
import { againWord, phraseHead, predicateGroup, predicateName } from './predicates.js';
import { prefixDenial } from './prefix-negation.js';
import { compareQuantities } from './quantity-compare.js';
import { weakenedRank } from './rank.js';
import { ruledOutSaid } from './ruled-out.js';
import { slotConflict } from './slot-conflicts.js';
import {
  analyzeCached,
  bestSentence,
  type Coverage,
  coverage,
  creditTerms,
  questionKeysOf,
  quoteList,
  type ResolvedOptions,
  termsOf,
} from './term-coverage.js';
import {
  anchorOf,
  anchorPosition,
  anchorTermHits,
  attachment,
  oneSlot,
  predicateNear,
  valueClauseKeys,
} from './value-anchors.js';
import { findValue, outweighedClause, sentenceOf, subjectSentences, type ValueFinding } from './value-findings.js';
import { heldByOther, otherEdition, otherHolder } from './value-holder.js';
import {
  bareCount,
  boundOf,
  counterOf,
  dateSpans,
  decadeInSpan,
  insideSpan,
  isDecade,
  isFractionOf,
  isOrdinal,
  isRate,
  partOfSum,
  perWhat,
  tokenAt,
  widenedRange,
} from './value-shapes.js';
import { otherSubject } from './value-subject.js';

export type { ValueFinding } from './value-findings.js';

export interface OfflineFinding {
  verdict: Verdict;
  rationale: string;
  quote: string | null;
  found: string[];
  missing: string[];
  values: ValueFinding[];
}

/**
 * A clause that holds most key terms with a negation cue right next to one
 * of them, and no clause that states them as well without one.
 */
interface NegationCue {
  cue: string;
  term: string;
  replaces: boolean;
  /** The cue's token. */
  at: number;
}

/** How far from a negation a value of its clause is what it denies ("did not open in 1963"). */
const VALUE_REACH = 5;
/** A value comparable with one of the check's values and equal to none. */
const differsFromAll = (q: Quantity, values: readonly Quantity[]) =>
  values.some((v) => compareQuantities(v, q) === 'different') &&
  !values.some((v) => compareQuantities(v, q) === 'equal');

function negatedBy(
  check: AnalyzedText,
  cov: Coverage,
  answer: AnalyzedText,
  opts: ResolvedOptions,
  replacementCounts: boolean,
  values: readonly Quantity[] = [],
  subjectKeys: ReadonlySet<string> = new Set(),
  listMember = false,
): NegationCue | null {
  const total = cov.hits.reduce((s, h) => s + h.weight, 0);
  if (total === 0) return null;
  // Weighed per clause: "the main royal palace, although it no longer serves as a residence".
  const clause = clauseIds(answer);
  const conditional = conditionalClauses(answer, clause);
  const per = new Map<number, { weight: number; cue: NegationCue | null }>();
  const hitPositions = new Set(cov.hits.flatMap((h) => h.positions));
  for (const h of cov.hits) {
    const seen = new Set<number>();
    for (const p of h.positions) {
      const tok = answer.tokens[p];
      if (!tok) continue;
      const at = clause[p] ?? -1;
      const entry = per.get(at) ?? { weight: 0, cue: null };
      if (!seen.has(at)) entry.weight += h.weight;
      seen.add(at);
      if (!entry.cue) {
        // Each cue knows its side: English negation scopes to the right ("not designed", "no
        // cheese"); Korean negation mostly follows the verb (운영하지 않는다), 안/못 precede it.
        for (let d = -opts.negationWindow; d <= opts.negationWindow; d++) {
          // 불편함없이 denies the term written in it.
          const near = d === 0 && !deniesItself(tok) ? undefined : answer.tokens[p + d];
          if (!near?.negation || clause[p + d] !== at || affirmingCue(answer, p + d)) continue;
          if (negationSparesClaim(check, answer, clause, p + d)) continue;
          // Korean negation looks left: the word said again after it (백성이 쓰지 못하는 것을 … 백성을
          // 위해 만들었다) is stated, not denied.
          if (near.hangul && h.positions.some((q) => q > p + d && clause[q] === at)) continue;
          // "a shared Jacobs bogie rather than two bogies each": the word said before what is put
          // aside is stated; only the second mention is replaced.
          if (near.replaces && near.scope === 'right' && h.positions.some((q) => q < p + d && clause[q] === at))
            continue;
          // "if you use radish instead of cabbage", 배추 대신 무를 쓰면: a supposition, not a claim.
          if (conditional.has(at)) continue;
          if (!reachesTerm(answer, p + d, p, hitPositions, subjectKeys)) continue;
          // What is replaced sits right before 대신, or right after "instead of" (an article between).
          if (near.replaces && (!replacementCounts || (near.scope === 'left' ? d !== 1 : d < -3 || d > -2))) continue;
          // 근정전 대신 사정전에서 일했다: another place for an activity, not a member left out of the list.
          if (near.replaces && listMember && placeInstead(answer, p + d)) continue;
          // '안압지'가 아니라 '동궁과 월지'가 공식 이름이 되었다 for '안압지'에서 '동궁과 월지'로 바뀌었다:
          // the check gives up the old name itself.
          if (changedFrom(check, h.term.forms)) continue;
          // '안압지' 대신 '동궁과 월지'라는 이름으로 바뀌었다, with '안압지'라고 불렀다 said elsewhere: the old
          // name is replaced in time, not denied.
          if (near.replaces && changeIn(answer, clause, at) && h.positions.some((q) => clause[q] !== at)) continue;
          if ((d < 0 && near.scope === 'left') || (d > 0 && near.scope === 'right')) continue;
          entry.cue = { cue: near.text, term: h.term.display, replaces: near.replaces, at: p + d };
          break;
        }
      }
      per.set(at, entry);
    }
  }
  // "It did not open in 1963": the negation denies the clause's other value, not the check's claim;
  // a value further on ("No safety net was used, and more than 100 workers died") is another claim.
  if (values.length) {
    for (const [at, e] of per) {
      const cue = e.cue;
      if (!cue) continue;
      const denied = (q: LocatedQuantity) => {
        const k = tokenAt(answer, q);
        return clause[k] === at && Math.abs(k - cue.at) <= VALUE_REACH && differsFromAll(q.quantity, values);
      };
      if (answer.quantities.some(denied)) e.cue = null;
    }
  }
  let bestNeg: { weight: number; cue: NegationCue | null } | null = null;
  let bestPos = 0;
  for (const e of per.values()) {
    if (e.cue) {
      if (!bestNeg || e.weight > bestNeg.weight) bestNeg = e;
    } else bestPos = Math.max(bestPos, e.weight);
  }
  // "oregano instead of basil" names what the answer puts in its place: half the terms suffice.
  const needed = bestNeg?.cue?.replaces ? 0.5 : 0.6;
  if (!bestNeg || bestNeg.weight / total < needed || bestNeg.weight <= bestPos) return null;
  return bestNeg.cue;
}

/** Verbs of a change: 바뀌었다, 바꾸었다, 변경, 개칭, renamed, changed. */
const CHANGE = /^(?:바뀌|바뀐|바꾸|바꿨|바꾼|변경|개칭|개명|renamed|changed|replaced|switched)/u;

/** The check's word is what a change leaves: X에서 Y로 바뀌었다, "renamed from X to Y". */
function changedFrom(check: AnalyzedText, forms: readonly string[]): boolean {
  if (!check.tokens.some((t) => CHANGE.test(t.text))) return false;
  return check.tokens.some(
    (t) =>
      t.forms.some((f) => forms.includes(f)) &&
      (/에서$/u.test(t.text) ||
        check.tokens[t.index + 1]?.text === '에서' ||
        check.tokens[t.index - 1]?.text === 'from'),
  );
}

/** The clause tells a change (바뀌었습니다, "was renamed"). */
const changeIn = (answer: AnalyzedText, clause: readonly number[], at: number) =>
  answer.tokens.some((t) => clause[t.index] === at && CHANGE.test(t.text));

/** What takes the replaced thing's place is a place of an activity: 사정전에서 after 대신 or 아니라, "in X instead of". */
function placeInstead(answer: AnalyzedText, cueAt: number): boolean {
  const cue = answer.tokens[cueAt];
  if (!cue) return false;
  if (cue.hangul) {
    const next = answer.tokens[cueAt + 1];
    return next?.sentence === cue.sentence && /.에서$/u.test(next.text);
  }
  const before = answer.tokens.slice(Math.max(0, cueAt - 4), cueAt).filter((t) => t.sentence === cue.sentence);
  return before.some((t) => t.text === 'in' || t.text === 'at' || t.text === 'inside');
}

const show = (q: Quantity) => `"${q.raw.trim()}"`;

export interface PlainCheck {
  /** The check's content (or text). */
  content: string;
  answer: AnalyzedText;
  /** Word forms of the question (and, for list checks, the entity): they name the subject. */
  questionKeys: ReadonlySet<string>;
  /** Word forms of the question and the entity, whatever the kind: an answer sentence about the subject uses them. */
  subjectKeys?: ReadonlySet<string>;
  /** The entity's name alone (창덕궁): another name on its head is another thing of its kind. */
  subjectName?: string;
  /** The check's kind: antonyms count for facts, steps, aspects and insights; other slots for facts and steps. */
  kind?: string;
  /** The check names an entity (a list member, a related entity, an identification): match whole compounds. */
  entity: boolean;
  /**
   * The check claims what it names is part of the subject (a member, option, step or fact), so an
   * answer that names it as replaced ("oregano instead of basil") contradicts it. A related entity,
   * aspect or insight may bring up the replaced thing itself (어려운 한자 대신).
   */
  claimsPart: boolean;
  /**
   * The check is a claim about the subject itself (a fact or step): a different value attached
   * to the same predicate ("finished in 1887" for "completed in 1889") contradicts it.
   */
  aboutSubject: boolean;
  /** The check asks to identify the subject: an answer that names another entity contradicts it. */
  identifies: boolean;
  /** The check's language (BCP 47), when known: Spanish, French and German predicates then count. */
  language?: string | undefined;
}

/** The answer's sentence of a value says "first" too (first, earliest, 처음, 최초). */
function claimsFirst(answer: AnalyzedText, q: LocatedQuantity): boolean {
  const s = sentenceOf(answer, q);
  return answer.tokens.some((t) => t.sentence === s && saysFirst(t));
}

/** Kinds whose thing a noun of another kind can contradict: "a cantilever bridge" for "a suspension bridge". */
const KINDED_KINDS: ReadonlySet<string> = new Set(['fact', 'step', 'member', 'aspect', 'insight']);

/** Kinds whose claim a filled slot can contradict: members and options name things, related entities relate them. */
const SLOT_KINDS: ReadonlySet<string> = new Set(['fact', 'step', 'aspect', 'insight']);

const LATIN_LANGUAGES = /^(?:es|fr|de|it|pt|ca)(?:-|$)/i;

/**
 * Events that befall one subject many times (a palace burns in 1553, 1592 and 1876): their
 * predicate alone does not say which time. Not a restoration: an answer's other restoration date
 * is the annotators' contradiction ("1980년대에 복원" for 1969~1973).
 */
const REPEATED_EVENTS: ReadonlySet<string> = new Set(['destroy']);

/** Words of a check that sets one thing against another: "kicks over punches", 주먹보다 발. */
/**
 * Kinds whose check may rule something out by naming it. Not a list member, which names rather
 * than claims, nor an aspect, whose ruled-out side is often the subject's own ("the Bay Bridge
 * crosses east to Oakland rather than north to Marin", where the subject goes north).
 */
const RULES_OUT_KINDS: ReadonlySet<string> = new Set(['fact', 'step', 'insight']);
const CHECK_CONTRASTS = /^(?:over|than|rather|instead|unlike|versus|vs|보다|.+보다|대신|.+대신|아니라|.+아니라)$/u;

/** Words of a check that compare its subject with another: than, compared, 보다, 비해. */
const COMPARISON = /^(?:than|compared|unlike|versus|vs|.+보다|비해|.+에 비해|대비)$/u;

/**
 * A negation in the value's clause on the side its language puts it (before in English, after in
 * Korean), within `window` words: the answer denies that value.
 */
function deniedValue(answer: AnalyzedText, q: LocatedQuantity, window: number): boolean {
  const i = answer.tokens.findIndex((t) => t.end > q.normStart);
  const tok = answer.tokens[i];
  if (!tok) return false;
  const clause = clauseIds(answer);
  const step = tok.hangul ? 1 : -1;
  for (let d = 1; d <= window + 1; d++) {
    const j = i + step * d;
    const t = answer.tokens[j];
    if (!t || clause[j] !== clause[i]) break;
    if (negates(answer, j) && !t.replaces) return true;
  }
  return false;
}

/**
 * No other value of the same kind sits nearer to the check's other words: in "2008년에 금메달을
 * 땄고, 2004년에 우승했다" the medal is dated 2008, so 우승 in 2004 does not state 획득.
 */
function alone(answer: AnalyzedText, at: LocatedQuantity, expected: Quantity, cov: Coverage, anchorKey: string) {
  const s = sentenceOf(answer, at);
  const here = tokenAt(answer, at);
  const words = cov.hits
    .filter((h) => h.weight >= 1 && h.term.key !== anchorKey)
    .flatMap((h) => h.positions)
    .filter((p) => answer.tokens[p]?.sentence === s);
  return !answer.quantities.some((q) => {
    if (q === at || sentenceOf(answer, q) !== s || compareQuantities(expected, q.quantity) !== 'different')
      return false;
    const there = tokenAt(answer, q);
    return words.some((p) => Math.abs(p - there) < Math.abs(p - here));
  });
}

/** English words that add to what is said: "also", "too", "as well". */
const EN_ADDS = new Set(['also', 'too', 'additionally']);
/** A Korean value that carries 도 after its particle or counter: 2층에도, 9월말에도, 1990년대에도. */
const KO_ADDS = /(?:에도|에서도|까지도|부터도)$/u;

/** The check adds its value to others: "also", "as well", or 도 on the value's word. */
function additive(check: AnalyzedText, at: LocatedQuantity): boolean {
  const i = check.tokens.findIndex((t) => t.end > at.normStart);
  const tok = check.tokens[i];
  if (!tok) return false;
  const same = check.tokens.filter((t) => t.sentence === tok.sentence);
  if (same.some((t, k) => EN_ADDS.has(t.text) || (t.text === 'well' && same[k - 1]?.text === 'as'))) return true;
  const word = check.tokens.slice(i).find((t) => t.start >= at.normEnd - 1 || t.end >= at.normEnd);
  return word?.hangul === true && KO_ADDS.test(word.text);
}

/** fact, member, option, step, related_entity, aspect, insight: key terms and stated values. */
export function judgePlain(input: PlainCheck, opts: ResolvedOptions): OfflineFinding {
  const { content, answer, questionKeys } = input;
  const checkText = analyzeCached(content);
  let cov = coverage(termsOf(content), answer, questionKeys, opts, input.entity);
  const subjects = subjectSentences(cov, answer);
  // Values in parentheses are alternatives ("17 to 20 kg (38 to 44 lb)"): required only when there is nothing else.
  // A value that only holds parentheses (1395년(태조 4년) 9월) is not in them: its first word says.
  const inParens = (l: { normStart: number; normEnd: number }) =>
    checkText.tokens.some((t) => t.paren && t.start <= l.normStart && t.end > l.normStart);
  // "for a second rise" names no value: the check's ordinals and fractions' wholes are not required.
  // "for several hours" in a check names no value to require; in an answer it can still conflict.
  const stated = checkText.quantities.filter(
    (l) => !isOrdinal(checkText, l) && !isFractionOf(checkText, l) && !l.quantity.vague,
  );
  const outside = stated.filter((l) => !inParens(l));
  const required = outside.length ? outside : stated;
  const terms = termsOf(content);
  const latin = LATIN_LANGUAGES.test(input.language ?? '');
  const credited = new Map<string, number[]>();
  const compares = checkText.tokens.some((t) => COMPARISON.test(t.text));
  const subjectWords = {
    subjectKeys: input.subjectKeys ?? questionKeys,
    termForms: new Set(terms.flatMap((t) => t.forms)),
    entityKeys: questionKeysOf(input.subjectName),
  };
  // "The first match decided by a shoot-out was in 1982": a value the answer gives one of the
  // kind without saying it was the first ("famous shoot-outs include the 1994 final") is another's.
  const firstOfKind = checkText.tokens.some((t) => FIRST.test(t.text) && !questionKeys.has(t.text) && !t.paren);
  const values = required.map((l) => {
    const anchor = input.aboutSubject ? anchorOf(checkText, l, terms, latin) : null;
    const hits = anchor ? anchorTermHits(anchor, answer) : new Set<number>();
    // A long Korean check: the sentences about the value's own clause are about the value too.
    // Its clause's terms also say which clause of an answer sentence the value is in.
    const clauseKeys = valueClauseKeys(checkText, l, terms);
    const byClause = clauseKeys !== null && clauseKeys.size >= 2;
    const clauseCov = byClause ? { ...cov, hits: cov.hits.filter((h) => clauseKeys.has(h.term.key)) } : cov;
    // Two of its words at least: 게임 alone is no sentence about 게임 중 한쪽이 11점에 이르면.
    const clauseSubjects = byClause ? subjectSentences(clauseCov, answer, 2) : new Set<number>();
    // A subject has many dated events ("it hosted the 1900 fair"): when the check's event is a
    // known predicate, another date conflicts only when it is dated by the same one or a synonym.
    const sameEventOnly = anchor?.group != null && l.quantity.kind === 'date';
    // "The nearby courthouse was completed in 1862": the check's predicate, another thing's event.
    const elsewhereSubject = (q: LocatedQuantity) => {
      const p = anchor ? anchorPosition(anchor, answer, q, latin, hits) : null;
      return p !== null && otherSubject(answer, p, subjectWords);
    };
    // 1592년 임진왜란 때 궁이 불타 beside the check's 1995~1996년 조선총독부 청사를 철거한다: which
    // destruction a date is, another of the check's words in the value's sentence says (청사).
    // Only when the check destroys a thing it names as the object, not the subject itself.
    const objectNamed = checkText.tokens.some(
      (t) => t.hangul && /(?:을|를)$/u.test(t.text) && t.forms.length >= 2 && !t.forms.some((f) => questionKeys.has(f)),
    );
    const repeated = anchor?.group != null && REPEATED_EVENTS.has(predicateName(anchor.group)) && objectNamed;
    const tellsWhich = (p: number) => {
      const t = answer.tokens[p];
      return t !== undefined && !againWord(t) && predicateGroup(t, latin, phraseHead(answer.tokens, p)) === null;
    };
    const anotherTime = (q: LocatedQuantity) => {
      const s = sentenceOf(answer, q);
      return !cov.hits.some(
        (h) =>
          !h.term.forms.some((f) => subjectWords.subjectKeys.has(f)) &&
          h.positions.some((p) => answer.tokens[p]?.sentence === s && tellsWhich(p)),
      );
    };
    const relation = (q: LocatedQuantity) => {
      const attached = anchor ? attachment(anchor, answer, q, latin, hits) : 'none';
      const r = attached === 'anchor' && repeated && anotherTime(q) ? 'none' : attached;
      // "The second platform is 115 metres high" for "the first platform is 57 metres high".
      return r === 'anchor' &&
        (elsewhereSubject(q) ||
          otherHolder(checkText, answer, q, cov, subjectWords) ||
          otherEdition(checkText, l, answer, q))
        ? 'elsewhere'
        : r;
    };
    const about = (q: LocatedQuantity) => {
      // "It did not open in 1963", 1963년에 개통되지 않았다: a value denied is no value stated.
      if (deniedValue(answer, q, opts.negationWindow)) return false;
      if (outweighedClause(clauseCov, answer, q)) return false;
      if (otherHolder(checkText, answer, q, cov, subjectWords)) return false;
      if (otherEdition(checkText, l, answer, q)) return false;
      if (firstOfKind && !claimsFirst(answer, q)) return false;
      const attached = relation(q);
      if (attached === 'anchor') return true;
      const s = sentenceOf(answer, q) ?? -1;
      return attached === 'none' && !sameEventOnly && (subjects.has(s) || clauseSubjects.has(s));
    };
    const expected = widenedRange(checkText, l);
    // Values on the two sides of a comparison are about two things ("18대 정부는 17대에 비해").
    const others = compares ? required.filter((o) => o !== l).map((o) => o.quantity) : [];
    // A bare number counts what is written onto it: 9월 and 3분기 are no two values of one thing.
    const counter = counterOf(checkText, l);
    const rate = isRate(checkText, l);
    const per = perWhat(checkText, l);
    const samePer = (q: LocatedQuantity) => {
      const other = perWhat(answer, q);
      return other === per || (other === '' && per !== null) || (per === '' && other !== null);
    };
    const sameType = (q: LocatedQuantity) =>
      !(l.quantity.kind === 'number' && q.quantity.kind === 'number' && counterOf(answer, q) !== counter) &&
      isRate(answer, q) === rate &&
      samePer(q);
    // "It also won in 2004", 2층에도: the check adds a value, so another one is no conflict.
    const adds = additive(checkText, l);
    const checkValues = required.filter((o) => o !== l).map((o) => o.quantity);
    // 새벽 4시 반부터 6시 반까지 반입하였다: the answer's 4시 반 for the bringing-in is the span's
    // start, no other end for it; 3게임 또는 4게임: the answer's 3게임 is one of the choices.
    const sharesPredicate = (own: Quantity) => {
      const o = required.find((x) => x !== l && x.quantity === own);
      return o !== undefined && oneSlot(checkText, l, o) !== null;
    };
    const context = {
      about: adds ? () => false : about,
      relation,
      others,
      checkValues,
      sameType,
      expectedBound: boundOf(checkText, l),
      expectedDecade: isDecade(checkText, l),
      boundOf: (q: LocatedQuantity) => boundOf(answer, q),
      otherHolder: (q: LocatedQuantity) => otherHolder(checkText, answer, q, cov, subjectWords),
      heldByOther: (q: LocatedQuantity, own: Quantity) => {
        const o = required.find((x) => x !== l && x.quantity === own);
        return (o !== undefined && heldByOther(checkText, required, l, o, answer, q)) || sharesPredicate(own);
      },
      // The check's words in the value's sentence, and the check's other values said there (each one word).
      claimWeight: (q: LocatedQuantity) => {
        const s = sentenceOf(answer, q);
        const words = cov.hits
          .filter((h) => h.positions.some((p) => answer.tokens[p]?.sentence === s))
          .reduce((sum, h) => sum + h.weight, 0);
        const values = checkValues.filter((o) =>
          answer.quantities.some((a) => sentenceOf(answer, a) === s && compareQuantities(o, a.quantity) === 'equal'),
        ).length;
        return words + values;
      },
      wholeClaim: (q: LocatedQuantity) => {
        const s = sentenceOf(answer, q);
        const claim = cov.hits.filter((h) => h.weight >= 1);
        return claim.length > 0 && claim.every((h) => h.positions.some((p) => answer.tokens[p]?.sentence === s));
      },
    };
    const found = findValue(expected, answer, context, opts);
    // "six trigger hairs, three on each lobe": the check's count said bare beside the other one.
    const v =
      found.status === 'conflict' &&
      found.stated &&
      (bareCount(answer, expected, found.stated, subjectWords.termForms) || partOfSum(answer, expected, found.stated))
        ? { expected, status: 'found' as const }
        : found;
    // The value stated with a synonym of the check's predicate ("finished in 1889" for "completed
    // in 1889", 1443년에 만들어진 for 1443년 창제) states the predicate too.
    if (
      v.status === 'found' &&
      v.at &&
      anchor?.term &&
      anchor.group !== null &&
      alone(answer, v.at, expected, cov, anchor.term.key)
    ) {
      const at = predicateNear(anchor, answer, v.at, latin);
      if (at !== null) credited.set(anchor.term.key, [at]);
    }
    return v;
  });
  // 3게임 또는 4게임: the answer that states one choice states what the check asks.
  for (const [i, v] of values.entries()) {
    const l = required[i];
    const chosen = (w: ValueFinding, j: number) =>
      w.status === 'found' && l !== undefined && oneSlot(checkText, l, required[j]!) === 'choice';
    if (v.status === 'absent' && values.some((w, j) => j !== i && chosen(w, j))) values[i] = { ...v, status: 'found' };
  }
  // "built between 1887 and 1889": a date inside the check's span is part of it, not another date.
  const spans = dateSpans(checkText, required);
  for (const [i, v] of values.entries()) {
    const span = spans.get(required[i]!);
    if (
      v.status === 'conflict' &&
      v.stated &&
      span &&
      (insideSpan(v.stated, span) || decadeInSpan(answer, v.stated, span))
    )
      values[i] = { expected: v.expected, status: 'close', stated: v.stated };
  }
  if (credited.size) cov = creditTerms(cov, credited);
  const found = cov.found.map((t) => t.display);
  const missing = cov.missing.map((t) => t.display);
  const parts: string[] = [];
  if (found.length) parts.push(`found ${quoteList(found)}`);
  if (missing.length) parts.push(`missing ${quoteList(missing)}`);
  for (const v of values) {
    if (v.status === 'found') parts.push(`value ${show(v.expected)} stated`);
    else if (v.status === 'absent') parts.push(`value ${show(v.expected)} not stated`);
    else if (v.status === 'close' && v.stated) parts.push(`states ${show(v.stated)}, close to ${show(v.expected)}`);
    else if (v.stated) parts.push(`states ${show(v.stated)} where the check says ${show(v.expected)}`);
  }
  const quote = bestSentence(cov.hits, answer)?.text ?? null;
  const finish = (verdict: Verdict, extra?: string): OfflineFinding => ({
    verdict,
    rationale: `lexical baseline: ${[...parts, ...(extra ? [extra] : [])].join('; ') || 'nothing to match'}`,
    quote,
    found,
    missing,
    values,
  });

  if (values.some((v) => v.status === 'conflict')) return finish('contradicts');
  // 가래떡은 찹쌀로 만든다 for 찹쌀이 아니라 멥쌀가루로 만든다: the thing the check rules out, said instead.
  const ruled =
    input.kind && RULES_OUT_KINDS.has(input.kind) ? ruledOutSaid(checkText, answer, terms, opts.negationWindow) : null;
  if (ruled) return finish('contradicts', `says "${ruled}", which the check rules out`);
  const checkNegated = checkText.tokens.some((t) => negates(checkText, t.index));
  if (!checkNegated && cov.share >= opts.partial) {
    // A check that contrasts two things itself ("kicks over punches") may see its second one replaced.
    const contrasts = checkText.tokens.some((t) => CHECK_CONTRASTS.test(t.text));
    const neg = negatedBy(
      checkText,
      cov,
      answer,
      opts,
      input.claimsPart && !contrasts,
      values.map((v) => v.expected),
      subjectWords.subjectKeys,
      input.kind === 'member' || input.kind === 'option',
    );
    if (neg) return finish('contradicts', `negated: "${neg.cue}" next to "${neg.term}"`);
  }
  // "Do not rinse the rice" for "Rinse the rice until the water runs clear": the instruction's
  // verb and object denied, whatever else the check qualifies them with.
  const core = checkNegated ? null : coreKeys(checkText, new Set(terms.map((t) => t.key)));
  if (core) {
    const coreCov = coverage(
      terms.filter((t) => core.has(t.key)),
      answer,
      questionKeys,
      opts,
      input.entity,
    );
    const neg =
      coreCov.share === 1
        ? negatedBy(checkText, coreCov, answer, opts, false, [], subjectWords.subjectKeys, false)
        : null;
    if (neg && !qualifiedDenial(answer, coreCov, neg.at))
      return finish('contradicts', `negated: "${neg.cue}" next to "${neg.term}"`);
  }
  if (!checkNegated && input.claimsPart) {
    const denied = deniedByAnswer(cov, answer);
    if (denied) return finish('contradicts', `says "${denied}" is not used`);
    const others = notOnly(checkText, terms, answer);
    if (others) return finish('contradicts', `names others beside "${others}", which the check says is the only one`);
  }
  if (checkNegated && input.claimsPart) {
    const excluded = excludedTerms(checkText, terms);
    const used = usesExcluded(excluded, answer, opts.negationWindow);
    // "Some use a rolling pin, but it is stretched by hand": the answer says what the check says
    // too, so the excluded thing is a contrast, not what it does.
    const excludedKeys = new Set(excluded.map((t) => t.key));
    const rest = cov.hits.filter((h) => !excludedKeys.has(h.term.key) && h.weight > 0);
    const restShare = rest.length ? rest.filter((h) => h.positions.length).length / rest.length : 0;
    if (used && restShare < 0.5) return finish('contradicts', `uses "${used}", which the check rules out`);
  }
  if (checkNegated && input.aboutSubject) {
    const said = affirmedDenial(checkText, answer, cov, subjectWords);
    if (said) return finish('contradicts', `says "${said}", which the check denies`);
  }
  const slotContext = {
    check: checkText,
    answer,
    coverage: cov,
    subjectKeys: subjectWords.subjectKeys,
    termForms: subjectWords.termForms,
  };
  // "Joseph Strauss, the chief engineer" names a member of a list of people by a role.
  const role = input.kind === 'member' || input.kind === 'fact' ? roleHolderConflict(slotContext) : null;
  if (role) return finish('contradicts', `says "${role.stated}" where the check says "${role.expected}" (role)`);
  const prefixed =
    !checkNegated && input.kind && KINDED_KINDS.has(input.kind) ? prefixDenial(checkText, answer, cov) : null;
  if (prefixed) return finish('contradicts', `says "${prefixed[1]}" where the check says "${prefixed[0]}"`);
  const first = input.aboutSubject ? otherFirst(checkText, answer) : null;
  if (first)
    return finish('contradicts', `says "${first.stated}" was the first where the check says "${first.expected}"`);
  const kinded = input.kind && KINDED_KINDS.has(input.kind) ? kindModifierConflict(slotContext) : null;
  if (kinded) return finish('contradicts', `says "${kinded.stated}" where the check says "${kinded.expected}" (kind)`);
  if (input.kind && SLOT_KINDS.has(input.kind)) {
    const slot = slotConflict(slotContext, input.aboutSubject);
    if (slot)
      return finish('contradicts', `says "${slot.stated}" where the check says "${slot.expected}" (${slot.slot})`);
  }
  const verdict = termVerdict(values, cov, opts);
  if (input.identifies && verdict !== 'meets') {
    const id = judgeIdentification(content, answer, questionKeys);
    if (id?.verdict === 'meets') return finish('meets', `names it "${id.said}"`);
    if (id?.verdict === 'contradicts') return finish('contradicts', `identifies it as "${id.said}"`);
    if (id && verdict === 'missing') return finish('partially_meets', `names it more generally: "${id.said}"`);
  }
  const weaker =
    verdict === 'meets' && input.kind && SLOT_KINDS.has(input.kind) ? weakenedRank(checkText, answer) : null;
  if (weaker) return finish('partially_meets', `says only "${weaker}"`);
  return finish(verdict);
}

/** The verdict from the key terms and values found, when nothing contradicts the check. */
function termVerdict(values: readonly ValueFinding[], cov: Coverage, opts: ResolvedOptions): Verdict {
  if (values.length) {
    const allFound = values.every((v) => v.status === 'found');
    const anyStated = values.some((v) => v.status !== 'absent');
    if (allFound && cov.share >= opts.partial) return 'meets';
    if ((anyStated && cov.share >= opts.partial) || (allFound && cov.share > 0)) return 'partially_meets';
    if (cov.hits.length > 0 && cov.share >= opts.meets) return 'partially_meets';
    return 'missing';
  }
  if (cov.hits.length === 0) return 'missing';
  if (cov.share >= opts.meets) return 'meets';
  if (cov.share >= opts.partial) return 'partially_meets';
  return 'missing';
}
