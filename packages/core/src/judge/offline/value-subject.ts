/**
 * Whose event an answer value dates or measures. A value tied to the check's predicate says
 * something of the check's subject unless its clause is plainly about another thing: a thing
 * with a name of its own ("The nearby Old Courthouse was completed in 1862"), a part of the
 * subject ("Its visitor centre was finished in 1976", "the arch's tram"), a thing placed by the
 * subject ("the visitor centre beneath the arch"), or in Korean a compound built on the
 * subject's name (수원 화성 옆의 화성행궁은 1789년에 완공되었다). A clause with no subject of its
 * own ("and was completed in 1961"), a pronoun (it, 그것은), the subject's name, a common noun
 * ("the last trains were withdrawn") or a maker ("Sony began selling it") keeps the value: only
 * a plain other subject spares it, since a missed other subject costs a false contradiction and
 * a doubtful one costs a missed contradiction.
 */
import type { AnalyzedText } from '../../text/analyze-text.js';
import type { Token } from '../../text/token.js';
import { clauseIds } from './clauses.js';
import { termKey } from './find-term.js';

/** English prepositions that end a subject's head ("the visitor centre beneath the arch"). */
const EN_PREPS = new Set(
  'of in at on beneath under below above near beside inside next behind across around by for with from'.split(' '),
);
/** English auxiliaries and copulas between a subject and its verb. */
const EN_AUX = new Set(
  // Spanish, French and German auxiliaries too: "El cercano Palacio Postal fue terminado en 1907".
  'was were is are has have had been be being got fue fueron era fut furent été ont wurde wurden ist war'.split(' '),
);
/** Irregular English past forms of the lexicon's verbs: "the courthouse opened", "the hall was built". */
const EN_PAST = new Set('built won began begun rose made sold held wrote drew became went came'.split(' '));
/** Words after a verb that make it transitive: its subject is the maker, not the thing ("painted it"). */
const EN_OBJECTS = new Set(['it', 'them', 'the', 'a', 'an', 'its', 'this', 'that', 'these', 'those']);
/** Modifiers of a subject that set it beside the check's: "the nearby courthouse", "another bridge". */
const EN_BESIDE = new Set(
  'nearby neighbouring neighboring adjacent other another sister older newer earlier later cercano cercana vecino vecina otro otra voisin voisine autre benachbarte benachbarten andere'.split(
    ' ',
  ),
);
/** The Korean topic particle, and the subject particle of a passive verb (화성행궁이 완공되었다). */
const KO_TOPIC = /(?:은|는)$/u;
const KO_SUBJECT = /(?:이|가)$/u;
const KO_OBJECT = /(?:을|를)$/u;
const KO_PASSIVE = /(?:되|될|됐|된|졌|어지|아지|여지)/u;
/** Korean endings that close a clause before the value's: 쌓았고, 이며, 지만. */
const KO_CLAUSE_END = /.(?:이고|되고|았고|었고|였고|했고|이며|되며|으며|하며|지만|는데|은데|으나|면서|하여|되어)$/u;

export interface SubjectWords {
  /** Word forms naming the subject: the question's and the entity's. */
  readonly subjectKeys: ReadonlySet<string>;
  /** Word forms of the check's key terms. */
  readonly termForms: ReadonlySet<string>;
  /** Word forms of the entity's name alone (창덕궁), when the check has one. */
  readonly entityKeys?: ReadonlySet<string>;
}

const names = (t: Token, words: SubjectWords) =>
  t.forms.some((f) => words.subjectKeys.has(f) || words.termForms.has(f));

const originalOf = (text: AnalyzedText, t: Token) =>
  text.original.slice(text.norm.offsets[t.start] ?? 0, text.norm.offsets[t.end] ?? undefined);

const opensSentence = (text: AnalyzedText, t: Token) =>
  !text.tokens.some((o) => o.sentence === t.sentence && o.index < t.index);
const capitalisedAt = (text: AnalyzedText, t: Token) => {
  const first = originalOf(text, t)[0] ?? '';
  return first !== first.toLowerCase();
};

