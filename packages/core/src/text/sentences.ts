/**
 * The sentence splitter of pages and answers: the Unicode sentence rules of `Intl.Segmenter`
 * (the Korean locale's, which split English as well), so that "e.g." and "v2.5.1" stay whole and
 * 。 ends a sentence with no space after it. (The check judge cuts its normalised text into
 * clauses instead, at `;` as well: see `analyzeText`.)
 */
let segmenter: Intl.Segmenter | undefined;

/** Offsets of the sentences of `text` (trimmed, never empty), relative to `text`. */
export function sentenceSpans(text: string): Array<{ start: number; end: number }> {
  segmenter ??= new Intl.Segmenter('ko', { granularity: 'sentence' });
  const out: Array<{ start: number; end: number }> = [];
  for (const seg of segmenter.segment(text)) {
    let s = seg.index;
    let e = seg.index + seg.segment.length;
    while (s < e && /\s/.test(text[s] ?? '')) s++;
    while (e > s && /\s/.test(text[e - 1] ?? '')) e--;
    if (e > s) out.push({ start: s, end: e });
  }
  return out;
}

/** The sentences of `text` as strings (trimmed, never empty). */
export function splitSentences(text: string): string[] {
  return sentenceSpans(text).map((s) => text.slice(s.start, s.end));
}
