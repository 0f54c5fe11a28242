/** Where a passage was found in a text: [start, end), and whether it matched character for character. */
export interface TextMatch {
  start: number;
  end: number;
  exact: boolean;
}

/**
 * Finds `passage` in `text`: exactly if it is there (the occurrence nearest `near` when there are
 * several), else ignoring differences of spacing, case, curly quotes and dashes, as a model quoting
 * a page tends to make; the offsets are always into `text`, so `text.slice(start, end)` is
 * the document's own wording. Undefined when it is not there at all.
 */
export function locateText(text: string, passage: string, near = 0): TextMatch | undefined {
  const exact = nearestOccurrence(text, passage, near);
  if (exact !== undefined) return { start: exact, end: exact + passage.length, exact: true };
  const needle = folded(passage.trim()).text.trim();
  if (needle === '') return undefined;
  const hay = folded(text);
  const sourceNear = hay.starts.findIndex((s) => s >= near);
  const at = nearestOccurrence(hay.text, needle, sourceNear < 0 ? hay.text.length : sourceNear);
  if (at === undefined) return undefined;
  return { start: hay.starts[at] as number, end: hay.ends[at + needle.length - 1] as number, exact: false };
}

function nearestOccurrence(text: string, passage: string, near: number): number | undefined {
  if (passage === '') return undefined;
  let best: number | undefined;
  for (let i = text.indexOf(passage); i >= 0; i = text.indexOf(passage, i + 1)) {
    if (best === undefined || Math.abs(i - near) < Math.abs(best - near)) best = i;
    if (i > near) break;
  }
  return best;
}

const FOLD: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
};

/**
 * A text with spacing runs made one space, lower case, and quotes and dashes made plain, with,
 * for each code unit of the result, where its source character starts and ends in the original.
 */
function folded(text: string): { text: string; starts: number[]; ends: number[] } {
  let out = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let i = 0;
  for (const ch of text) {
    const end = i + ch.length;
    if (/\s/.test(ch)) {
      if (out.endsWith(' ')) ends[ends.length - 1] = end;
      else {
        out += ' ';
        starts.push(i);
        ends.push(end);
      }
    } else {
      const f = FOLD[ch] ?? ch.toLowerCase();
      for (let k = 0; k < f.length; k++) {
        starts.push(i);
        ends.push(end);
      }
      out += f;
    }
    i = end;
  }
  return { text: out, starts, ends };
}
