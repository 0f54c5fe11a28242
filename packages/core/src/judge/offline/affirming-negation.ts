/**
 * Negation cues that affirm: "never skip the basil", "you cannot make it without basil",
 * "not completed until 1889", 빼놓을 수 없는 재료, 없어서는 안 될, 틀림없이. A cue next to a key
 * term negates it only when it is none of these.
 */
import type { AnalyzedText } from '../../text/analyze-text.js';
import type { Token } from '../../text/token.js';
import { oppositesOf, sideHas } from './antonyms.js';
import { compareQuantities } from './quantity-compare.js';
import { boundOf, tokenAt } from './value-shapes.js';

/** English verbs of leaving out: negating them affirms what they would leave out. */
const EN_LEAVE_OUT = new Set(
  `skip skips skipped skipping forget forgets forgot forgotten forgetting omit omits omitted omitting
  miss misses missed missing lack lacks lacked lacking neglect neglects neglected fail fails failed
  overlook overlooks overlooked ignore ignores ignored exclude excludes excluded doubt doubts doubted
  underestimate underestimated`.split(/\s+/),
);

/** Words that make a cue an idiom of affirmation: "no doubt", "not surprisingly", "nothing but". */
const EN_IDIOM_NEXT: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  [
    'not',
    new Set([
      'only',
      'just',
      'merely',
      'surprisingly',
      'least',
      'unlike',
      'uncommon',
      'unusual',
      'everyone',
      'everybody',
      'all',
      'always',
      'necessarily',
    ]),
  ],
  ['no', new Set(['doubt', 'wonder', 'matter'])],
  ['without', new Set(['doubt', 'fail', 'exception'])],
]);

/** Negations of a noun or a clause, not of a verb: "no cheese", "neither … nor". */
const VERBLESS = new Set(['no', 'nor', 'neither', 'without']);
/** Pronouns of negation that pair with "without" like a verb's negation: "none of it works without basil". */
const NEGATIVE_PRONOUNS = new Set(['none', 'nothing', 'nobody', 'noone']);

/** "not … until 1889" says when, not whether; "does not close unless two hairs are touched" says on what condition. */
const UNTIL = new Set(['until', 'till', 'unless']);

/** Korean words with 없 that are adverbs of certainty or constancy, not negations (틀림없이, 끊임없이). */
const KO_LEXICAL =
  /^(?:틀림|끊임|어김|빠짐|거침|아낌|여지|상관|관계|변함|다름|손색|한|쉴새|더할나위|문제|부족함|흠)없/u;
/** 못지않게 (no less than), 마지않는 (cannot but): affirming words built on 않. */
const KO_NO_LESS = /^(?:못지않|마지않)/u;
/** A word ending in 뿐만 / 뿐 / 만이 before 아니라: "not only". */
const KO_NOT_ONLY = /(?:뿐만|뿐|만이|만은)$/u;

/** Korean verbs of leaving out (빼놓다, 빠뜨리다, 잊다, 생략하다, 놓치다, 거르다). */
const KO_LEAVE_OUT = /^(?:빼|빠뜨|빠지|빠질|빠져|빠짐|잊|생략|제외|놓치|놓칠|거르|거를)/u;
/** A negation in a condition: 없으면, 없어서는, 않으면, 빼면 … followed by 안 된다. */
const KO_CONDITION = /(?:면|서는|고서는|서야|고는)$/u;
const KO_NEGATION_START = /^(?:안|않|없|아니|못)/u;
/** Adverbs of degree between a noun and 없다: 전혀, 거의, 하나도. */
const KO_DEGREE = new Set(['전혀', '거의', '별로', '아무', '아무런', '조금도', '하나도', '더']);
/** Words of too much: a negation with them denies the excess ("not too long", 너무 오래 … 않도록). */
const EXCESS = new Set(['too', 'overly', 'excessively', '너무', '지나치게', '과하게', '과도하게']);
/** "X 같은 것을 … 필요는 없다": the words that make X an example of what is not needed. */
const KO_LIKE = new Set(['같은', '것을', '것은', '것도', '등을', '따위를']);
/** A Korean verb in its future adnominal form (넣을, 박을, 쓸): the last syllable ends in ㄹ. */
const adnominalFuture = (w: string) => {
  const code = w.codePointAt(w.length - 1) ?? 0;
  return code >= 0xac00 && code <= 0xd7a3 && (code - 0xac00) % 28 === 8;
};
/** 꼭, 반드시 before "no need": not necessarily, a hedge rather than a denial. */
const KO_NECESSARILY = new Set(['꼭', '반드시', '굳이']);
/** 필요 before 없다, and the auxiliaries between it and the verb (재워 둘 필요가 없다). */
const KO_NO_NEED = /^(?:필요(?:가|는|도)?|둘|놓을|줄|따로|미리)$/u;

