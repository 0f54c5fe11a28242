/**
 * Words of scripts other than Hangul and plain English: Han and kana (ja, zh) and Thai are
 * written without spaces, so a run of them is cut into words with `Intl.Segmenter`; accented
 * Latin (es, fr, de) is matched without its diacritics; Cyrillic loses its case ending.
 */

const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const THAI = /\p{Script=Thai}/u;
const HAN = /^\p{Script=Han}$/u;
export const CYRILLIC = /\p{Script=Cyrillic}/u;

/** Written without spaces between words: cut with a segmenter, match by substring as a fallback. */
export function isUnspaced(text: string): boolean {
  return UNSPACED.test(text);
}

export interface Piece {
  readonly text: string;
  /** Offset in the run's text. */
  readonly start: number;
}

const segmenters = new Map<string, Intl.Segmenter | null>();
function segmenter(locale: string): Intl.Segmenter | null {
  if (!segmenters.has(locale)) {
    // Every current browser and Node has it; without it each character is a word.
    segmenters.set(
      locale,
      typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(locale, { granularity: 'word' }) : null,
    );
  }
  return segmenters.get(locale) ?? null;
}

/**
 * The words of a run of letters and digits that holds Han, kana or Thai. The segmenter's
 * dictionary does not know most names (埃菲尔铁塔 comes out one character at a time), so
 * consecutive single Han characters that are not function words are joined back into one word.
 */
export function segmentRun(run: string): Piece[] {
  const locale = KANA.test(run) ? 'ja' : THAI.test(run) ? 'th' : 'zh';
  const seg = segmenter(locale);
  const raw: Piece[] = seg
    ? [...seg.segment(run)].filter((s) => s.isWordLike).map((s) => ({ text: s.segment, start: s.index }))
    : [...run].map((ch, i) => ({ text: ch, start: i }));
  const out: Piece[] = [];
  for (const p of raw) {
    const prev = out[out.length - 1];
    const joinable = (x: Piece) => HAN.test(x.text) && !CJK_STOP_WORDS.has(x.text);
    if (prev && joinable(p) && prev.start + prev.text.length === p.start && isJoinedHan(prev, joinable)) {
      out[out.length - 1] = { text: prev.text + p.text, start: prev.start };
    } else out.push(p);
  }
  return out;
}

/** A word built from single Han characters so far (each of its characters joinable). */
function isJoinedHan(p: Piece, joinable: (x: Piece) => boolean): boolean {
  return [...p.text].every((ch) => joinable({ text: ch, start: 0 }));
}

/** Particles, copulas, auxiliaries and rubric verbs of Japanese and Chinese. */
export const CJK_STOP_WORDS: ReadonlySet<string> = new Set(
  `は が を に で と の も へ や から まで より です ます でし まし た だ して し する され さ れ られ ある いる あり い う
  しま した します しました ました でした された されま
  こと もの これ それ あれ この その あの ここ そこ など ほど として について による により において ため
  述べ 述べる 言及 挙げ 挙げる 説明 示す 示し 答え 回答 特定 識別 同定
  的 了 是 在 和 与 及 等 也 都 而 或 于 对 为 被 把 这 那 个 之 其 中 上 下 着 过 地 得 所 以 从 向 将 由 并 还 就 又 很
  提到 说明 指出 列出 描述 回答 识别 認出 认出 包括 包含`.split(/\s+/),
);

/** Negation cues of Japanese (after the verb: 完成しない) and Chinese (before it: 不是, 没有). */
export function cjkNegation(text: string): { negation: boolean; scope: 'left' | 'right' } {
  if (/ない|ません|なかっ|^ず$|ではな|じゃな/u.test(text)) return { negation: true, scope: 'left' };
  if (/^(?:不|没|没有|未|非|无|並非|并非|不是|沒有)/u.test(text)) return { negation: true, scope: 'right' };
  return { negation: false, scope: 'right' };
}

/** Accented Latin without its diacritics, case-folded: é → e, ü → u, ß → ss, œ → oe. */
export function foldLatin(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ø/g, 'o')
    .replace(/ł/g, 'l');
}

/** French and Italian elision in front of a word: l'architecte, d'Eiffel, qu'il. */
export function withoutElision(word: string): string {
  return word.replace(/^(?:l|d|qu|n|s|c|j|m|t)'(?=\p{L}{2})/u, '');
}

/**
 * Russian case and number endings, longest first (a longer one that ends a word is taken, so
 * башнями loses ями, not и): adjective endings of two or three letters (-ого, -ыми, -ая), noun
 * endings of plural cases (-ями, -ах, -ов), and the one-letter endings of the singular (-а, -у, -ю).
 */
export const RU_ENDINGS: readonly string[] = [
  ...'иями ями ами ого его ому ему ыми ими ией ием иях'.split(' '),
  ...'ая яя ое ее ые ие ый ий ой ом ем ах ях ам ям ов ев ую юю ей'.split(' '),
  ...'а я о е ы и у ю ь'.split(' '),
];

/** Russian without one case or number ending (башня, башни, башню → башн). */
export function stemCyrillic(word: string): string {
  for (const e of RU_ENDINGS) if (word.length - e.length >= 3 && word.endsWith(e)) return word.slice(0, -e.length);
  return word;
}

/**
 * Function words of Spanish, French, German and Russian. Words that are content words in
 * English or names are left out (German "war" and "seine", Spanish "son"), since one list serves
 * every language.
 */
export const OTHER_STOP_WORDS: ReadonlySet<string> = new Set(
  `el la los las del y un una unos unas que es por con para se su sus al lo como mas pero fue fueron ha han son esta este
  esa ese muy tambien entre sobre menciona identifica indica describe explica afirma
  le les de des du et en une qui est par pour dans sur au aux avec ce cette ces il elle ils elles sa ses ou mais ete
  sont etait tres aussi mentionne identifie indique decrit explique affirme
  der das den dem des ein eine einen einem einer eines und im zum zur von mit auf fur ist sind wurde wurden worden als
  bei aus nach auch sich oder dass wird werden sein ihr ihre zu am um uber unter vor nennt erwahnt identifiziert
  beschreibt erklart die
  и в во на с со что как а по к у из за от о об для это был была было были является его ее их он она они`.split(/\s+/),
);

/** Negation words of Spanish, French, German and Russian (they precede what they negate). */
export const OTHER_NEGATIONS: ReadonlySet<string> = new Set(
  `no nunca sin ni jamas ne pas jamais sans aucun aucune nicht kein keine keinen keinem keiner keines nie niemals ohne
  не нет без никогда ни`.split(/\s+/),
);
