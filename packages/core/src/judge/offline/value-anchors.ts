/**
 * What a value in a check is about: the predicate it attaches to ("completed in 1889",
 * 2013년 … 등재되었다). An answer value of the same kind that attaches to the same
 * predicate, or to a synonym of it ("finished in 1887", 2001년에 … 지정되었습니다), states
 * a different value for the same thing, even when few other words of the check are there.
 */
import type { AnalyzedText } from '../../text/analyze-text.js';
import type { LocatedQuantity } from '../../text/quantities.js';
import type { Token } from '../../text/token.js';
import { findTerm, type Term, termOf } from './find-term.js';
import { againWord, inPhrase, phraseHead, predicateGroup, predicateName } from './predicates.js';
import { lastTokenAt } from './value-shapes.js';

export interface ValueAnchor {
  /** The predicate group of the word the value attaches to, when it is in the lexicon. */
  readonly group: number | null;
  /** The check's term for that word, matched in the answer like any term. */
  readonly term: Term | null;
  /** The word is said again (다시 짓는다): the check's event is itself a repetition. */
  readonly again?: boolean;
}

/** What joins a span's two ends: 4시 반부터 6시 반까지, "from 1865 to 1867", 1865–1867. */
const SPAN_JOIN = /^\s*(?:부터|에서|~|–|—|-|to|until|till|through|and)\s*(?:약|대략|about|around|roughly)?\s*$/iu;
/** What joins two choices, a counter of the first between: 3게임 또는 4게임, "three or four sets". */
const CHOICE_JOIN = /^\s*(?:\p{Script=Hangul}{1,3}|[a-z]+)?\s*(?:또는|혹은|이나|or)\s*$/iu;

/**
 * Two values of a check hold one place: the two ends of a span (4시 반부터 6시 반까지, "from
 * 1865 to 1867") or two choices (3게임 또는 4게임): the answer's one is no other value for the other.
 */
export function oneSlot(check: AnalyzedText, a: LocatedQuantity, b: LocatedQuantity): 'span' | 'choice' | null {
  const [first, second] = a.normStart < b.normStart ? [a, b] : [b, a];
  const between = check.norm.text.slice(first.normEnd, second.normStart);
  return SPAN_JOIN.test(between) ? 'span' : CHOICE_JOIN.test(between) ? 'choice' : null;
}

/** Words that mark the first time of an event (처음 지었다, "first built", "originally built"). */
const FIRST_TIME: ReadonlySet<string> = new Set([
  '처음',
  '처음으로',
  '원래',
  '본래',
  'first',
  'originally',
  'initially',
]);

/** Tokens between the value and its predicate at most; beyond that a value belongs to something else. */
const CHECK_REACH = 4;
/** In content words of the answer (stop words and values not counted). */
const ANSWER_REACH = 5;

const firstTokenAt = (text: AnalyzedText, at: LocatedQuantity) => text.tokens.findIndex((t) => t.end > at.normStart);
const content = (t: Token) => !t.stop && !t.inQuantity && !t.negation && !t.paren;
/** Korean verb endings (connective or final): 만들고, 지었다, 세우며, 쌓아서. */
const KO_VERB_END = /\p{Script=Hangul}(?:고|다|며|면서|어서|아서|여서|니다)$/u;
/** A word in Latin letters, not a value's unit. */
const latinWord = (t: Token) => !t.hangul && !t.unspaced && !t.inQuantity && /\p{Script=Latin}{2}/u.test(t.text);
/** Verb-final languages put the predicate after the value (1443년 창제, 1889年に完成). */
const verbFinal = (t: Token) => t.hangul || /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(t.text);

/**
 * The word a check's value attaches to: the nearest word of the predicate lexicon in its
 * sentence; otherwise the nearest content word before it (after it in Korean and Japanese),
 * within a few words. Null when there is none.
 */