const sameSentence = (a: Token | undefined, b: Token | undefined): a is Token =>
  a !== undefined && b !== undefined && a.sentence === b.sentence;

/** "no structure was taller than it", "nothing is more typical than": a superlative, not a denial. */
const EN_NONE = new Set(['no', 'none', 'nothing', 'nobody', 'never']);

function englishAffirms(tokens: readonly Token[], i: number, cue: Token): boolean {
  const next = tokens[i + 1];
  if (sameSentence(next, cue) && EN_IDIOM_NEXT.get(cue.text)?.has(next.text)) return true;
  // "more than 100 workers" is a bound on a value, not a comparison with the subject.
  const comparison = (t: Token) => t.text === 'than' && !tokens[t.index + 1]?.inQuantity;
  if (EN_NONE.has(cue.text) && tokens.slice(i + 1, i + 9).some((t) => sameSentence(t, cue) && comparison(t)))
    return true;
  for (let j = i + 1; j <= i + 3; j++) {
    const t = tokens[j];
    if (!sameSentence(t, cue)) break;
    if (j <= i + 2 && EN_LEAVE_OUT.has(t.text)) return true;
    if (UNTIL.has(t.text) && cue.text !== 'without') return true;
  }
  // A verb's negation, then "without": "cannot make it without basil" (not "no cheese and without basil").
  const verbal = (t: Token | undefined) =>
    sameSentence(t, cue) && ((t.negation && !VERBLESS.has(t.text) && !t.replaces) || NEGATIVE_PRONOUNS.has(t.text));
  const without = (t: Token | undefined) => sameSentence(t, cue) && t.text === 'without';
  for (let d = 1; d <= 6; d++) {
    if (cue.text === 'without' ? verbal(tokens[i - d]) : verbal(cue) && without(tokens[i + d])) return true;
  }
  return false;
}

/** A Korean word compared with: 명정전보다, 그보다. */
const KO_THAN = /\p{Script=Hangul}보다$/u;

function koreanAffirms(tokens: readonly Token[], i: number, cue: Token): boolean {
  if (KO_LEXICAL.test(cue.text) || KO_NO_LESS.test(cue.text)) return true;
  const prev = tokens[i - 1];
  const prev2 = tokens[i - 2];
  // 배추뿐만 아니라 (not only), 넣을 수밖에 없다 (cannot but), 적지 않다 (not few).
  if (sameSentence(prev, cue) && (KO_NOT_ONLY.test(prev.text) || prev.text.endsWith('밖에') || prev.text === '적지'))
    return true;
  // 다름 아닌, 다름 아니라: "none other than".
  if (sameSentence(prev, cue) && /^다름(?:이|은)?$/u.test(prev.text) && /^아[니닌닙]/u.test(cue.text)) return true;
  // 빼놓을 수 없는, 잊지 않는다, 빠뜨리면 안 된다: leaving out is what is negated.
  if (sameSentence(prev, cue) && KO_LEAVE_OUT.test(prev.text)) return true;
  if (sameSentence(prev2, cue) && prev?.text === '수' && (KO_LEAVE_OUT.test(prev2.text) || prev2.negation)) return true;
  // 없어서는 안 될, 넣지 않으면 안 된다: a negated condition, then a negation.
  if (KO_CONDITION.test(cue.text) && sameSentence(tokens[i + 1], cue) && KO_NEGATION_START.test(tokens[i + 1]!.text))
    return true;
  if (sameSentence(prev, cue) && prev.negation && KO_CONDITION.test(prev.text)) return true;
  // 인사 없이 시작하지 않는다, 소금 없이는 만들 수 없다: without it, never; either cue of the pair.
  const near = (d: number) => tokens[i + d];
  if (cue.text.startsWith('없이') && [1, 2, 3, 4].some((d) => sameSentence(near(d), cue) && near(d)!.negation))
    return true;
  if ([1, 2, 3, 4].some((d) => sameSentence(near(-d), cue) && near(-d)!.text.startsWith('없이'))) return true;
  // 명정전보다 나이 든 건물이 없다, 이보다 높은 탑은 없다: there being nothing more so than it is
  // its superlative (an existence denied, 없다; 무보다 배추로 만들지 않는다 stays a denial).
  const compared = [1, 2, 3, 4, 5].some((d) => sameSentence(near(-d), cue) && KO_THAN.test(near(-d)!.text));
  if (compared && cue.text.startsWith('없')) return true;
  // 않을 수 없다: the first of two.
  const next = tokens[i + 1];
  const next2 = tokens[i + 2];
  return next?.text === '수' && sameSentence(next2, cue) && next2.negation;
}

