/**
 * Contradictions in words rather than numbers: the answer fills a slot of the check's claim with
 * something else, and nowhere states what the check says.
 * - quality: an antonym ("smaller" where the check says "larger", 실패 for 성공);
 * - place: where the subject is kept or located ("kept at the Louvre" for "in the Museum of
 *   Modern Art", 국립박물관에 소장 for 간송미술관에 소장);
 * - material: what it is made of ("made of marble" for "made of granite", 화강암으로 만든 for
 *   현무암으로 만든);
 * - agent: who did it ("painted by Claude Monet" for "painted by Vincent van Gogh");
 * - kind: an ordinary thing where the check names a special one ("a regular oven" for "a
 *   wood-fired oven", 일반 오븐).
 */

import type { AnalyzedText } from '../../text/analyze-text.js';
import type { Token } from '../../text/token.js';
import { negates } from './affirming-negation.js';
import { agentNounConflict } from './agent-nouns.js';
import { type AntonymPair, EN_ANTONYMS, KO_ANTONYMS, sideHas } from './antonyms.js';
import { clauseIds } from './clauses.js';
import { comparisonConflict } from './comparison.js';
import { otherName } from './copula.js';
import { frameConflict } from './frame-substitution.js';
import { GENERAL_MATERIAL, materialRelation } from './general-words.js';
import { koreanAgentConflict } from './korean-agent.js';
import { placeLevel, sameCountry, sameLevel, withoutKoreanLevel } from './place-levels.js';
import { predicateGroup, sameEvent } from './predicates.js';
import { rankConflict } from './rank.js';
import { deniedDifference } from './sameness.js';
import { orderConflict } from './temporal-order.js';
import type { Coverage } from './term-coverage.js';

export interface SlotContext {
  readonly check: AnalyzedText;
  readonly answer: AnalyzedText;
  /** The check's key terms as found in the answer. */
  readonly coverage: Coverage;
  /** Word forms naming the subject: the question's and the entity's. */
  readonly subjectKeys: ReadonlySet<string>;
  /** Word forms of the check's key terms. */
  readonly termForms: ReadonlySet<string>;
}

export interface SlotConflict {
  readonly slot:
    | 'quality'
    | 'place'
    | 'material'
    | 'agent'
    | 'kind'
    | 'likeness'
    | 'name'
    | 'frame'
    | 'rank'
    | 'comparison'
    | 'order';
  readonly expected: string;
  readonly stated: string;
}

const NEAR = 2;

/**
 * A negation cue within two words of token `i`, in its sentence, or further before it in its
 * clause: "do not let the soil dry out" denies the dryness.
 */
function negatedNear(text: AnalyzedText, i: number): boolean {
  const s = text.tokens[i]?.sentence;
  for (let d = -NEAR; d <= NEAR; d++)
    if (d !== 0 && text.tokens[i + d]?.sentence === s && negates(text, i + d)) return true;
  const clause = clauseIds(text);
  const tok = text.tokens[i];
  if (!tok || tok.hangul) return false;
  for (let d = NEAR + 1; d <= CLAUSE_REACH; d++) {
    const t = text.tokens[i - d];
    if (!t || clause[i - d] !== clause[i]) break;
    if (!t.hangul && verbalNegation(t.text) && negates(text, i - d)) return true;
  }
  return false;
}
/** How far back a verb's negation reaches in its clause: "not let the soil dry". */
const CLAUSE_REACH = 5;
const verbalNegation = (w: string) => w === 'not' || w === 'never' || w === 'cannot' || w.endsWith("n't");

const inAnswer = (answer: AnalyzedText, forms: readonly string[]) => forms.some((f) => answer.formIndex.has(f));

// ---- quality: antonyms ----

/** "than", "compared with", 보다, 비해: the sentence may give the quality to the other thing. */
const COMPARES = /\b(?:than|compared|comparison|unlike|whereas|while|versus|vs)\b|보다|비해|비하|달리|반면/iu;

function sentenceText(text: AnalyzedText, s: number): string {
  const span = text.sentences[s];
  return span ? text.original.slice(span.start, span.end) : '';
}

/**
 * Answer sentences that hold at least half of the key terms the answer has (by weight), and at
 * least one that is not a question word: there, a quality is said of the check's subject.
 */