export function anchorOf(
  check: AnalyzedText,
  at: LocatedQuantity,
  terms: readonly Term[],
  latin: boolean,
): ValueAnchor | null {
  const vi = firstTokenAt(check, at);
  const vTok = check.tokens[vi];
  if (!vTok) return null;
  const inSentence = check.tokens.filter((t) => t.sentence === vTok.sentence && content(t));
  // A value in digits with a Latin unit (2~3mm, 50 MB) in a Korean sentence is Korean all the
  // same: the verb after it is what it attaches to (고기를 2~3mm 두께로 썬다 measures the cutting).
  const korean = vTok.hangul || (inSentence.some((t) => t.hangul) && !inSentence.some(latinWord));
  const termIn = (t: Token) => termOf(terms, t) ?? null;
  // A Korean value's predicate closes its clause: in 1443년에 만들고 1446년에 반포했다, 반포 is the
  // next clause's (1446년's), not 1443년's.
  const clauseEnd = vTok.hangul
    ? (check.tokens.find((t) => t.index > vi && t.sentence === vTok.sentence && KO_VERB_END.test(t.text))?.index ??
      Number.POSITIVE_INFINITY)
    : Number.POSITIVE_INFINITY;
  // An English predicate after the value and past a comma is another clause's: in "its main span
  // is 4,200 ft, the longest in the world when it opened" the length is the span's, not the opening's.
  // A date that opens the sentence ("In 1889, the tower opened") still dates the verb after the comma.
  const fronted = !check.tokens.some((t) => t.sentence === vTok.sentence && t.index < vi && !t.stop);
  const sameClause = (t: Token) => t.index < vi || fronted || !/[,;]/.test(check.norm.text.slice(at.normEnd, t.start));
  // 경기 시간은 4분이며, …: a Korean value that ends its own clause is the predicate itself, said
  // of the words before it in its clause (시간, 길이가 1,460m이다), not of the next clause's verb.
  const own = check.tokens[lastTokenAt(check, at)];
  const predicative = korean && own?.hangul === true && KO_VERB_END.test(own.text);
  const opensClause = predicative
    ? (inSentence.findLast((t) => t.index < vi && KO_VERB_END.test(t.text))?.index ?? Number.NEGATIVE_INFINITY)
    : 0;
  const lexical = inSentence
    .filter((t) => !relativeTo(check, t))
    .filter((t) =>
      predicative
        ? t.index < vi && t.index > opensClause
        : vTok.hangul
          ? t.index > vi && t.index <= clauseEnd
          : sameClause(t),
    )
    .map((t) => ({ t, group: predicateGroup(t, latin, phraseHead(check.tokens, t.index)) }))
    .filter((x): x is { t: Token; group: number } => x.group !== null)
    .sort((a, b) => Math.abs(a.t.index - vi) - Math.abs(b.t.index - vi));
  const best = lexical[0];
  if (best) return { group: best.group, term: termIn(best.t) };
  const after = !predicative && (korean || verbFinal(vTok));
  // Counted from the value's own end: 1592년 4월 12일 거북선에서 포를 발사한다 dates the firing.
  const from = after ? lastTokenAt(check, at) : vi;
  const candidates = inSentence
    .filter(
      (t) => (after ? t.index > from : t.index < vi) && Math.abs(t.index - from) <= CHECK_REACH && !isName(check, t),
    )
    .sort((a, b) => Math.abs(a.index - from) - Math.abs(b.index - from));
  // In Korean the value belongs to its clause's verb, not to the object between them:
  // 1443년에 훈민정음을 만들고 dates the making.
  const verb = after ? candidates.find((t) => t.hangul && KO_VERB_END.test(t.text) && termIn(t)) : undefined;
  const near = verb ?? candidates[0];
  const term = near ? termIn(near) : null;
  const before = near ? check.tokens[near.index - 1] : undefined;
  const again = before !== undefined && before.sentence === near?.sentence && againWord(before);
  return term ? { group: null, term, again } : null;
}

/** Korean connective endings that close a clause of a check: 4분이며, 만들고, 같으면, 크지만. */
const KO_CLAUSE_CLOSE = /\p{Script=Hangul}(?:고|며|면서|어서|아서|여서|면|지만|는데|으나)$/u;

/**
 * The check's key terms in the Korean clause that holds its value, when the sentence has more
 * than one: 정규 경기 시간은 남녀 모두 4분이며, 점수가 같으면 … 이긴다 gives 4분 to 정규 경기
 * 시간 남녀, so a sentence about those is about the value however little it says of the rest.
 * Null for a value in a clause-less sentence, or in English.
 */
export function valueClauseKeys(check: AnalyzedText, at: LocatedQuantity, terms: readonly Term[]): Set<string> | null {
  const vi = firstTokenAt(check, at);
  const last = lastTokenAt(check, at);
  const vTok = check.tokens[vi];
  if (!vTok?.hangul) return null;
  const sentence = check.tokens.filter((t) => t.sentence === vTok.sentence);
  const closes = (t: Token) => t.hangul && KO_CLAUSE_CLOSE.test(t.text);
  const start = (sentence.findLast((t) => t.index < vi && closes(t))?.index ?? -1) + 1;
  const end = sentence.find((t) => t.index >= last && closes(t))?.index ?? Number.POSITIVE_INFINITY;
  const first = sentence[0]?.index ?? 0;
  const final = sentence[sentence.length - 1]?.index ?? 0;
  if (start <= first && end >= final) return null;
  const inClause = sentence.filter((t) => t.index >= start && t.index <= end);
  return new Set(
    terms.filter((term) => inClause.some((t) => term.forms.some((f) => t.forms.includes(f)))).map((term) => term.key),
  );
}

