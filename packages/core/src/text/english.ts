/**
 * Light English stemming: enough to make `designed`, `designs` and
 * `designing` meet, and applied to both check and answer, so a stem only has
 * to be consistent, not a real word. Each guard keeps a word that only looks inflected.
 */
export function stemEnglish(word: string): string {
  // Possessives: Eiffel's is Eiffel.
  let w = word.replace(/'s$/, '').replace(/'$/, '');
  // Three letters or fewer are left alone: bus, has, was, red, ice.
  if (w.length <= 3) return w;
  // policies → policy; not ties → ty (four letters).
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  // boxes, watches, wishes, classes, buzzes lose -es, not only -s (box, not boxe).
  else if (/(?:ss|sh|ch|x|z)es$/.test(w)) w = w.slice(0, -2);
  // A final s is a plural unless it ends class, status or analysis.
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  // running → run, but a stem of three letters at least: sing, bring and thing stay.
  if (w.endsWith('ing') && w.length >= 6) w = undouble(w.slice(0, -3));
  // applied → apply, as applies → apply; not died → dy.
  else if (w.endsWith('ied') && w.length > 4) w = `${w.slice(0, -3)}y`;
  // paged → pag (as paging); not red or shed.
  else if (w.endsWith('ed') && w.length >= 5) w = undouble(w.slice(0, -2));
  // quickly → quick; not only, early or apply (five letters or fewer).
  if (w.endsWith('ly') && w.length >= 6) w = w.slice(0, -2);
  // notice → notic, so that it meets noticed and notices; not the or ice.
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

/** stopped → stop, running → run; but call, miss and buzz keep their double letter. */
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