/** Whether the negation cue at token `i` affirms (or is no negation of the words near it). */
export function affirmingCue(text: AnalyzedText, i: number): boolean {
  const cue = text.tokens[i];
  if (!cue?.negation) return false;
  if (cue.hangul) return koreanAffirms(text.tokens, i, cue);
  if (cue.replaces) return false;
  if (cue.unspaced) return false;
  return englishAffirms(text.tokens, i, cue);
}

/** A negation cue that negates: a negation that is not one of the affirming kinds. */
export const negates = (text: AnalyzedText, i: number): boolean =>
  text.tokens[i]?.negation === true && !affirmingCue(text, i);

/** Verbs that pass a negation on to their object: "does not use basil", 젓갈을 넣지 않는다. */
const EN_PASS = new Set(
  `use uses used using add adds added adding include includes included including contain contains contained
  need needs needed require requires required have has had having put puts get gets got serve serves served
  top tops topped come comes came made make makes feature features featured involve involves involved eat eats
  ate eaten take takes took call calls called go goes went`.split(/\s+/),
);
const KO_PASS = /^(?:넣|쓰|써|사용|들어가|들어|들|포함|필요|있|곁들|얹|올리|올려|첨가|섞|먹|하|되|이)/u;
/** Cues that deny a noun phrase: a word of it the check lacks makes it another thing. */
const NOUN_NEGATIONS = new Set(['no', 'without', 'nor', 'neither']);
/** "no longer", "no more": adverbs of degree or time, not modifiers of a noun. */
const DEGREE = new Set(['longer', 'more', 'less', 'further', 'later', 'sooner', 'earlier']);
/** 없 written onto the word it denies (불편함없이, 필요없다), not a word of its own (없이, 없는). */
const KO_GLUED_WITHOUT = /^(?!없)\p{Script=Hangul}*[^지]없(?:이|는|다|고|어|음|으|었)/u;
/** A Korean word with 없 written onto it (불편함없이): a negation of the word itself. */
export const deniesItself = (t: Token): boolean => t.hangul && KO_GLUED_WITHOUT.test(t.text);
const EN_VERBAL = (t: Token) => t.text === 'not' || t.text === 'never' || t.text === 'cannot' || t.text.endsWith("n't");

/**
 * Whether a negation cue reaches a key term, or stops at another verb first: "did not cut the
 * cabbage" and 배추를 자르지 않고 deny the cutting, not the cabbage; "does not use basil" and
 * 젓갈을 넣지 않는다 deny the basil and the 젓갈. `hits`: positions of the check's key terms.
 */
