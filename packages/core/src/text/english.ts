/**
 * Light English stemming: enough to make `designed`, `designs` and
 * `designing` meet, and applied to both check and answer, so a stem only has
 * to be consistent, not a real word.
 */
export function stemEnglish(word: string): string {
  let w = word.replace(/'s$/, '').replace(/'$/, '');
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(?:ss|sh|ch|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length >= 6) w = undouble(w.slice(0, -3));
  else if (w.endsWith('ied') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('ed') && w.length >= 5) w = undouble(w.slice(0, -2));
  if (w.endsWith('ly') && w.length >= 6) w = w.slice(0, -2);
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

function undouble(w: string): string {
  return /([b-df-hj-np-rtv-z])\1$/.test(w) && !/(?:ll|ss|zz)$/.test(w) ? w.slice(0, -1) : w;
}

/** Words that turn a statement into its negation when they sit next to its key terms. */
export const EN_NEGATIONS: ReadonlySet<string> = new Set([
  'not',
  'no',
  'never',
  'neither',
  'nor',
  'without',
  'cannot',
  "isn't",
  "wasn't",
  "aren't",
  "weren't",
  "doesn't",
  "don't",
  "didn't",
  "hasn't",
  "haven't",
  "hadn't",
  "won't",
  "wouldn't",
  "can't",
  "couldn't",
  "shouldn't",
]);
