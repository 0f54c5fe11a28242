/** A span of a document's text: [start, end) in UTF-16 code units. */
export interface Span {
  start: number;
  end: number;
}

/**
 * The passages BM25 ranks: paragraphs (split at blank lines), short neighbours joined up to
 * about `maxChars`, so a hit's excerpt is a readable piece of the document rather than a line.
 */
export function passagesOf(text: string, maxChars = 600): Span[] {
  const out: Span[] = [];
  const add = (from: number, to: number) => {
    let start = from;
    let end = to;
    while (start < end && /\s/.test(text[start] as string)) start++;
    while (end > start && /\s/.test(text[end - 1] as string)) end--;
    if (start === end) return;
    const last = out.at(-1);
    if (last && end - last.start <= maxChars) last.end = end;
    else out.push({ start, end });
  };
  let from = 0;
  for (const m of text.matchAll(/\n[ \t]*\n/g)) {
    add(from, m.index);
    from = m.index + m[0].length;
  }
  add(from, text.length);
  return out;
}