export function reachesTerm(
  text: AnalyzedText,
  cueAt: number,
  termAt: number,
  hits: ReadonlySet<number>,
  subjectKeys: ReadonlySet<string> = new Set(),
): boolean {
  const cue = text.tokens[cueAt];
  if (!cue) return false;
  const blocks = (t: Token | undefined, pass: (t: Token) => boolean) =>
    t !== undefined && !hits.has(t.index) && !t.stop && !t.inQuantity && !pass(t);
  if (cue.hangul) {
    // An ending (않고, 않은, 없는) negates what comes before it: 맵지 않은 김치 is still 김치.
    if (cue.scope === 'both' && termAt > cueAt) return false;
    // 불편함없이, 필요없다: 없 written onto a word denies that word only.
    if (deniesItself(cue)) return termAt === cueAt;
    // 없이, 없는, 없다 deny the word right before them (소금 없이, 소금이 전혀 없는), not the topic
    // of the sentence: 태권도는 예외 없이 … denies the exception, not 태권도.
    if (cue.text.startsWith('없') && termAt < cueAt - 1) {
      const between = text.tokens.slice(termAt + 1, cueAt);
      // 재워 둘 필요가 없다, 따로 박을 필요는 없었다: no need to do it denies the doing; 꼭 넣을
      // 필요는 없다 (not necessarily) does not.
      const passes = (t: Token, k: number) =>
        KO_DEGREE.has(t.text) ||
        KO_NO_NEED.test(t.text) ||
        KO_LIKE.has(t.text) ||
        // 넣을 필요가 없다, 박을 필요는: the verb that 필요 is of.
        (KO_NO_NEED.test(between[k + 1]?.text ?? '') && adnominalFuture(t.text));
      if (!between.every(passes)) return false;
      const necessarily = text.tokens.slice(Math.max(0, termAt - 3), termAt).some((t) => KO_NECESSARILY.has(t.text));
      if (between.some((t) => KO_NO_NEED.test(t.text)) && necessarily) return false;
    }
    // 격파는 올림픽 종목이 아니다 denies its complement (an Olympic event), not the topic's place in
    // the subject: a complement denies that only when every noun in it names the subject, the
    // check's words or a part of a whole (태권도의 종목이 아니다, 들어가는 재료가 아니다).
    if (cue.text.startsWith('아니') && termAt < cueAt - 1) {
      const names = (t: Token) =>
        hits.has(t.index) || KO_DEGREE.has(t.text) || t.forms.some((f) => subjectKeys.has(f) || KO_PART_OF.has(f));
      const complement = text.tokens.slice(termAt + 1, cueAt).filter((t) => !t.stop && !t.inQuantity && !names(t));
      if (complement.some((t) => !koreanModifier(t))) return false;
    }
    const verb = text.tokens[cueAt - 1];
    return !(cueAt - 1 > termAt && verb?.text.endsWith('지') && blocks(verb, (t) => KO_PASS.test(t.text)));
  }
  if (cue.unspaced || termAt < cueAt) return true;
  const next = text.tokens.slice(cueAt + 1, termAt).find((t) => !t.stop && !t.inQuantity);
  if (!next) return true;
  // "no commercial yeast", "without fresh basil": the denied thing is a kind the check does not name.
  if (NOUN_NEGATIONS.has(cue.text) && next.index + 1 === termAt && !hits.has(next.index) && !DEGREE.has(next.text))
    return false;
  if (EN_VERBAL(cue)) return !blocks(next, (t) => EN_PASS.has(t.text));
  if (cue.text === 'without') return !(next.text.endsWith('ing') && blocks(next, (t) => EN_PASS.has(t.text)));
  return true;
}

/** A Korean verb or adjective before a noun (들어가는, 필요한, 쓰인): it describes the noun, it names nothing. */
const koreanModifier = (t: Token) =>
  /[는은한된던진운인쓴친든]$/u.test(t.text) && t.forms.some((f) => f.length < t.text.length);

/** Korean nouns of belonging to a whole: a complement of 아니다 made of them denies membership. */
const KO_PART_OF = new Set(['재료', '부분', '일부', '구성', '요소', '성분', '종류', '하나']);

/** Words of every case: a negation with one in its clause denies that all are, not that any is. */
const EN_ALL = new Set(['all', 'every', 'everyone', 'everybody', 'everything', 'always']);
const KO_ALL = new Set(['모든', '모두', '항상', '늘', '언제나', '전부', '누구나']);

/** Words of the top rank: a negation of one the check lacks denies the rank, not the quality. */
const RANK = new Set(
  'most least first only best worst largest biggest tallest highest oldest longest smallest greatest fastest 가장 제일 최고 최초 유일 최대'.split(
    ' ',
  ),
);