function aboutSentences(cov: Coverage, answer: AnalyzedText): Set<number> {
  const per = new Map<number, number>();
  let found = 0;
  for (const h of cov.hits) {
    if (!h.positions.length) continue;
    found += h.weight;
    for (const s of new Set(h.positions.map((p) => answer.tokens[p]?.sentence ?? 0)))
      per.set(s, (per.get(s) ?? 0) + h.weight);
  }
  return new Set([...per].filter(([, w]) => w >= 1 && w >= found / 2).map(([s]) => s));
}

/**
 * What the check says has the quality: the words before it in its sentence ("the viceroy is
 * smaller": the viceroy). The answer's quality must be in a sentence with one of them, so "the
 * monarch is a large butterfly" says nothing of the viceroy. Null when the quality comes first.
 */
function holderSentences(ctx: SlotContext, quality: Token): Set<number> | null {
  const before = ctx.check.tokens.filter(
    (t) => t.sentence === quality.sentence && t.index < quality.index && !t.stop && !t.inQuantity,
  );
  if (before.length === 0) return null;
  const at = before.flatMap((t) => t.forms.flatMap((f) => ctx.answer.formIndex.get(f) ?? []));
  return new Set(at.map((i) => ctx.answer.tokens[i]?.sentence ?? -1));
}

/** The noun a quality word stands right before, in its phrase: "summer" in "early summer". */
function headAfter(text: AnalyzedText, t: Token): Token | null {
  const next = text.tokens[t.index + 1];
  if (!next || next.sentence !== t.sentence || next.stop || next.inQuantity || gapBreaks(text, t, next)) return null;
  return next;
}

/** "late June" for "early summer": the quality of another noun than the check's. */
const otherHead = (a: Token | null, b: Token | null) =>
  a !== null && b !== null && !a.forms.some((f) => b.forms.includes(f));

function qualityConflict(ctx: SlotContext): SlotConflict | null {
  const { check, answer } = ctx;
  const subjects = aboutSentences(ctx.coverage, answer);
  for (const pair of [...EN_ANTONYMS, ...KO_ANTONYMS]) {
    const said = (side: readonly string[]) =>
      check.tokens.filter((t) => sideHas(side, t) && !negatedNear(check, t.index) && !t.paren);
    const a = said(pair.a);
    const b = said(pair.b);
    if (a.length > 0 === b.length > 0) continue;
    const [claimed, own, other] = a.length ? [a, pair.a, pair.b] : [b, pair.b, pair.a];
    if (claimed.some((t) => t.forms.some((f) => ctx.subjectKeys.has(f)))) continue;
    if (answer.tokens.some((t) => sideHas(own, t))) continue;
    const holder = holderSentences(ctx, claimed[0]!);
    const head = headAfter(check, claimed[0]!);
    const hit = answer.tokens.find(
      (t) =>
        sideHas(other, t) &&
        subjects.has(t.sentence) &&
        !otherHead(head, headAfter(answer, t)) &&
        (holder === null || holder.has(t.sentence)) &&
        !negatedNear(answer, t.index) &&
        !COMPARES.test(sentenceText(answer, t.sentence)),
    );
    if (hit) return { slot: 'quality', expected: shown(check, claimed.slice(0, 1)), stated: shown(answer, [hit]) };
  }
  return null;
}

// ---- place and material: a slot after a predicate ----

/** Verbs of where a thing is kept: an answer's other place after them contradicts the check's. */
const EN_KEPT = new Set('housed kept held displayed exhibited shown hangs hung hanging stored preserved'.split(' '));
/**
 * Verbs of where a thing is: they may give the check's place in other words ("in France" for "in
 * Paris": places nest), so in an answer they name another place only at the same level.
 */
const EN_LOCATED = new Set('located situated based headquartered stands sits lies'.split(' '));
const EN_PLACE_VERBS = new Set([...EN_KEPT, ...EN_LOCATED]);
const EN_BE = new Set(['is', 'are', 'was', 'were', 'been', 'be', 'remains', 'remained', 'stays', 'stayed']);
const EN_PLACE_PREP = new Set(['in', 'at', 'inside']);
const KO_KEPT = /^(?:소장|보관|전시|걸려)/u;
const KO_LOCATED = /^(?:소장|보관|전시|걸려|위치)/u;
const KO_BEING = /^(?:위치|있)/u;
const KO_AT = /(?:에서|에)$/u;