/**
 * A capitalised word not at its sentence's start: a name. At the start, a word the answer also
 * capitalises inside a sentence is one too ("… east of Gyeongbokgung. Gyeongbokgung was rebuilt").
 */
function named(text: AnalyzedText, t: Token): boolean {
  if (!capitalisedAt(text, t)) return false;
  if (!opensSentence(text, t)) return true;
  return text.tokens.some((o) => o.text === t.text && o !== t && !opensSentence(text, o) && capitalisedAt(text, o));
}

/** The English clause is plainly about another thing than the subject (see the module comment). */
function englishOther(text: AnalyzedText, p: number, words: SubjectWords): boolean {
  const clause = clauseIds(text);
  const tok = text.tokens[p];
  if (!tok) return false;
  // "Sony began selling the Walkman in 1980": the subject before a transitive verb is its maker.
  const after = text.tokens[p + 1];
  const object =
    after?.sentence === tok.sentence &&
    !/[,;:()]/.test(text.norm.text.slice(tok.end, after.start)) &&
    (EN_OBJECTS.has(after.text) || named(text, after));
  if (object) return false;
  let k = p - 1;
  while (k >= 0 && EN_AUX.has(text.tokens[k]?.text ?? '')) k--;
  // "received its new name in 2002": without an auxiliary or a past form the word may be a noun.
  if (k === p - 1 && !/(?:ed|en)$/u.test(tok.text) && !EN_PAST.has(tok.text)) return false;
  let head: Token[] = [];
  let placedBy = false;
  for (; k >= 0; k--) {
    const t = text.tokens[k]!;
    const next = text.tokens[k + 1]!;
    if (t.sentence !== tok.sentence || clause[k] !== clause[p]) break;
    if (/[,;:()]/.test(text.norm.text.slice(t.end, next.start))) break;
    // "stands in St. Louis and was completed in 1961": the verb shares the first one's subject.
    if (head.length === 0 && (t.text === 'and' || t.text === 'but')) return false;
    if (t.inQuantity) {
      // "In 1862 the Old Courthouse was completed": the value's own phrase is not the subject.
      if (EN_PREPS.has(text.tokens[k - 1]?.text ?? '')) k--;
      continue;
    }
    // "the visitor centre beneath the arch": the words after a preposition place the head.
    if (EN_PREPS.has(t.text)) {
      // "Construction of the arch finished": the subject's own event, or a part; kept either way.
      if (t.text === 'of' && head.some((w) => names(w, words))) return false;
      placedBy = head.some((w) => names(w, words));
      head = [];
      continue;
    }
    // "the arch's visitor centre", "its visitor centre": a part of the subject.
    if (head.length && (t.text === 'its' || (/['’]s$/u.test(originalOf(text, t)) && names(t, words)))) return true;
    // Some relatives are stop words ("son"): they still name the clause's subject.
    if (t.stop && !EN_KIN.has(t.text)) continue;
    head.unshift(t);
  }
  if (head.length === 0) return false;
  // "El cercano Palacio Postal", "the Gateway Arch Museum": beside the subject, or a name built on its own.
  if (head.some((t) => EN_BESIDE.has(t.text))) return true;
  if (head.some((t, i) => i > 0 && names(head[i - 1]!, words) && !names(t, words) && named(text, t))) return true;
  if (head.some((t) => names(t, words))) return false;
  return placedBy || head.some((t) => named(text, t) || EN_KIN.has(t.text));
}

/** A Korean stem made of the subject's words written together: 수원화성 for 수원 화성. */
function joinedKeys(stem: string, keys: ReadonlySet<string>): boolean {
  if (stem === '') return true;
  for (const k of keys) if (k.length >= 2 && stem.startsWith(k) && joinedKeys(stem.slice(k.length), keys)) return true;
  return false;
}

/**
 * The Korean topic is a compound on the subject's name that names another thing: compounds put
 * their head last, so 화성행궁 (the palace of 화성) is not 화성, while 김치 names 배추김치 more
 * generally and 수원화성 is 수원 화성 written together.
 */
function koreanOther(text: AnalyzedText, p: number, words: SubjectWords): boolean {
  const tok = text.tokens[p];
  if (!tok) return false;
  const labelled = words.subjectKeys.size > 0 && labelledStructure(text, tok, words);
  for (let k = p - 1; k >= 0; k--) {
    const t = text.tokens[k]!;
    if (t.sentence !== tok.sentence || KO_CLAUSE_END.test(t.text)) break;
    if (t.inQuantity || !t.hangul) continue;
    // 1412년에는 경회루를 크게 고쳐 지었다: what was built is another structure than the subject.
    const object = KO_OBJECT.test(t.text) && t.forms.length >= 2 ? (t.forms[t.forms.length - 1] ?? '') : '';
    if (object && words.subjectKeys.size > 0 && STRUCTURE.test(object) && !names(t, words)) return true;
    const topic = KO_TOPIC.test(t.text) || (KO_SUBJECT.test(t.text) && KO_PASSIVE.test(tok.text));
    if (!topic || t.forms.length < 2) continue;
    const stem = t.forms[t.forms.length - 1] ?? '';
    if (names(t, words) || joinedKeys(stem, words.subjectKeys)) return false;
    // 화성 옆의 팔달문은, 화성의 정문은: a thing beside the subject, or a part of it.
    const before = text.tokens[k - 1];
    const beside =
      before?.sentence === t.sentence &&
      (KO_BESIDE.test(before.text) || (before.text.endsWith('의') && names(before, words)));
    // 그의 아들 문종은, 왕비는: a relative of the subject is another person.
    const kin = KO_KIN.test(stem) || (before?.sentence === t.sentence && KO_KIN.test(before.text));
    return (
      beside ||
      kin ||
      (words.subjectKeys.size > 0 && STRUCTURE.test(stem)) ||
      sibling(stem, words.entityKeys) ||
      [...words.subjectKeys].some((key) => key.length >= 2 && stem.startsWith(key)) ||
      labelled
    );
  }
  return labelled;
}

/**
 * A line that opens with a structure's name and a colon is about that structure, every sentence
 * of it (- 인정전: 정전. 국가 의식이 치러졌다(현 건물은 1804년 재건)), when the name is not the
 * subject's or the check's.
 */
function labelledStructure(text: AnalyzedText, tok: Token, words: SubjectWords): boolean {
  const lineStart = text.norm.text.lastIndexOf('\n', tok.start) + 1;
  const first = text.tokens.find((t) => t.end > lineStart);
  if (!first || first.index > tok.index || !first.hangul) return false;
  const after = text.norm.text.slice(first.end, first.end + 2);
  return /^\s?:/u.test(after) && !names(first, words) && STRUCTURE.test(termKey(first));
}

/**
 * The name of a building, a gate or a hall (경회루, 근정전, 광화문, 석조전, 향원정): three syllables or
 * more ending in a word for a structure, as Korean names them. Said as the topic and named nowhere
 * in the check, the question or the entity (which must be known), it is another thing than the
 * subject (경회루는 1412년에 지어졌다 for 경복궁's 1395).
 */
const STRUCTURE = /^\p{Script=Hangul}{2,}(?:전|루|정|당|각|문|탑|교|관|궁|사|대|원)$/u;

/**
 * Another thing of the subject's kind, named on the same head: 경복궁 beside 창덕궁, 북한산성
 * beside 남한산성, 합기도 beside 태권도. Names of three syllables or more only, so a common noun
 * on the head (왕궁, 산성) still names the subject, and never a shorter name of the subject itself
 * (대장경 for 팔만대장경) or a longer one (수원화성 for 화성).
 */
function sibling(stem: string, entityKeys: ReadonlySet<string> | undefined): boolean {
  if (stem.length < 3 || !/^\p{Script=Hangul}+$/u.test(stem)) return false;
  for (const key of entityKeys ?? []) {
    if (key.length < 3 || key.endsWith(stem) || stem.endsWith(key)) continue;
    if (key.at(-1) === stem.at(-1) && key.slice(0, 2) !== stem.slice(0, 2)) return true;
  }
  return false;
}

/** Japanese and Chinese words that set a thing beside the subject: 隣の東京文化会館, 旁边的会议中心. */
const CJK_BESIDE = /^(?:隣|近く|隣接|向かい|周辺|旁边|附近|隔壁|对面|對面|旁邊|周边)/u;
/** Korean words that do the same: 화성 옆의 팔달문, 근처의, 인근. */
const KO_BESIDE = /^(?:옆|근처|인근|맞은편|주변|건너편)/u;
/** Relatives: "his son was born in 1414", 그의 아들은, 왕비는, 息子は, 儿子. They are other people. */
const EN_KIN = new Set(
  'son sons daughter daughters father mother brother brothers sister sisters wife husband widow grandson granddaughter nephew niece parents successor predecessor'.split(
    ' ',
  ),
);
const KO_KIN = /^(?:아들|딸|아버지|어머니|부친|모친|형|동생|아내|부인|남편|왕비|손자|손녀|후계자|조카)/u;
const CJK_KIN = /^(?:息子|娘|父|母|兄|弟|姉|妹|妻|夫|儿子|女儿|父亲|母亲|哥哥|弟弟|妻子|丈夫|孙子)/u;
/** The Japanese topic and subject particles, and the Chinese words that close a subject before its time. */
const CJK_TOPIC = new Set(['は', 'が', '于', '於', '在', '是']);

/**
 * Japanese and Chinese: the words before the topic particle (は, が) or before 于 / 在. Another
 * thing when they do not name the subject and set it beside it (隣の, 旁边的), or name a part
 * of it (東京タワーの展望台, 明珠塔的观光层).
 */
function cjkOther(text: AnalyzedText, p: number, words: SubjectWords): boolean {
  const tok = text.tokens[p];
  if (!tok) return false;
  // The nearest topic before the value; は carries over a comma (隣の会館は前川國男が設計し、1961年に開館).
  let end = -1;
  let comma = false;
  for (let k = p - 1; k >= 0 && end < 0; k--) {
    const t = text.tokens[k]!;
    if (t.sentence !== tok.sentence) break;
    comma ||= /[、，,]/u.test(text.norm.text.slice(t.end, text.tokens[k + 1]!.start));
    if (CJK_TOPIC.has(t.text) && (!comma || t.text === 'は')) end = k;
  }
  if (end < 0) return false;
  const phrase: Token[] = [];
  for (let k = end - 1; k >= 0; k--) {
    const t = text.tokens[k]!;
    if (t.sentence !== tok.sentence || /[、，,]/u.test(text.norm.text.slice(t.end, text.tokens[k + 1]!.start))) break;
    phrase.unshift(t);
  }
  const head: Token[] = [];
  for (const t of phrase) {
    if (t.text === 'の' || t.text === '的') head.length = 0;
    else if (!t.stop) head.push(t);
  }
  if (head.length === 0) return false;
  // "El cercano Palacio Postal", "the Gateway Arch Museum": beside the subject, or a name built on its own.
  if (head.some((t) => EN_BESIDE.has(t.text))) return true;
  if (head.some((t, i) => i > 0 && names(head[i - 1]!, words) && !names(t, words) && named(text, t))) return true;
  if (head.some((t) => names(t, words))) return false;
  const partOf = phrase.some((t) => names(t, words));
  return partOf || phrase.some((t) => CJK_BESIDE.test(t.text) || CJK_KIN.test(t.text));
}

/** The value's clause, whose predicate is at `predicate`, is plainly about another thing than the subject. */
export function otherSubject(text: AnalyzedText, predicate: number, words: SubjectWords): boolean {
  const tok = text.tokens[predicate];
  if (!tok) return false;
  if (tok.unspaced) return cjkOther(text, predicate, words);
  return tok.hangul ? koreanOther(text, predicate, words) : englishOther(text, predicate, words);
}
