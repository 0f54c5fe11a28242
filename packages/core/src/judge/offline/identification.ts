/**
 * Identification checks ("Identifies the dish as a Neapolitan pizza margherita",
 * 음식을 배추김치로 식별한다): the check names an entity, so its name has to match whole, and an
 * answer that says what it shows ("This looks like the Tokyo Tower", 이 건물은 덕수궁으로
 * 보입니다) and names something else contradicts it.
 */
import { type AnalyzedText, analyzeText } from '../../text/analyze-text.js';
import { extractTerms, findTerm, type Term } from './find-term.js';

/** The verb of an identification check, per language; the check names what the answer must identify. */
const IDENTIFIES: readonly RegExp[] = [
  /\b(?:identif(?:y|ies|ied|ying)|recogni[sz](?:e|es|ed|ing))\b.*\bas\b/iu,
  /식별|알아본다|알아보고/u,
  /(?:と|であると)(?:特定|識別|同定|認識)/u,
  /识别|識別|认出|認出|辨认|辨認/u,
  /\b(?:identifica|reconoce)\b.*\bcomo\b/iu,
  /\b(?:identifie|reconnaît|reconnait)\b.*\bcomme\b/iu,
  /\b(?:identifiziert|erkennt)\b.*\bals\b/iu,
];

export function isIdentification(content: string): boolean {
  return IDENTIFIES.some((re) => re.test(content));
}