const EN_MADE = new Set(
  'made built carved constructed cast formed crafted fashioned produced hewn quarried'.split(' '),
);
const EN_MADE_PREP = new Set(['of', 'from', 'out']);
// 쌓다: walls and fortresses are built up of stone or brick (벽돌로 쌓았다).
const KO_MADE = /^(?:만들|만든|만드|만들어|제작|조각|빚|깎|쌓)/u;
const KO_WITH = /(?:으로|로)$/u;
const ARTICLES = new Set(['the', 'a', 'an', 'of']);

/** The original text of a token starts with a capital: a name. */
function capitalised(text: AnalyzedText, t: Token): boolean {
  const c = text.original[text.norm.offsets[t.start] ?? 0] ?? '';
  return c !== c.toLowerCase();
}

/** Punctuation between two tokens ends a phrase ("granite, most often …"). */
const gapBreaks = (text: AnalyzedText, a: Token, b: Token) => /[,;:()]/.test(text.norm.text.slice(a.end, b.start));

interface Slot {
  /** The filler's words (their forms). */
  readonly words: readonly Token[];
  /** Index of the predicate. */
  readonly at: number;
  /** A place after a verb of being somewhere, which may be a wider or a narrower one. */
  readonly located?: boolean;
  /** After a bare "is": said of anything, so only a place whose level its name shows counts. */
  readonly be?: boolean;
}

/**
 * English: a predicate (kept, made …), at most one more word, a preposition, then the filler:
 * the capitalised name after it (places) or the content words after it (materials).
 */
function englishSlots(text: AnalyzedText, kind: 'place' | 'material'): Slot[] {
  const out: Slot[] = [];
  const verbs = kind === 'material' ? EN_MADE : EN_PLACE_VERBS;
  const preps = kind === 'place' ? EN_PLACE_PREP : EN_MADE_PREP;
  for (const [i, tok] of text.tokens.entries()) {
    const isVerb = verbs.has(tok.text) || (kind === 'place' && EN_BE.has(tok.text));
    if (tok.hangul || tok.unspaced || !isVerb) continue;
    let j = i + 1;
    if (!preps.has(text.tokens[j]?.text ?? '') && kind === 'place' && !EN_BE.has(tok.text)) j++;
    const prep = text.tokens[j];
    if (!prep || prep.sentence !== tok.sentence || !preps.has(prep.text)) continue;
    if (prep.text === 'out' && text.tokens[j + 1]?.text === 'of') j++;
    const words: Token[] = [];
    for (let k = j + 1; k < text.tokens.length && words.length < 5; k++) {
      const t = text.tokens[k]!;
      const prev = text.tokens[k - 1]!;
      if (t.sentence !== tok.sentence || (words.length > 0 && gapBreaks(text, prev, t))) break;
      if (ARTICLES.has(t.text)) {
        if (words.length === 0 || t.text === 'of') continue;
        break;
      }
      if (t.stop || t.inQuantity || t.negation) break;
      if (kind === 'place' && !capitalised(text, t)) break;
      words.push(t);
    }
    if (words.length)
      out.push({ words, at: i, located: kind === 'place' && !EN_KEPT.has(tok.text), be: EN_BE.has(tok.text) });
  }
  return out;
}

/** Korean: the noun before the predicate, with its particle (국립박물관에 소장, 현무암으로 만든). */
function koreanSlots(text: AnalyzedText, kind: 'place' | 'material', side: 'check' | 'answer'): Slot[] {
  const out: Slot[] = [];
  const verb = kind === 'material' ? KO_MADE : side === 'check' ? KO_LOCATED : KO_KEPT;
  const particle = kind === 'place' ? KO_AT : KO_WITH;
  for (const [i, tok] of text.tokens.entries()) {
    const located = kind === 'place' && !verb.test(tok.text) && KO_BEING.test(tok.text);
    if (!tok.hangul || !(verb.test(tok.text) || located)) continue;
    for (const d of [1, 2]) {
      const noun = text.tokens[i - d];
      if (!noun?.hangul || noun.sentence !== tok.sentence || noun.stop) continue;
      if (particle.test(noun.text)) {
        out.push({ words: [noun], at: i - d, located });
        break;
      }
    }
  }
  return out;
}