/** Words that measure a time from another event: "six days after the opening". */
const EN_RELATIVE = new Set(['after', 'before', 'since']);

/**
 * The event a length of time is counted from ("six days after the opening"): it dates no value,
 * it is the reference of one, so "on 30 May 1883, six days after the opening, a panic killed 12
 * people" dates the panic, not the opening.
 */
function relativeTo(text: AnalyzedText, t: Token): boolean {
  let k = t.index - 1;
  while (k >= 0 && DETERMINERS.has(text.tokens[k]?.text ?? '')) k--;
  const rel = text.tokens[k];
  const span = text.tokens[k - 1];
  return (
    rel !== undefined &&
    !rel.hangul &&
    EN_RELATIVE.has(rel.text) &&
    span?.inQuantity === true &&
    span.sentence === t.sentence
  );
}

/**
 * A capitalised word inside a sentence is a name ("in Paris in September 1889"): it says where
 * or who, not what happened, so a value next to it is not attached to it.
 */
function isName(text: AnalyzedText, t: Token): boolean {
  const first = text.original[text.norm.offsets[t.start] ?? 0] ?? '';
  const sentenceStart = !text.tokens.some((o) => o.sentence === t.sentence && o.index < t.index);
  return !sentenceStart && first !== first.toLowerCase();
}

const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'that', 'its', 'his', 'her', 'their', 'our', 'whose']);

/**
 * "the painting" and "the building" name things; "painted" and "built" say what happened.
 * An English word after a determiner, or in -ing when the check's word is not, is not the predicate.
 */
function usedAsPredicate(answer: AnalyzedText, i: number, anchor: ValueAnchor): boolean {
  const tok = answer.tokens[i];
  if (!tok || tok.hangul || tok.unspaced) return true;
  const prev = answer.tokens[i - 1];
  if (inPhrase(tok, prev)) return true;
  if (prev && prev.sentence === tok.sentence && DETERMINERS.has(prev.text)) return false;
  return !tok.text.endsWith('ing') || (anchor.term?.display.endsWith('ing') ?? false);
}

/**
 * What an answer value attaches to:
 * - `anchor`: a word of the check's predicate group (or the anchor term itself) within a few
 *   words in its sentence, and no other predicate of the lexicon nearer to it ("began in 1887"
 *   belongs to the beginning, not the completion);
 * - `elsewhere`: another predicate of the lexicon is nearer to it than the check's own ("painted
 *   it in June 1889 at the asylum, which he had entered that May" dates the painting, not the
 *   entering), so it is not about the check's value even in a sentence about its subject;
 * - `none`: neither.
 */
export function attachment(
  anchor: ValueAnchor,
  answer: AnalyzedText,
  at: LocatedQuantity,
  latin: boolean,
  termHits: ReadonlySet<number>,
): 'anchor' | 'elsewhere' | 'none' {
  const { anchorDistance, otherDistance } = predicateDistances(anchor, answer, at, latin, termHits);
  if (anchorDistance <= ANSWER_REACH && anchorDistance <= otherDistance) return 'anchor';
  return otherDistance <= ANSWER_REACH && otherDistance < anchorDistance ? 'elsewhere' : 'none';
}