/** The name after the identification verb: "as (a|the) NAME", "NAME(으)로 식별", "为NAME", "como NAME" … */
const NAME_IN_CHECK: readonly RegExp[] = [
  /\bas\s+(?:an?\s+|the\s+)?(.+)$/iu,
  /(?:을|를)\s+(.+?)(?:으로|로)\s*(?:식별|알아)/u,
  /を(.+?)(?:と|であると)(?:特定|識別|同定|認識)/u,
  /(?:识别|識別|认出|認出|辨认|辨認)(?:为|為|是|出)?(.+)$/u,
  /\b(?:como|comme|als)\s+(?:una?\s+|el\s+|la\s+|le\s+|l'|une?\s+|die\s+|der\s+|das\s+|eine?\s+)?(.+)$/iu,
];

/** What an answer says it shows: "This is / looks like / appears to be Y", 이것은 Y입니다, X은 Y로 보입니다 … */
const NAME_IN_ANSWER: readonly RegExp[] = [
  /\b(?:this|it|that)(?:\s+\w+)?\s+(?:is|was|looks\s+like|appears\s+to\s+be|seems\s+to\s+be)\s+(?:probably\s+|likely\s+)?(?:an?\s+|the\s+)?(?:kind\s+of\s+|type\s+of\s+)?([^.;:!?()]+)/iu,
  // The last topic before the copula: 사진 속 사람들이 하는 운동은 태권도입니다.
  /^.*(?:이것은|이건|이는|[은는])\s+([^.?!]+?)(?:입니다|이다|예요|이에요|(?:으로|로)\s*보입니다|(?:으로|로)\s*보인다|인\s*것\s*같습니다)/u,
  /(?:これは|この\S{1,4}は)(.+?)(?:です|だ|である|のようです)/u,
  /(?:这是|這是|这个是|图中是)(.+?)(?:[。，,.]|$)/u,
  /\b(?:esto|este|esta|ceci|c'est|das\s+ist|dies\s+ist)\s+(?:es\s+)?(?:una?\s+|el\s+|la\s+|un\s+|une\s+|le\s+|la\s+|ein\s+|eine\s+|der\s+|die\s+|das\s+)?([^.;:!?()]+)/iu,
];

/** Where the name stops: a clause, a relative, a place or an attribution. */
const NAME_END = /\s*(?:[,;:(]|\s(?:in|on|at|from|with|which|that|who|near|en|dans|de|del|im|aus|und)\s).*$/iu;
/** Where a description turns into a comparison or a relative clause: "…, which resembles the Eiffel Tower". */
const COMPARISON =
  /(?:\s|,)\s*(?:which|that|who|whose|like|unlike|resembl\w*|similar|compared|than|not|rather|instead|와\s*비슷|처럼|닮은|아닌|대신)(?:\s|$).*$/isu;
const BY = /\s(?:by|de|par|von)\s+(.+)$/iu;

interface Named {
  /** The name's words. */
  readonly terms: readonly Term[];
  /** Who made it, when the name says ("by Vincent van Gogh"). */
  readonly by: readonly Term[];
  readonly display: string;
}

function named(raw: string): Named {
  const by = BY.exec(raw)?.[1] ?? '';
  let name = raw.replace(BY, '').replace(NAME_END, '').trim();
  // Korean: 서울의 경복궁, 한국의 김치, 서울에 있는 덕수궁: the head noun is the name.
  if (/[가-힣]/u.test(name))
    name = name
      .split(/\s+/u)
      .slice(lastModifierEnd(name.split(/\s+/u)))
      .join(' ');
  const text = analyzeText(name);
  return {
    terms: extractTerms(text),
    by: by ? extractTerms(analyzeText(by.replace(NAME_END, ''))) : [],
    display: name,
  };
}

/** Index after the last Korean modifier word (…의, …인, …있는, …한) in a noun phrase. */
function lastModifierEnd(words: readonly string[]): number {
  let cut = 0;
  for (const [i, w] of words.entries()) if (i < words.length - 1 && /(?:의|인|있는|한|된|던)$/u.test(w)) cut = i + 1;
  return cut;
}

const same = (a: Term, b: Term) => a.forms.some((f) => b.forms.includes(f));
/** `g` is the head of `t`: a compound ends with it (김치 of 배추김치), so `t` is a kind of `g`. */
const headOf = (g: Term, t: Term) => (g.hangul || g.unspaced) && t.key.length > g.key.length && t.key.endsWith(g.key);
/** Two different names with one head: 된장찌개 and 김치찌개, 덕수궁 and 경복궁. */
const sameHead = (a: Term, b: Term) =>
  (a.hangul || a.unspaced) &&
  a.key !== b.key &&
  a.key.slice(-1) === b.key.slice(-1) &&
  a.key.length > 1 &&
  b.key.length > 1;

/** Words that describe a thing rather than name another one: "the famous tower", 전통적인 궁. */
const DESCRIBING = new Set(
  `famous classic traditional typical iconic historic historical ancient old beautiful popular well known tall big
  large small great grand main local national original authentic real true simple common usual
  유명한 유명 전통 전통적인 대표적인 대표 오래된 아름다운 큰 작은 옛 고전적인 전형적인 흔한 인기`.split(/\s+/),
);
const describes = (t: Term) => t.forms.some((f) => DESCRIBING.has(f)) || DESCRIBING.has(t.display);

export interface IdentificationFinding {
  readonly verdict: 'meets' | 'contradicts' | 'partially_meets';
  readonly said: string;
}

/**
 * The answer's own identification against the check's: another entity contradicts; a more
 * general name of the same thing (a pizza for a pizza margherita, 김치 for 배추김치) is partial.
 * Null when the answer says nothing of the kind, says it in words the check shares, hedges
 * between alternatives ("maybe a KTX or a Shinkansen") or names only the kind of thing (a dish).
 */
export function judgeIdentification(
  content: string,
  answer: AnalyzedText,
  questionKeys: ReadonlySet<string>,
): IdentificationFinding | null {
  const raw = NAME_IN_CHECK.map((re) => re.exec(content)?.[1]).find((x) => x);
  if (!raw) return null;
  const want = named(raw.trim());
  if (want.terms.length === 0) return null;
  // An answer says what it shows at the start: its first two sentences.
  const opening = answer.sentences.slice(0, 2).map((s) => answer.original.slice(s.start, s.end));
  const said = opening.flatMap((o) => NAME_IN_ANSWER.map((re) => re.exec(o)?.[1])).find((x) => x);
  const got = said && !/\s(?:or|oder|ou|o)\s|또는|이나\s|或|か/u.test(said) ? named(said.trim()) : null;
  // Another maker: "a painting by Claude Monet" for "The Starry Night by Vincent van Gogh".
  if (got && want.by.length && got.by.length && !got.by.some((t) => want.by.some((w) => same(t, w))))
    return { verdict: 'contradicts', said: (said ?? '').trim() };
  if (!got || !said) return null;
  // What the answer says it is names the check's entity whole, maybe after a description ("the
  // famous iron tower in Paris, the Eiffel Tower"); a comparison that follows does not count.
  const stretch = analyzeText(said.replace(COMPARISON, ''));
  if (want.terms.every((t) => findTerm(t, stretch, true).length > 0)) return { verdict: 'meets', said: said.trim() };
  if (got.terms.length === 0) return null;
  if (got.terms.some((t) => t.forms.some((f) => questionKeys.has(f)))) return null;
  const shared = got.terms.filter((t) => want.terms.some((w) => same(t, w)));
  if (shared.length === want.terms.length) return null;
  const general = got.terms.every((t) => want.terms.some((w) => same(t, w) || headOf(t, w)));
  if (general) return { verdict: 'partially_meets', said: said.trim() };
  // Only describing words besides the shared ones ("the famous tower", 유명한 궁): a description, not another name.
  if (shared.length > 0 && got.terms.every((t) => shared.includes(t) || describes(t))) return null;
  const lastWanted = want.terms[want.terms.length - 1];
  const onlyHeadShared = shared.every((t) => lastWanted !== undefined && same(t, lastWanted));
  const spaced = !got.terms.some((t) => t.hangul || t.unspaced);
  if (spaced) {
    // English and the like: the same head with another modifier (Tokyo Tower, painted lady butterfly).
    // A name sharing nothing may be a description ("an early Japanese bullet train"): left alone.
    return onlyHeadShared && shared.length > 0 ? { verdict: 'contradicts', said: said.trim() } : null;
  }
  const head = got.terms[got.terms.length - 1];
  const other =
    head !== undefined &&
    !want.terms.some((w) => same(head, w) || headOf(head, w)) &&
    (shared.length === 0 || onlyHeadShared);
  return other || (head !== undefined && want.terms.some((w) => sameHead(head, w)))
    ? { verdict: 'contradicts', said: said.trim() }
    : null;
}