const slotsOf = (text: AnalyzedText, kind: 'place' | 'material') => [
  ...englishSlots(text, kind),
  ...koreanSlots(text, kind, 'check'),
];
const answerSlotsOf = (text: AnalyzedText, kind: 'place' | 'material') => [
  ...englishSlots(text, kind),
  ...koreanSlots(text, kind, 'answer'),
];
/** Every form of a slot's words, Korean particles of means taken off. */
const formsOf = (words: readonly Token[]) => words.flatMap((w) => [...w.forms, bare(w)]);
/** A place as written, without a Korean particle (서울에 → 서울). */
const placeName = (text: AnalyzedText, words: readonly Token[]) => shown(text, words).replace(KO_AT, '');
/** A Korean noun without the particle of means (돌로 → 돌). */
const bare = (w: Token) => w.text.replace(KO_WITH, '');

/** Korean connective endings that close a clause: 이고, 했으며, 크지만, 있는데. */
const KO_CLAUSE_END = /.(?:이고|되고|았고|었고|였고|했고|이며|되며|으며|하며|지만|는데|은데|으나|면서)$/u;

/** Pronouns that stand for the subject at the start of a sentence. */
const EN_PRONOUNS = new Set(['it', 'its', 'they', 'this', 'these']);

/** The words before the slot in its sentence name the subject (it, the painting, 이 작품은) or nothing else. */
function aboutSubject(ctx: SlotContext, slot: Slot): boolean {
  const s = ctx.answer.tokens[slot.at]?.sentence;
  // 서울 중구에 있는 창덕궁: a Korean verb before a noun describes that noun.
  const verb = ctx.answer.tokens[slot.at + 1];
  const head = ctx.answer.tokens[slot.at + 2];
  if (
    verb?.hangul &&
    /[는은한던]$/u.test(verb.text) &&
    head !== undefined &&
    head.sentence === s &&
    head.forms.some((f) => ctx.subjectKeys.has(f))
  )
    return true;
  // A Korean clause before it says something else of the same topic: 둘레는 약 3km이고, 흙으로 쌓았다.
  // An English clause of its own too: "…to celebrate the new century, and it was designed by …".
  const clause = clauseIds(ctx.answer);
  const opensAt = (t: Token) => {
    if (t.hangul) return KO_CLAUSE_END.test(t.text);
    const prev = ctx.answer.tokens[t.index - 1];
    const comma = prev !== undefined && /,\s*$/u.test(ctx.answer.norm.text.slice(prev.end, t.start));
    return clause[t.index] !== clause[slot.at] || (comma && (t.text === 'and' || t.text === 'but'));
  };
  let opens = ctx.answer.tokens.findLastIndex((t) => t.sentence === s && t.index < slot.at && opensAt(t));
  // "The pedestal was built in New York, and it is made of granite": the pronoun may be the
  // pedestal; it stands for the subject only when the sentence opens with it or the subject's name.
  const reopened = ctx.answer.tokens[opens + 1];
  if (opens >= 0 && !ctx.answer.tokens[opens]?.hangul && EN_PRONOUNS.has(reopened?.text ?? '')) {
    const first = ctx.answer.tokens.find((t) => t.sentence === s && !ARTICLES.has(t.text));
    const namesSubject = first && (EN_PRONOUNS.has(first.text) || first.forms.some((f) => ctx.subjectKeys.has(f)));
    if (first && first.index < opens && !namesSubject) opens = -1;
  }
  const before = ctx.answer.tokens.filter(
    (t) => t.sentence === s && t.index < slot.at && t.index > opens && !t.stop && !t.inQuantity,
  );
  return before.every(
    (t) => t.negation === false && t.forms.some((f) => ctx.subjectKeys.has(f) || ctx.termForms.has(f)),
  );
}

/** How near its deed's verb a maker's name says it did the deed ("designed by the engineer Gustave Eiffel"). */
const MAKER_REACH = 5;

/**
 * The answer names the check's maker with the check's deed: near a form of its verb or of one of
 * the same event ("Eiffel designed it", "designed by Eiffel", "Eiffel's company built"), not only
 * elsewhere ("The sculptor was Gustave Eiffel, and the frame was designed by Bartholdi").
 */
