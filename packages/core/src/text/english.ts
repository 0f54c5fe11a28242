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

/**
 * Irregular past forms and participles with their verb: drove and driven are drive, built is
 * build. Forms that are also common nouns or other words (found, left, saw, rose, felt, led, shot,
 * bit, lay, lit, born) are left out.
 */
const IRREGULAR_GROUPS: readonly (readonly [string, string])[] = [
  ['become', 'became'],
  ['begin', 'began begun'],
  ['break', 'broken'],
  ['bring', 'brought'],
  ['build', 'built'],
  ['rebuild', 'rebuilt'],
  ['buy', 'bought'],
  ['catch', 'caught'],
  ['choose', 'chose chosen'],
  ['come', 'came'],
  ['draw', 'drew drawn'],
  ['drive', 'drove driven'],
  ['eat', 'ate eaten'],
  ['fall', 'fell fallen'],
  ['fight', 'fought'],
  ['fly', 'flew flown'],
  ['freeze', 'froze frozen'],
  ['give', 'gave given'],
  ['go', 'went gone'],
  ['grow', 'grew grown'],
  ['hang', 'hung'],
  ['hear', 'heard'],
  ['hide', 'hid hidden'],
  ['hold', 'held'],
  ['keep', 'kept'],
  ['know', 'knew known'],
  ['lose', 'lost'],
  ['make', 'made'],
  ['meet', 'met'],
  ['pay', 'paid'],
  ['ride', 'rode ridden'],
  ['rise', 'risen'],
  ['run', 'ran'],
  ['say', 'said'],
  ['sell', 'sold'],
  ['send', 'sent'],
  ['shake', 'shook shaken'],
  ['sing', 'sang sung'],
  ['sink', 'sank sunk'],
  ['speak', 'spoke spoken'],
  ['spend', 'spent'],
  ['stand', 'stood'],
  ['steal', 'stole stolen'],
  ['strike', 'struck'],
  ['swim', 'swam swum'],
  ['take', 'took taken'],
  ['teach', 'taught'],
  ['tell', 'told'],
  ['think', 'thought'],
  ['throw', 'threw thrown'],
  ['wear', 'wore worn'],
  ['weave', 'wove woven'],
  ['win', 'won'],
  ['withdraw', 'withdrew withdrawn'],
  ['write', 'wrote written'],
];
export const EN_IRREGULAR: ReadonlyMap<string, string> = new Map(
  IRREGULAR_GROUPS.flatMap(([verb, forms]) => forms.split(' ').map((f) => [f, verb] as const)),
);

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
