/**
 * Spanish, French and German number words: `dos mil quinientos`, `doscientos`, `trois cents`,
 * `quatre-vingt-dix`, `zweihundert`, `fünfundzwanzig`. Read only before a unit (in quantities.ts):
 * alone, `un`, `une`, `ein` are articles and `once`, `elf`, `neuf` other words.
 */

/** Words that add their value to the section being read. */
const ADD: Readonly<Record<string, number>> = {
  // Spanish
  un: 1,
  uno: 1,
  una: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
  trece: 13,
  catorce: 14,
  quince: 15,
  dieciséis: 16,
  diecisiete: 17,
  dieciocho: 18,
  diecinueve: 19,
  veinte: 20,
  veintiuno: 21,
  veintiún: 21,
  veintidós: 22,
  veintitrés: 23,
  veinticuatro: 24,
  veinticinco: 25,
  veintiséis: 26,
  veintisiete: 27,
  veintiocho: 28,
  veintinueve: 29,
  treinta: 30,
  cuarenta: 40,
  cincuenta: 50,
  sesenta: 60,
  setenta: 70,
  ochenta: 80,
  noventa: 90,
  cien: 100,
  ciento: 100,
  doscientos: 200,
  doscientas: 200,
  trescientos: 300,
  trescientas: 300,
  cuatrocientos: 400,
  cuatrocientas: 400,
  quinientos: 500,
  quinientas: 500,
  seiscientos: 600,
  seiscientas: 600,
  setecientos: 700,
  setecientas: 700,
  ochocientos: 800,
  ochocientas: 800,
  novecientos: 900,
  novecientas: 900,
  // French
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  onze: 11,
  douze: 12,
  treize: 13,
  quatorze: 14,
  quinze: 15,
  seize: 16,
  vingt: 20,
  vingts: 20,
  trente: 30,
  quarante: 40,
  cinquante: 50,
  soixante: 60,
  // German
  ein: 1,
  eine: 1,
  eins: 1,
  einen: 1,
  einer: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  elf: 11,
  zwölf: 12,
  dreizehn: 13,
  vierzehn: 14,
  fünfzehn: 15,
  sechzehn: 16,
  siebzehn: 17,
  achtzehn: 18,
  neunzehn: 19,
  zwanzig: 20,
  dreißig: 30,
  vierzig: 40,
  fünfzig: 50,
  sechzig: 60,
  siebzig: 70,
  achtzig: 80,
  neunzig: 90,
};

/** Words that multiply the section before them by a hundred: `trois cents`, `zweihundert`. */
const HUNDREDS = new Set(['cent', 'cents', 'hundert']);
/** Words that close a section: `dos mil`, `deux mille`, `zweitausend`, `drei millionen`. */
const SCALES: Readonly<Record<string, number>> = {
  mil: 1e3,
  mille: 1e3,
  tausend: 1e3,
  millón: 1e6,
  millones: 1e6,
  million: 1e6,
  millions: 1e6,
  millionen: 1e6,
  millonen: 1e6,
};
/** Joiners: `treinta y dos`, `vingt et un`, `fünfundzwanzig`. */
const JOINERS = new Set(['y', 'et', 'und']);

const byLength = (words: Iterable<string>) => [...words].sort((a, b) => b.length - a.length);
const MORPHEMES = byLength([...Object.keys(ADD), ...HUNDREDS, ...Object.keys(SCALES), ...JOINERS]);
/** One number word, German compounds included (`zweitausendfünfhundert` is one word of five parts). */
const GERMAN_PARTS = byLength([
  ...Object.keys(ADD).filter((w) => /[äöüß]|zehn|zig|^(?:ein|eins|zwei|drei|vier|sechs|sieben|acht|neun|elf)$/.test(w)),
  'hundert',
  'tausend',
  'und',
]);
const GERMAN_COMPOUND = `(?:${GERMAN_PARTS.join('|')}){2,}`;
const ONE_WORD = `(?:${GERMAN_COMPOUND}|${MORPHEMES.filter((w) => !JOINERS.has(w)).join('|')})`;
/** A run of number words with joiners between: `dos mil quinientos`, `quatre-vingt-dix`, `vingt et un`. */
export const EU_NUMBER = `${ONE_WORD}(?:(?:[\\s-]+(?:y|et|und))?[\\s-]+${ONE_WORD})*`;

const PART = new RegExp(MORPHEMES.join('|'), 'g');

/** `dos mil quinientos` → 2500, `quatre-vingt-dix` → 90, `zweihundertfünfzig` → 250; undefined when unread. */
export function parseEuropeanNumber(s: string): number | undefined {
  let total = 0;
  let section = 0;
  let last = '';
  let read = false;
  for (const part of s.toLowerCase().match(PART) ?? []) {
    const add = ADD[part];
    const scale = SCALES[part];
    if (add !== undefined) {
      // quatre-vingt: four twenties.
      section = (part === 'vingt' || part === 'vingts') && last === 'quatre' ? section - 4 + 80 : section + add;
      read = true;
    } else if (HUNDREDS.has(part)) {
      section = (section || 1) * 100;
      read = true;
    } else if (scale !== undefined) {
      total += (section || 1) * scale;
      section = 0;
      read = true;
    }
    last = part;
  }
  return read ? total + section : undefined;
}
