import { type NormalizedText, normalizeWithOffsets } from './normalize.js';
import { type LocatedQuantity, locateQuantities } from './quantities.js';
import { isUnspaced, segmentRun } from './scripts.js';
import { TOKEN_AHEAD, type Token, wordKind } from './token.js';

export type { Token } from './token.js';

/** A text analysed once and matched against many checks (an answer is judged on every check of its rubric). */
export interface AnalyzedText {
  readonly original: string;
  readonly norm: NormalizedText;
  readonly tokens: readonly Token[];
  readonly quantities: readonly LocatedQuantity[];
  /** Sentence spans in the original text, by sentence number. */
  readonly sentences: ReadonlyArray<{ start: number; end: number }>;
  readonly formIndex: ReadonlyMap<string, readonly number[]>;
}

const TOKEN = /[\p{L}\p{N}]+(?:(?<=\p{Script=Latin})'\p{Script=Latin}+)*/gu;
// A full stop ends a sentence only before a space or the end, so 2.3 and 1.5 stay whole, and
// not after a title or a Latin abbreviation that comes before a name or a phrase ("St. Louis",
// "Dr. Kim", "e.g. the arch"): such a stop would cut the subject from what is said of it.
// Japanese and Chinese end sentences without a space after the mark.
const SENTENCE_END =
  /(?:(?<!(?<![\p{L}\p{N}])(?:st|mt|mr|mrs|dr|prof|gen|col|capt|lt|sgt|rev|hon|vs|e\.g|i\.e|cf|approx|ca))[.!?;]+(?=\s|$)|[。！？]+|(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[!?;]+|\n)\s*/gu;

/** Parenthesis depth at each position of the text. */
function parenDepths(t: string): number[] {
  const out: number[] = [];
  let d = 0;
  for (const ch of t) {
    if (ch === '(' || ch === '[') d++;
    out.push(d);
    if ((ch === ')' || ch === ']') && d > 0) d--;
  }
  return out;
}

export function analyzeText(original: string): AnalyzedText {
  const norm = normalizeWithOffsets(original);
  const t = norm.text;
  const quantities = locateQuantities(norm, original);
  const ends: number[] = [];
  SENTENCE_END.lastIndex = 0;
  for (let m = SENTENCE_END.exec(t); m; m = SENTENCE_END.exec(t)) ends.push(m.index + m[0].length);
  // Tokens come in text order, so the sentence counter only moves forward.
  let sentenceCursor = 0;
  const sentenceOf = (pos: number) => {
    while (sentenceCursor < ends.length && (ends[sentenceCursor] ?? 0) <= pos) sentenceCursor++;
    return sentenceCursor;
  };
  const toOriginal = (i: number) => norm.offsets[Math.min(i, norm.offsets.length - 1)] ?? original.length;
  const bounds = [0, ...ends, t.length];
  const sentences = bounds
    .slice(0, -1)
    .map((s, i) => ({ start: toOriginal(s), end: toOriginal(bounds[i + 1] ?? t.length) }));

  const tokens: Token[] = [];
  const formIndex = new Map<string, number[]>();
  const depth = parenDepths(t);
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(t); m; m = TOKEN.exec(t)) {
    const pieces = isUnspaced(m[0]) ? segmentRun(m[0]) : [{ text: m[0], start: 0 }];
    for (const piece of pieces) {
      const text = piece.text;
      const start = m.index + piece.start;
      const end = start + text.length;
      const token: Token = {
        text,
        start,
        end,
        index: tokens.length,
        sentence: sentenceOf(start),
        ...wordKind(text, TOKEN_AHEAD.exec(t.slice(end))?.[1] ?? ''),
        // "several hours" stays words too: a vague value is no exact one to take them for.
        inQuantity: quantities.some((q) => !q.quantity.vague && start < q.normEnd && end > q.normStart),
        paren: (depth[start] ?? 0) > 0,
      };
      tokens.push(token);
      for (const f of token.forms) {
        const list = formIndex.get(f);
        if (list) list.push(token.index);
        else formIndex.set(f, [token.index]);
      }
    }
  }
  return { original, norm, tokens, quantities, sentences, formIndex };
}
