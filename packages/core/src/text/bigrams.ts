/**
 * Overlapping character bigrams of a run of Hangul, Han or kana, as Lucene's CJK bigram filter
 * makes them: 담당자를 → 담당 당자 자를, so that 담당자를 and 담당자는 share 담당 and 당자 although
 * their particles differ. A lone syllable stays a unigram (내, 분).
 */
export function bigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length === 1) return [run];
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
  return out;
}