function makerOfDeed(ctx: SlotContext, key: string, verb: Token): boolean {
  const { answer } = ctx;
  const deed = (t: Token) =>
    t.forms.some((f) => verb.forms.includes(f)) || sameEvent(predicateGroup(t, false), predicateGroup(verb, false));
  return (answer.formIndex.get(key) ?? []).some((p) =>
    answer.tokens.some(
      (t) => t.sentence === answer.tokens[p]?.sentence && Math.abs(t.index - p) <= MAKER_REACH && deed(t),
    ),
  );
}

/**
 * The check's filler is stated with its claim: in a sentence that holds all its words and another
 * word of the check ("made of copper sheets"), not only elsewhere ("The copper skin was cast in
 * a foundry … The statue is made of bronze" for "made of copper").
 */
function statedWithClaim(ctx: SlotContext, keys: readonly string[]): boolean {
  if (keys.length === 0) return false;
  const sentencesOf = (k: string) =>
    new Set((ctx.answer.formIndex.get(k) ?? []).map((p) => ctx.answer.tokens[p]?.sentence));
  const [first, ...rest] = keys.map(sentencesOf);
  const together = [...(first ?? [])].filter((s) => rest.every((r) => r.has(s)));
  if (together.length === 0) return false;
  const own = new Set(keys);
  const claimWords = [...ctx.termForms].filter((f) => !own.has(f) && !ctx.subjectKeys.has(f));
  // A check of nothing but its filler ("in Paris") is stated wherever the filler is.
  if (claimWords.length === 0) return true;
  return together.some((s) =>
    claimWords.some((f) => (ctx.answer.formIndex.get(f) ?? []).some((p) => ctx.answer.tokens[p]?.sentence === s)),
  );
}

/** The filler's match keys: a Korean noun without its particle, an English word's stem. */
const keysOf = (words: readonly Token[]) =>
  words.flatMap((w) => (w.hangul && w.forms.length > 1 ? w.forms.slice(1) : w.forms));

/** The words as the text writes them. */
function shown(text: AnalyzedText, words: readonly Token[]): string {
  const first = words[0];
  const last = words[words.length - 1];
  if (!first || !last) return '';
  return text.original.slice(text.norm.offsets[first.start] ?? 0, text.norm.offsets[last.end] ?? undefined).trim();
}

/**
 * The check's filler is stated when all its words are in the answer (the British Library, not
 * just a library); an answer filler about the subject that names something else (a word the
 * check's fillers lack, and not all of one of them) contradicts it.
 */
function fillerConflict(ctx: SlotContext, kind: 'place' | 'material'): SlotConflict | null {
  const want = slotsOf(ctx.check, kind).map((s) => ({ slot: s, keys: keysOf(s.words) }));
  if (want.length === 0) return null;
  if (want.some((w) => statedWithClaim(ctx, w.keys))) return null;
  const wantKeys = new Set(want.flatMap((w) => w.keys));
  for (const slot of answerSlotsOf(ctx.answer, kind)) {
    const keys = keysOf(slot.words);
    if (!keys.some((k) => !wantKeys.has(k))) continue;
    if (kind === 'material') {
      // "Made of granite" may be the check's stone; "made of wood" is not its metal.
      const relations = want.map((w) => materialRelation(formsOf(w.slot.words), formsOf(slot.words)));
      if (relations.includes('same')) continue;
      if (!relations.includes('other') && formsOf(slot.words).some((f) => GENERAL_MATERIAL.has(f))) continue;
    }
    if (want.some((w) => w.keys.every((k) => keys.includes(k)))) continue;
    if (kind === 'place' && keys.every((k) => namedByCheck(ctx.check, k))) continue;
    if (negatedNear(ctx.answer, slot.at) || !aboutSubject(ctx, slot)) continue;
    const expected = want[0]?.slot.words ?? [];
    const [a, b] = [placeName(ctx.check, expected), placeName(ctx.answer, slot.words)];
    if ((slot.located && !sameLevel(a, b, slot.be)) || sameCountry(a, b)) continue;
    // "located in Paris" and "housed in the Louvre Museum": a site may be inside the check's town.
    if (want[0]?.slot.located && placeLevel(b) === 'site' && placeLevel(a) !== 'site') continue;
    return { slot: kind, expected: shown(ctx.check, expected), stated: shown(ctx.answer, slot.words) };
  }
  return null;
}