/** Tokens from an answer value to the nearest word of the anchor and to the nearest other lexicon predicate. */
function predicateDistances(
  anchor: ValueAnchor,
  answer: AnalyzedText,
  at: LocatedQuantity,
  latin: boolean,
  termHits: ReadonlySet<number>,
): { anchorDistance: number; otherDistance: number; anchorAt: number | null } {
  const qi = firstTokenAt(answer, at);
  const qTok = answer.tokens[qi];
  let anchorDistance = Number.POSITIVE_INFINITY;
  let otherDistance = Number.POSITIVE_INFINITY;
  let anchorAt: number | null = null;
  if (!qTok) return { anchorDistance, otherDistance, anchorAt };
  // Distance in content words: "bake it very hot, around 400 °C, for about two to three minutes"
  // has one word (hot) between the baking and its time. Equals are told apart by plain distance
  // (a fraction of a word): "began in 1933, two years after it was designed" dates the beginning.
  // A comma between counts half a word: in 1406年开始修建，1425年建成 the 1425 is the completion's.
  const crosses = (a: number, b: number) => {
    const [lo, hi] = [answer.tokens[Math.min(a, b)], answer.tokens[Math.max(a, b)]];
    return lo && hi && /[,;、]/u.test(answer.norm.text.slice(lo.end, hi.start)) ? 0.5 : 0;
  };
  const words = (a: number, b: number) =>
    answer.tokens.slice(Math.min(a, b) + 1, Math.max(a, b)).filter((t) => !t.stop && !t.inQuantity).length +
    1 +
    crosses(a, b) +
    Math.abs(a - b) / 1000;
  for (let i = Math.max(0, qi - 3 * ANSWER_REACH); i <= qi + 3 * ANSWER_REACH && i < answer.tokens.length; i++) {
    const tok = answer.tokens[i];
    if (!tok || tok.sentence !== qTok.sentence || tok.inQuantity || !usedAsPredicate(answer, i, anchor)) continue;
    if (endsKoreanClause(answer, i, qi)) continue;
    const d = words(i, qi);
    const group = predicateGroup(tok, latin, phraseHead(answer.tokens, i));
    // 중건을 시작해, "began rebuilding", "construction started": the value dates the event's start.
    // A phrase with the word of beginning in it ("began service", 운행을 시작했다) is the event itself.
    const phrase = group !== predicateGroup(tok, latin);
    const starts =
      anchor.group !== null && predicateName(anchor.group) !== 'begin' && !phrase && begunAt(answer, i, latin);
    // 다시 지었다 for the check's 짓는다: the check's word, but in a phrase that makes another event.
    const otherPhrase = phrase && group !== null && group !== anchor.group && !anchor.again;
    // 1405년에 처음 지었고 for the check's 다시 짓는다: the first building, not the repetition.
    const firstTime = anchor.again === true && FIRST_TIME.has(answer.tokens[i - 1]?.text ?? '');
    if (
      !starts &&
      ((anchor.group !== null && group === anchor.group) || (termHits.has(i) && !otherPhrase && !firstTime))
    ) {
      if (d < anchorDistance) anchorAt = i;
      anchorDistance = Math.min(anchorDistance, d);
    } else if (group !== null && !(predicateName(group) === 'last' && at.quantity.kind === 'duration'))
      // "Digestion takes a few hours": a verb of lasting says how long, not which event.
      otherDistance = Math.min(otherDistance, d);
  }
  return { anchorDistance, otherDistance, anchorAt };
}

/**
 * Korean puts a clause's predicate last, so one before the value that ends its clause (a comma
 * after it, or a joining ending: 불탔고, 지었으며, 세웠지만) is the earlier clause's: in "1600년에
 * 불탔고, 2000년에 세계유산이 되었다" the 2000 is the listing's, not the fire's.
 */
function endsKoreanClause(answer: AnalyzedText, i: number, qi: number): boolean {
  const [tok, next] = [answer.tokens[i], answer.tokens[i + 1]];
  if (!tok?.hangul || !next || i >= qi) return false;
  return (
    /[,;]/u.test(answer.norm.text.slice(tok.end, next.start)) ||
    /(?:고|며|지만|는데|어서|아서|여서|해서)$/u.test(tok.text)
  );
}

/** The word at `i` is what a word of beginning next to it begins: 중건을 시작해, "began rebuilding". */
function begunAt(answer: AnalyzedText, i: number, latin: boolean): boolean {
  const tok = answer.tokens[i];
  return [i - 1, i + 1].some((j) => {
    const t = answer.tokens[j];
    if (!t || t.sentence !== tok?.sentence || t.inQuantity) return false;
    const g = predicateGroup(t, latin, phraseHead(answer.tokens, j));
    return g !== null && predicateName(g) === 'begin';
  });
}

/**
 * The answer position of the word of the anchor's predicate group that an answer value attaches
 * to ("finished" in "finished in 1889"), or null when it attaches to none.
 */
export function predicateNear(
  anchor: ValueAnchor,
  answer: AnalyzedText,
  at: LocatedQuantity,
  latin: boolean,
): number | null {
  return anchorPosition(anchor, answer, at, latin, new Set());
}

/** The answer position of the anchor's word (of its group, or its own term) that a value attaches to. */
export function anchorPosition(
  anchor: ValueAnchor,
  answer: AnalyzedText,
  at: LocatedQuantity,
  latin: boolean,
  termHits: ReadonlySet<number>,
): number | null {
  const { anchorDistance, otherDistance, anchorAt } = predicateDistances(anchor, answer, at, latin, termHits);
  return anchorDistance <= ANSWER_REACH && anchorDistance <= otherDistance ? anchorAt : null;
}

/**
 * The answer positions of the anchor's own term, when it is not in the lexicon (a lexicon
 * predicate is matched by its group only: stems would let "found" stand for "founded").
 */
export function anchorTermHits(anchor: ValueAnchor, answer: AnalyzedText): Set<number> {
  return new Set(anchor.term && anchor.group === null ? findTerm(anchor.term, answer) : []);
}
