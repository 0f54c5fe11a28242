/**
 * Ranks: "the tallest building" is denied by "the second-tallest building", "the first bridge"
 * by "the third bridge", 가장 높은 건물 by 두 번째로 높은 건물. A rank is a superlative or an
 * ordinal with the word it ranks; the same word at another rank contradicts the check. "One of
 * the tallest" gives no rank, so it says less rather than something else.
 */
import type { AnalyzedText } from '../../text/analyze-text.js';
import { KO_TOPIC_ENDING } from '../../text/korean.js';
import { termKey } from './find-term.js';

const SUPERLATIVES = new Set(
  'tallest highest largest biggest longest oldest deepest smallest widest fastest heaviest busiest greatest earliest latest nearest farthest furthest fewest lowest shortest youngest newest richest strongest hottest coldest driest wettest best worst most least'.split(
    ' ',
  ),
);
const EN_ORDINALS = new Map(
  Object.entries({
    first: 1,
    second: 2,
    third: 3,
    fourth: 4,
    fifth: 5,
    sixth: 6,
    '1st': 1,
    '2nd': 2,
    '3rd': 3,
    '4th': 4,
    '5th': 5,
  }),
);
const KO_NUMBERS = new Map(Object.entries({ 첫: 1, 두: 2, 세: 3, 네: 4, 다섯: 5, 여섯: 6 }));
const KO_NTH = new Map(Object.entries({ 첫째: 1, 둘째: 2, 셋째: 3, 넷째: 4, 다섯째: 5 }));

export interface Rank {
  /** The word ranked: the superlative, the noun after an ordinal, or the Korean adjective's stem. */
  readonly head: string;
  readonly rank: number;
  readonly sentence: number;
  /** The phrase's first and last token. */
  readonly from: number;
  readonly to: number;
}

/** "one of the tallest": the superlative at `k` ranks nothing. */
const oneOfBefore = (text: AnalyzedText, k: number) =>
  text.tokens[k - 3]?.text === 'one' && text.tokens[k - 2]?.text === 'of';

function englishRanks(text: AnalyzedText): Rank[] {
  const out: Rank[] = [];
  for (const [i, t] of text.tokens.entries()) {
    if (t.hangul) continue;
    const prev = text.tokens[i - 1];
    const ordinalBefore = prev?.sentence === t.sentence ? EN_ORDINALS.get(prev.text) : undefined;
    if (SUPERLATIVES.has(t.text)) {
      // "the most visited" and "the most popular" rank different things.
      const graded = t.text === 'most' || t.text === 'least';
      const next = text.tokens[i + 1];
      if (!oneOfBefore(text, i))
        out.push({
          head: graded && next?.sentence === t.sentence ? `${t.text} ${next.text}` : t.text,
          rank: ordinalBefore ?? 1,
          sentence: t.sentence,
          from: ordinalBefore ? i - 1 : i,
          to: graded ? i + 1 : i,
        });
      continue;
    }
    const ordinal = EN_ORDINALS.get(t.text);
    const next = text.tokens[i + 1];
    if (
      ordinal &&
      next &&
      next.sentence === t.sentence &&
      !next.stop &&
      !next.inQuantity &&
      !SUPERLATIVES.has(next.text)
    )
      out.push({ head: termKey(next), rank: ordinal, sentence: t.sentence, from: i, to: i + 1 });
  }
  return out;
}

/** 가장 높은, 두 번째로 높은, 둘째로 큰: the rank of the adjective after it. */
function koreanRanks(text: AnalyzedText): Rank[] {
  const out: Rank[] = [];
  for (const [i, t] of text.tokens.entries()) {
    if (!t.hangul) continue;
    let rank: number | undefined;
    let from = i;
    if (t.text === '가장' || t.text === '제일') rank = 1;
    else if (/^(?:\d+\s*)?번째로?$/u.test(t.text)) {
      const digits = /^(\d+)/u.exec(t.text)?.[1];
      const before = text.tokens[i - 1];
      rank = digits ? Number(digits) : before?.sentence === t.sentence ? KO_NUMBERS.get(before.text) : undefined;
      if (!digits) from = i - 1;
    } else rank = KO_NTH.get(t.text.replace(/로$/u, ''));
    const next = text.tokens[i + 1];
    if (rank && next?.hangul && next.sentence === t.sentence)
      out.push({ head: termKey(next), rank, sentence: t.sentence, from, to: i + 1 });
  }
  return out;
}

export const ranksOf = (text: AnalyzedText): Rank[] => [...englishRanks(text), ...koreanRanks(text)];

const EN_VERB_AFTER_SUBJECT = new Set('is are was were has have had stands rises opened measures'.split(' '));

/**
 * The rank names which part the claim is about, as the sentence's subject: "The first platform
 * is 57 metres high", 두 번째 층은 …. Another part at another rank is another claim, not a denial.
 */
function namesPart(text: AnalyzedText, r: Rank): boolean {
  const last = text.tokens[r.to];
  if (!last) return false;
  if (last.hangul) return KO_TOPIC_ENDING.test(last.text) && !/^(?:가장|제일)$/u.test(text.tokens[r.from]?.text ?? '');
  const next = text.tokens[r.to + 1];
  if (next?.sentence === last.sentence && EN_VERB_AFTER_SUBJECT.has(next.text)) return true;
  // "The first Great Bell, cast in 1856, cracked": the rank opens the sentence, after an article at most.
  const before = text.tokens.filter((t) => t.sentence === last.sentence && t.index < r.from);
  return before.every((t) => EN_ARTICLES.has(t.text));
}
const EN_ARTICLES = new Set(['the', 'a', 'an', 'its', 'their']);

/**
 * The check's rank given another in an answer sentence about the subject (`about`), with the
 * check's own rank of that word stated nowhere.
 */
export function rankConflict(
  check: AnalyzedText,
  answer: AnalyzedText,
  about: ReadonlySet<number>,
): { expected: Rank; stated: Rank } | null {
  const stated = ranksOf(answer);
  for (const expected of ranksOf(check)) {
    if (namesPart(check, expected)) continue;
    const same = stated.filter((r) => r.head === expected.head);
    if (same.some((r) => r.rank === expected.rank)) continue;
    const other = same.find((r) => about.has(r.sentence));
    if (other) return { expected, stated: other };
  }
  return null;
}

/** "one of the tallest" for "the tallest": the answer says the check's superlative only as one of several. */
export function weakenedRank(check: AnalyzedText, answer: AnalyzedText): string | null {
  const stated = ranksOf(answer);
  for (const expected of ranksOf(check)) {
    if (expected.rank !== 1 || !SUPERLATIVES.has(expected.head) || stated.some((r) => r.head === expected.head))
      continue;
    if (answer.tokens.some((t, k) => t.text === expected.head && oneOfBefore(answer, k)))
      return `one of the ${expected.head}`;
  }
  return null;
}