/**
 * The check names the answer's place itself, at another level: "경기도 광주시 남한산에 있는" is
 * met by 광주에 있는 as far as the place goes, since the check places it in 광주 too.
 */
function namedByCheck(check: AnalyzedText, key: string): boolean {
  const bareKey = withoutKoreanLevel(key);
  return check.tokens.some((t) => t.forms.some((f) => f === key || withoutKoreanLevel(f) === bareKey));
}

// ---- agent: who did it ----

/** Name particles written in lower case inside a name: Vincent van Gogh, Leonardo da Vinci. */
const NAME_PARTICLES = new Set(['van', 'von', 'de', 'da', 'di', 'der', 'den', 'del', 'la', 'le', 'du', 'bin', 'ibn']);

/** Who a maker was, written before the name. */
const TITLES = new Set(
  'engineer architect painter artist sculptor designer builder inventor architects engineers king queen emperor'.split(
    ' ',
  ),
);

/** "painted by Vincent van Gogh": the verb before "by" and the capitalised name after it. */
function agentSlots(text: AnalyzedText): { verb: Token; words: Token[]; at: number }[] {
  const out: { verb: Token; words: Token[]; at: number }[] = [];
  for (const [i, tok] of text.tokens.entries()) {
    if (tok.text !== 'by' || tok.hangul || tok.unspaced) continue;
    const verb = text.tokens[i - 1];
    if (!verb || verb.sentence !== tok.sentence || verb.stop || verb.inQuantity) continue;
    const words: Token[] = [];
    for (let k = i + 1; k < text.tokens.length && words.length < 5; k++) {
      const t = text.tokens[k]!;
      if (t.sentence !== tok.sentence || (words.length > 0 && gapBreaks(text, text.tokens[k - 1]!, t))) break;
      if (words.length === 0 && ARTICLES.has(t.text)) continue;
      // "by the French engineer Maurice Koechlin": the title (and a nationality before it) is not the name.
      if (TITLES.has(t.text)) {
        words.length = 0;
        continue;
      }
      if (!capitalised(text, t) && !(words.length > 0 && NAME_PARTICLES.has(t.text))) break;
      words.push(t);
    }
    while (words.length && NAME_PARTICLES.has(words[words.length - 1]!.text)) words.pop();
    if (words.length) out.push({ verb, words, at: i - 1 });
  }
  return out;
}

/** The forms of a check's words from "by" to the end of its clause (a comma, a semicolon, a colon). */
function agentPhraseForms(check: AnalyzedText, by: number): Set<string> {
  const out = new Set<string>();
  for (let k = by + 1; k < check.tokens.length; k++) {
    const t = check.tokens[k]!;
    if (t.sentence !== check.tokens[by]?.sentence || gapBreaks(check, check.tokens[k - 1]!, t)) break;
    for (const f of t.forms) out.add(f);
  }
  return out;
}

/** Words between a maker's name and its verb: "Thomas Telford, who designed it". */
const NAME_TO_VERB = new Set(['who', 'which', 'that', 'also', 'first', 'himself', 'herself', 'had', 'has', 'have']);

/**
 * "Thomas Telford designed the lighthouse": the capitalised name right before a verb of the
 * check's deed, with a relative pronoun or an auxiliary between at most.
 */
function nameBeforeVerb(
  text: AnalyzedText,
  isDeed: (t: Token) => boolean,
): { verb: Token; words: Token[]; at: number; opensSentence: boolean }[] {
  const out: { verb: Token; words: Token[]; at: number; opensSentence: boolean }[] = [];
  for (const [i, verb] of text.tokens.entries()) {
    if (verb.hangul || verb.unspaced || !isDeed(verb)) continue;
    let k = i - 1;
    while (k >= 0 && text.tokens[k]?.sentence === verb.sentence && NAME_TO_VERB.has(text.tokens[k]?.text ?? '')) k--;
    const words: Token[] = [];
    for (; k >= 0 && words.length < 5; k--) {
      const t = text.tokens[k]!;
      if (t.sentence !== verb.sentence || t.stop || t.inQuantity) break;
      if (gapBreaks(text, t, text.tokens[k + 1]!) && words.length > 0) break;
      if (!capitalised(text, t) && !(words.length > 0 && NAME_PARTICLES.has(t.text))) break;
      words.unshift(t);
    }
    while (words.length && NAME_PARTICLES.has(words[0]!.text)) words.shift();
    // One word opening its sentence may have its capital for another reason ("Construction
    // began"): it is marked, and `agentConflict` takes it only when the deed is done to the subject.
    const first = words[0];
    const starts =
      first !== undefined && !text.tokens.some((o) => o.sentence === first.sentence && o.index < first.index);
    if (words.length >= 1) out.push({ verb, words, at: i, opensSentence: words.length === 1 && starts });
  }
  return out;
}

