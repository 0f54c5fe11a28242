/** A run of text, and which quotes (by index) cover it. */
export interface TextSegment {
  text: string;
  marks: number[];
}

interface Span {
  start: number;
  end: number;
  mark: number;
}

/**
 * Where a quote sits in a text: exact first, then ignoring case and runs of
 * whitespace (judges often re-flow a quote). Returns [start, end) or null.
 */
export function locateQuote(text: string, quote: string): [number, number] | null {
  const q = quote.trim();
  if (q.length === 0) return null;
  const exact = text.indexOf(q);
  if (exact >= 0) return [exact, exact + q.length];
  // Normalised search with a map back to original offsets.
  const map: number[] = [];
  let norm = '';
  let lastSpace = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (/\s/.test(ch)) {
      if (lastSpace) continue;
      lastSpace = true;
      norm += ' ';
    } else {
      lastSpace = false;
      norm += ch.toLowerCase();
    }
    map.push(i);
  }
  const nq = q.replace(/\s+/g, ' ').toLowerCase();
  const at = norm.indexOf(nq);
  if (at < 0) return null;
  const start = map[at] as number;
  const end = (map[at + nq.length - 1] as number) + 1;
  return [start, end];
}

/**
 * Splits a text into segments so each quote can be highlighted by wrapping
 * segments in elements, without ever treating the text as markup. Quotes that
 * are not found are ignored; overlapping quotes give segments with several marks.
 */
export function highlightSegments(
  text: string,
  quotes: ReadonlyArray<readonly [number, number] | string | null | undefined>,
): TextSegment[] {
  const spans: Span[] = [];
  quotes.forEach((q, mark) => {
    if (!q) return;
    const at = typeof q === 'string' ? locateQuote(text, q) : q[0] < q[1] && q[1] <= text.length ? q : null;
    if (at) spans.push({ start: at[0], end: at[1], mark });
  });
  const cuts = new Set<number>([0, text.length]);
  for (const s of spans) {
    cuts.add(s.start);
    cuts.add(s.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const out: TextSegment[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i] as number;
    const b = points[i + 1] as number;
    if (b <= a) continue;
    const marks = spans.filter((s) => s.start <= a && s.end >= b).map((s) => s.mark);
    const prev = out[out.length - 1];
    if (prev && sameMarks(prev.marks, marks)) prev.text += text.slice(a, b);
    else out.push({ text: text.slice(a, b), marks });
  }
  return out;
}

function sameMarks(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