/** Words of some cases: a negation said of some (몇몇 도장은 … 보지 않는다) leaves the rule as it is. */
const EN_SOME = new Set(['some', 'certain', 'sometimes', 'occasionally', 'several', 'few']);
const KO_SOME = /^(?:일부|몇몇|어떤|어느|간혹|가끔|때로|때때로)/u;

/**
 * The clause denies the claim for the other side of the check's bound: "members under 18 cannot
 * vote" for "only members aged 18 or over can vote", 15세 미만은 검은 띠 대신 품띠를 받는다. That
 * affirms the check.
 */
function contraposed(check: AnalyzedText, answer: AnalyzedText, clause: readonly number[], cueAt: number): boolean {
  const at = clause[cueAt];
  const bounds = check.quantities.flatMap((l) => {
    const b = boundOf(check, l);
    return b ? [{ q: l.quantity, b }] : [];
  });
  if (!bounds.length) return false;
  return answer.quantities.some((l) => {
    if (clause[tokenAt(answer, l)] !== at) return false;
    const b = boundOf(answer, l);
    return b !== null && bounds.some((c) => c.b !== b && compareQuantities(c.q, l.quantity) === 'equal');
  });
}

/**
 * The negation at `cueAt` is said of some cases only: "some schools do not", 몇몇 도장은, 어떤
 * 집에서는 … 않고, or 넣지 않고 … 간하는 집도 있다 ("there are also houses that …").
 */
export function someCasesOnly(answer: AnalyzedText, clause: readonly number[], cueAt: number): boolean {
  const at = clause[cueAt];
  const inClause = answer.tokens.filter((t) => clause[t.index] === at);
  const before = inClause.filter((t) => t.index < cueAt);
  if (!answer.tokens[cueAt]?.hangul) return before.some((t) => EN_SOME.has(t.text));
  const alsoSome = inClause.some(
    (t, k) => t.index > cueAt && /.도$/u.test(t.text) && /^있/u.test(inClause[k + 1]?.text ?? ''),
  );
  return alsoSome || before.some((t) => t.hangul && KO_SOME.test(t.text));
}

/**
 * A negation that does not deny the check's claim in its clause: it denies the opposite ("did not
 * consider it a success" for a check that it was a failure), only that every case is so (모든
 * 왕이 근정전에서 즉위한 것은 아니지만, "not every king was crowned there"), or it is said of some
 * cases only ("some schools do not hold one", 어떤 집에서는 절이지 않고, 넣지 않는 집도 있다), or it denies a top rank the
 * check does not claim (가장 높은 단계가 아니라 for 높은 단계이다), or it is said of the other side of
 * the check's bound ("members under 18 cannot vote"), or it denies too much of it ("do not knead
 * it too long").
 */
export function negationSparesClaim(
  check: AnalyzedText,
  answer: AnalyzedText,
  clause: readonly number[],
  cueAt: number,
): boolean {
  const at = clause[cueAt];
  const inClause = answer.tokens.filter((t) => clause[t.index] === at);
  const opposites = oppositesOf(check.tokens);
  if (opposites.some((side) => inClause.some((t) => sideHas(side, t)))) return true;
  const cue = answer.tokens[cueAt];
  if (someCasesOnly(answer, clause, cueAt) || contraposed(check, answer, clause, cueAt)) return true;
  // "Do not knead it too long", 너무 오래 절이지 않도록: the excess is denied, not the doing.
  if (!check.tokens.some((t) => EXCESS.has(t.text)) && inClause.some((t) => EXCESS.has(t.text))) return true;
  // 가장 높은 단계가 아니라, "not the highest grade": the rank is denied, the check's 높은 단계 is not.
  const ranked = (t: { forms: readonly string[]; text: string }) =>
    RANK.has(t.text) || t.forms.some((f) => RANK.has(f));
  if (!check.tokens.some(ranked) && inClause.some((t) => ranked(t) && Math.abs(t.index - cueAt) <= 4)) return true;
  if (cue?.hangul) return /^(?:아니|않)/u.test(cue.text) && inClause.some((t) => KO_ALL.has(t.text));
  return inClause.some((t) => t.index < cueAt && EN_ALL.has(t.text));
}