/**
 * The deed's object after the verb is another thing: "Philip Johnson designed the nearby
 * museum" names the museum's maker, not the subject's. "designed it", "designed the arch" and a
 * verb with no object keep the subject.
 */
function otherObject(ctx: SlotContext, verbAt: number): boolean {
  const verb = ctx.answer.tokens[verbAt];
  for (let k = verbAt + 1; k < ctx.answer.tokens.length; k++) {
    const t = ctx.answer.tokens[k]!;
    if (t.sentence !== verb?.sentence || gapBreaks(ctx.answer, ctx.answer.tokens[k - 1]!, t)) return false;
    if (ARTICLES.has(t.text)) continue;
    if (t.stop || t.inQuantity) return false;
    // The object phrase: its words up to the first that names the subject.
    for (let j = k; j < ctx.answer.tokens.length && j < k + 4; j++) {
      const w = ctx.answer.tokens[j]!;
      if (w.sentence !== verb.sentence || w.stop || w.inQuantity) break;
      if (w.forms.some((f) => ctx.subjectKeys.has(f) || ctx.termForms.has(f))) return false;
    }
    return true;
  }
  return false;
}

/** The words right after the verb (past an article) name the subject: "painted the Mona Lisa". */
function objectIsSubject(ctx: SlotContext, verbAt: number): boolean {
  const verb = ctx.answer.tokens[verbAt];
  let k = verbAt + 1;
  while (ARTICLES.has(ctx.answer.tokens[k]?.text ?? '')) k++;
  const t = ctx.answer.tokens[k];
  return (
    t !== undefined &&
    t.sentence === verb?.sentence &&
    !t.stop &&
    t.forms.some((f) => ctx.subjectKeys.has(f) || ctx.termForms.has(f))
  );
}

/**
 * Another maker for the same deed: "designed by Gustave Eiffel" or "Gustave Eiffel designed it"
 * against "designed by Maurice Koechlin", when the answer names the check's maker with that deed
 * nowhere.
 * English only.
 */
function agentConflict(ctx: SlotContext): SlotConflict | null {
  const want = agentSlots(ctx.check).map((s) => ({ ...s, keys: keysOf(s.words) }));
  if (want.length === 0 || want.some((w) => w.keys.some((k) => makerOfDeed(ctx, k, w.verb)))) return null;
  for (const slot of agentSlots(ctx.answer)) {
    const w = want.find((x) => x.verb.forms.some((f) => slot.verb.forms.includes(f)));
    if (!w || negatedNear(ctx.answer, slot.at) || !aboutSubject(ctx, { words: slot.words, at: slot.at })) continue;
    // A maker the check names in its own phrase ("by Nintendo's R&D1 team led by Gunpei Yokoi") is the
    // check's maker; one it names in another clause (", with General Motors supplying the wheels") is not.
    const phrase = agentPhraseForms(ctx.check, w.at + 1);
    if (keysOf(slot.words).every((k) => phrase.has(k))) continue;
    return { slot: 'agent', expected: shown(ctx.check, w.words), stated: shown(ctx.answer, slot.words) };
  }
  // The same deed in another form of its verb: "wrote" for "written by".
  const sameDeed = (a: Token, b: Token) =>
    a.forms.some((f) => b.forms.includes(f)) || sameEvent(predicateGroup(a, false), predicateGroup(b, false));
  for (const slot of nameBeforeVerb(ctx.answer, (t) => want.some((w) => sameDeed(w.verb, t)))) {
    const w = want.find((x) => sameDeed(x.verb, slot.verb));
    const keys = keysOf(slot.words);
    // The name is the subject's or the check's own words ("The Lighthouse Trust designed …"): no maker.
    if (!w || keys.some((k) => ctx.subjectKeys.has(k) || ctx.termForms.has(k))) continue;
    if (negatedNear(ctx.answer, slot.at) || otherObject(ctx, slot.at)) continue;
    // One capitalised word opening the sentence is a name only when the deed's object is the
    // subject ("Michelangelo painted the Mona Lisa"); "Construction began", "Workers built it" are none.
    if (slot.opensSentence && (/s$/u.test(slot.words[0]!.text) || !objectIsSubject(ctx, slot.at))) continue;
    return { slot: 'agent', expected: shown(ctx.check, w.words), stated: shown(ctx.answer, slot.words) };
  }
  return null;
}

// ---- kind: an ordinary thing for a special one ----

// 보통 alone is mostly the adverb "usually" (보통 판자를 격파한다): only 보통의 names an ordinary thing.
const ORDINARY = new Set(
  `regular ordinary normal standard conventional household domestic everyday plain 일반 보통의 가정용 일반적인 평범한`.split(
    /\s+/,
  ),
);

function kindConflict(ctx: SlotContext): SlotConflict | null {
  const { check, answer } = ctx;
  for (const [i, head] of check.tokens.entries()) {
    if (head.stop || head.inQuantity || head.paren || i === 0) continue;
    const modifiers: Token[] = [];
    for (let k = i - 1; k >= 0; k--) {
      const t = check.tokens[k]!;
      if (t.sentence !== head.sentence || t.stop || t.inQuantity || t.negation || ORDINARY.has(t.text)) break;
      // A Korean word with a particle (밥은) is an argument, not a modifier of the next noun.
      if (t.hangul && t.forms[0] !== t.forms[t.forms.length - 1]) break;
      if (gapBreaks(check, t, check.tokens[k + 1]!)) break;
      modifiers.unshift(t);
    }
    if (modifiers.length === 0 || inAnswer(answer, keysOf(modifiers))) continue;
    for (const f of head.forms) {
      for (const at of answer.formIndex.get(f) ?? []) {
        const prev = answer.tokens[at - 1];
        if (!prev || prev.sentence !== answer.tokens[at]?.sentence || !ORDINARY.has(prev.text)) continue;
        if (negatedNear(answer, at)) continue;
        const said = answer.tokens[at];
        return {
          slot: 'kind',
          expected: shown(check, [...modifiers, head]),
          stated: said ? shown(answer, [prev, said]) : prev.text,
        };
      }
    }
  }
  return null;
}

/** The words of a phrase from its first to its last token. */
const spanOf = (text: AnalyzedText, r: { from: number; to: number }) =>
  shown(text, text.tokens.slice(r.from, r.to + 1));

/** Fact and step checks: every slot; aspects and insights: qualities and comparisons only. */
export function slotConflict(ctx: SlotContext, claimAboutSubject: boolean): SlotConflict | null {
  if (ctx.check.tokens.some((t) => negates(ctx.check, t.index))) return null;
  const same = deniedDifference(ctx.check, ctx.answer, ctx.coverage, ctx.subjectKeys);
  if (same) return { slot: 'likeness', expected: 'a difference', stated: same };
  const turned = comparisonConflict(ctx.check, ctx.answer);
  if (turned)
    return {
      slot: 'comparison',
      expected: spanOf(ctx.check, turned.expected),
      stated: `${spanOf(ctx.answer, turned.stated)}, turned round`,
    };
  const quality = qualityConflict(ctx);
  if (quality || !claimAboutSubject) return quality;
  const named = otherName(ctx.check, ctx.answer, ctx.subjectKeys);
  if (named) return { slot: 'name', ...named };
  const order = orderConflict(ctx.check, ctx.answer, ctx.coverage);
  if (order) return { slot: 'order', ...order };
  const ranked = rankConflict(ctx.check, ctx.answer, aboutSentences(ctx.coverage, ctx.answer));
  if (ranked)
    return { slot: 'rank', expected: spanOf(ctx.check, ranked.expected), stated: spanOf(ctx.answer, ranked.stated) };
  return (
    fillerConflict(ctx, 'place') ??
    fillerConflict(ctx, 'material') ??
    agentConflict(ctx) ??
    koreanAgentConflict(ctx) ??
    agentNounConflict(ctx) ??
    kindConflict(ctx) ??
    frameConflict(ctx)
  );
}

export type { AntonymPair };
